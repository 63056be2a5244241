import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/terminal/child-environment.js';
import { systemOpener } from '../../src/terminal/opener.js';

/** Processes we start (the browser opener above all) get our environment without our secrets. */

const SECRET = 'sentinel-access-token-5f3a9c';
const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe('the environment of a child process', () => {
  it('drops our token, session, password and key variables and keeps the rest', () => {
    const env = childEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/a',
      DISPLAY: ':0',
      MARQUEE_TOKEN: SECRET,
      MARQUEE_SESSION_ID: 's',
      MARQUEE_GUEST_SESSION_ID: 'g',
      MARQUEE_DEMO_PASSWORD: 'p',
      MARQUEE_API_KEY: 'k',
      MARQUEE_BASE_URL: 'http://127.0.0.1:4780',
      MARQUEE_REGION: 'DE',
      UNSET: undefined,
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/a', DISPLAY: ':0', MARQUEE_BASE_URL: 'http://127.0.0.1:4780', MARQUEE_REGION: 'DE' });
  });

  it('the browser opener starts its program without MARQUEE_TOKEN', async () => {
    process.env.MARQUEE_TOKEN = SECRET;
    process.env.MARQUEE_SESSION_ID = `${SECRET}-session`;
    const dir = mkdtempSync(join(tmpdir(), 'marquee-child-env-'));
    const seen = join(dir, 'env.json');
    try {
      const child = systemOpener().spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.env))`]);
      await new Promise((resolve) => child.on('exit', resolve));
      expect(existsSync(seen)).toBe(true);
      const written = readFileSync(seen, 'utf8');
      expect(written).not.toContain(SECRET);
      const env = JSON.parse(written) as Record<string, string>;
      expect(env.MARQUEE_TOKEN).toBeUndefined();
      expect(env.MARQUEE_SESSION_ID).toBeUndefined();
      // The rest is there: a browser needs PATH, HOME, DISPLAY and the like.
      expect(env.PATH).toBe(process.env.PATH);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
