/**
 * The environment a process we start (the browser opener, or any other helper) gets: ours
 * without our secrets. A browser and whatever it starts would otherwise inherit the access
 * token, and anything they log or crash-report could carry it.
 */

/** Our variables that hold a secret: the access token, and any session, password or key we are given. */
const SECRET_VARIABLE = /^MARQUEE_.*(TOKEN|SESSION|PASSWORD|SECRET|KEY)/i;

export function childEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !SECRET_VARIABLE.test(name)) clean[name] = value;
  }
  return clean;
}
