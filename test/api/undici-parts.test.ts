import undici from 'undici';
import { describe, expect, it } from 'vitest';
import { loadUndici } from '../../src/api/transport.js';

/**
 * The HTTP transport loads two of undici's own modules rather than its index (transport.ts): they
 * must be the very objects the index exports, or a newer undici has moved them and the transport
 * would be built on something else.
 */
describe("undici's parts the transport loads", () => {
  it('are the Pool and the errors the package exports', async () => {
    const parts = await loadUndici();
    expect(parts.Pool).toBe(undici.Pool);
    expect(parts.errors).toBe(undici.errors);
    expect(new parts.errors.RequestAbortedError()).toBeInstanceOf(undici.errors.UndiciError);
  });
});
