import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigFileError, cacheDir, normalizeBaseUrl, resolveSettings } from '../../src/config/settings.js';

let home: string;
let env: Record<string, string>;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-config-'));
  env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function writeConfig(body: string) {
  mkdirSync(join(home, 'config', 'marquee'), { recursive: true });
  writeFileSync(join(home, 'config', 'marquee', 'config.json'), body);
}

describe('settings precedence', () => {
  it('uses the embedded catalog when nothing is configured', async () => {
    const settings = await resolveSettings({}, env);
    expect(settings.baseUrl).toBeUndefined();
    expect(settings.tokenSource).toBe('none');
    expect(settings.dataDir).toBe(join(home, 'data', 'marquee'));
  });

  it('keeps the disk cache under XDG_CACHE_HOME (else ~/.cache), and MARQUEE_CACHE=off turns it off', async () => {
    expect((await resolveSettings({}, { ...env, XDG_CACHE_HOME: join(home, 'cache') })).cacheDir).toBe(join(home, 'cache', 'marquee'));
    expect(cacheDir({ HOME: home })).toMatch(/[\\/]\.cache[\\/]marquee$/);
    for (const off of ['off', 'OFF', '0', 'false', 'no']) expect(cacheDir({ ...env, MARQUEE_CACHE: off })).toBeUndefined();
    expect(cacheDir({ ...env, XDG_CACHE_HOME: join(home, 'cache'), MARQUEE_CACHE: 'on' })).toBe(join(home, 'cache', 'marquee'));
  });

  it('flags beat the environment, which beats the config file', async () => {
    writeConfig(JSON.stringify({ base_url: 'http://file.example', token: 'from-file', timeout_ms: 1234 }));
    expect(await resolveSettings({}, env)).toMatchObject({ baseUrl: 'http://file.example', token: 'from-file', tokenSource: 'config file', timeoutMs: 1234 });
    const withEnv = { ...env, MARQUEE_BASE_URL: 'http://env.example', MARQUEE_TOKEN: 'from-env' };
    expect(await resolveSettings({}, withEnv)).toMatchObject({ baseUrl: 'http://env.example', token: 'from-env', tokenSource: 'environment' });
    expect(await resolveSettings({ baseUrl: 'http://flag.example', timeoutMs: 5 }, withEnv)).toMatchObject({ baseUrl: 'http://flag.example', timeoutMs: 5 });
  });

  it('explains a broken config file without echoing its contents', async () => {
    writeConfig('{"token": "secret-value-in-broken-file",');
    await expect(resolveSettings({}, env)).rejects.toThrow(ConfigFileError);
    try {
      await resolveSettings({}, env);
    } catch (error) {
      expect((error as Error).message).toContain('not valid JSON');
      expect((error as Error).message).not.toContain('secret-value-in-broken-file');
    }
  });

  it('rejects a token of the wrong type', async () => {
    writeConfig(JSON.stringify({ token: 42 }));
    await expect(resolveSettings({}, env)).rejects.toThrow(/token must be a string/);
  });

  it('normalizes base URLs: trailing slash and /3 are dropped', () => {
    expect(normalizeBaseUrl('https://api.themoviedb.org/3/')).toBe('https://api.themoviedb.org');
    expect(normalizeBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(() => normalizeBaseUrl('ftp://x')).toThrow(/http or https/);
    expect(() => normalizeBaseUrl('not a url')).toThrow(/not a URL/);
  });
});
