import { join } from 'node:path';

/**
 * The environment a person's terminal would give a program started under a pseudo-terminal, with
 * its config and data under `home`: no CI (Ink draws nothing until exit under CI=true), no
 * MARQUEE_* settings (they would point the program elsewhere), no colour overrides. Shared by the
 * end-to-end harness and the bench, so both start the program the same way.
 */
export function terminalEnv(home, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'CI' || key.startsWith('MARQUEE_') || key === 'NO_COLOR' || key === 'FORCE_COLOR') continue;
    env[key] = value;
  }
  return {
    ...env,
    TERM: 'xterm-256color',
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    ...extra,
  };
}
