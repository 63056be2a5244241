import { describe, expect, it } from 'vitest';
import { loggablePath } from '../../src/server/app.js';

describe('request log paths', () => {
  it('drop the query string, where api_key and session ids travel', () => {
    expect(loggablePath('/3/list?session_id=abc&api_key=def')).toBe('/3/list');
  });

  it('hide the request token of the approval page', () => {
    const token = 'a'.repeat(40);
    expect(loggablePath(`/authenticate/${token}`)).toBe('/authenticate/[request token]');
    expect(loggablePath(`/authenticate/${token}/allow`)).toBe('/authenticate/[request token]/allow');
    // Every form the router accepts: repeated and trailing slashes, encoded letters, any case.
    for (const form of [`//authenticate/${token}`, `/authenticate//${token}`, `///authenticate/${token}/`, `/%61uthenticate/${token}`, `/AUTHENTICATE/${token}`, `/authenticate/${token}#x`]) {
      expect(loggablePath(form), form).not.toContain(token);
    }
  });
});
