import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { ConfigFileError, resolveSettings } from '../../src/config/settings.js';
import * as secrets from '../../src/server/userdata/secrets.js';
import { UserStore } from '../../src/server/userdata/store.js';

/**
 * Item: secrets. A malformed config file never shows part of the token in its error; a config
 * file others can read gets a warning; an unknown user name costs the same password check as a
 * known one. (Log redaction of every approval path form: test/server/logging.test.ts and
 * secrets.test.ts.)
 */

vi.mock('../../src/server/userdata/secrets.js', async (original) => {
  const actual = await original<typeof import('../../src/server/userdata/secrets.js')>();
  return { ...actual, passwordMatches: vi.fn(actual.passwordMatches) };
});

const TOKEN = 'TOKENFRAGMENT-9f8e7d6c5b4a';
let home: string;
let n = 0;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-config-secrets-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function configWith(text: string, mode = 0o600) {
  const configHome = join(home, `config-${++n}`);
  mkdirSync(join(configHome, 'marquee'), { recursive: true });
  const path = join(configHome, 'marquee', 'config.json');
  writeFileSync(path, text);
  chmodSync(path, mode);
  return { env: { XDG_CONFIG_HOME: configHome, MARQUEE_DATA_DIR: join(home, 'data') }, path };
}

describe('the config file', () => {
  it.each([
    ['an unquoted token', `{"token": ${TOKEN}}`],
    ['a token missing its closing quote', `{"token": "${TOKEN}}`],
    ['a stray value after the token', `{"token": "${TOKEN}" "base_url": 1}`],
    ['a token cut in the middle', `{"token": "${TOKEN}`],
  ])('with %s: the error names the file and what to do, and shows no part of the token', async (_what, text) => {
    const { env, path } = configWith(text);
    let error: unknown;
    try {
      await resolveSettings({}, env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigFileError);
    const message = (error as Error).message;
    expect(message).toContain(`${path} is not valid JSON`);
    expect(message).toContain('fix it or remove it');
    for (let i = 0; i + 4 <= TOKEN.length; i++) expect(message).not.toContain(TOKEN.slice(i, i + 4));
  });

  it('readable by others: marquee api warns, naming the file and the fix', async () => {
    const { env, path } = configWith(JSON.stringify({ token: TOKEN, base_url: 'http://127.0.0.1:9' }), 0o644);
    let stderr = '';
    await runApiCommand(['/3/configuration', '--timeout', '200'], { env, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) }, retry: { maxRetries: 0 } });
    expect(stderr).toContain(`marquee api: warning: ${path} can be read by other users (mode 644) and may hold your token: chmod 600 ${path}`);
    expect(stderr).not.toContain(TOKEN);
    expect((await resolveSettings({}, configWith('{}', 0o600).env)).warnings).toEqual([]);
  });
});

describe('user name checks', () => {
  it('an unknown name goes through the same password check as a known one', async () => {
    const dir = join(home, 'users');
    mkdirSync(dir, { recursive: true });
    const users = UserStore.open(dir);
    try {
      users.accounts.create({ username: 'known', password: 'right password' }, new Date());
      const check = vi.mocked(secrets.passwordMatches);
      check.mockClear();
      expect(await users.accounts.verify('known', 'wrong password')).toBeUndefined();
      expect(await users.accounts.verify('nobody-by-this-name', 'wrong password')).toBeUndefined();
      expect(check).toHaveBeenCalledTimes(2);
      expect(await users.accounts.verify('known', 'right password')).toBeDefined();
    } finally {
      users.close();
    }
  });
});
