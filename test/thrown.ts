/**
 * The error of kind `kind` that `act` throws, for a test to read its fields; any other error
 * is thrown on, and an act that does not throw fails the test.
 */
export function thrownBy<E extends Error>(kind: abstract new (...args: never[]) => E, act: () => unknown, what = 'it to be refused'): E {
  try {
    act();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected ${what}`);
}
