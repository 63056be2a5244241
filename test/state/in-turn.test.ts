import { describe, expect, it } from 'vitest';
import { inTurn } from '../../src/state/concurrency/in-turn.js';

/** A promise and the function that settles it, for writes the test finishes when it says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('writes in turn', () => {
  it('starts each write after the one before is done, in the order asked, busy from the first to the last', async () => {
    const busy: boolean[] = [];
    const send = inTurn((underWay) => busy.push(underWay));
    const started: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const a = send(() => (started.push('a'), first.promise));
    const b = send(() => (started.push('b'), second.promise));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(busy).toEqual([true]);
    first.resolve('A');
    expect(await a).toBe('A');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(busy).toEqual([true]);
    second.resolve('B');
    expect(await b).toBe('B');
    await Promise.resolve();
    expect(busy).toEqual([true, false]);
  });

  it('goes on with the next write when one fails, and the failure reaches its caller', async () => {
    const busy: boolean[] = [];
    const send = inTurn((underWay) => busy.push(underWay));
    const failing = send(() => Promise.reject(new Error('refused')));
    const next = send(() => Promise.resolve('sent'));
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('sent');
    await Promise.resolve();
    expect(busy).toEqual([true, false]);
  });
});
