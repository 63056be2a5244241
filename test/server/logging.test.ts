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

  it("hide the guest session a guest's rated lists name in the path", () => {
    const guest = 'b'.repeat(32);
    expect(loggablePath(`/3/guest_session/${guest}/rated/movies?language=en`)).toBe('/3/guest_session/[guest session]/rated/movies');
    for (const form of [`//3/guest_session/${guest}/rated/tv`, `/3//guest_session/${guest}/rated/tv/episodes`, `/3/GUEST_SESSION/${guest}/rated/tv`, `/3/guest%5Fsession/${guest}`]) {
      expect(loggablePath(form), form).not.toContain(guest);
    }
    // Creating a guest session is logged as it is.
    expect(loggablePath('/3/authentication/guest_session/new')).toBe('/3/authentication/guest_session/new');
  });
});
