import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/settings.js';
import { parseContentLanguage, parseRegionCode } from '../../src/contract/index.js';
import { readPreferences, writePreferences } from '../../src/storage/index.js';

let home: string;
let env: Record<string, string>;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-language-'));
  env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const dir = () => join(home, 'config', 'marquee');
function writeConfig(body: unknown) {
  mkdirSync(dir(), { recursive: true });
  writeFileSync(join(dir(), 'config.json'), JSON.stringify(body), { mode: 0o600 });
}
function writeSettings(body: string) {
  mkdirSync(dir(), { recursive: true });
  writeFileSync(join(dir(), 'settings.json'), body, { mode: 0o600 });
}

describe('language and region codes', () => {
  it('reads a language with or without a region, in any case, with _ or -', () => {
    expect(parseContentLanguage('de')).toEqual({ ok: true, code: 'de' });
    expect(parseContentLanguage('de-de')).toEqual({ ok: true, code: 'de-DE' });
    expect(parseContentLanguage(' PT_br ')).toEqual({ ok: true, code: 'pt-BR' });
    expect(parseContentLanguage('ja-JP')).toEqual({ ok: true, code: 'ja-JP' });
  });

  it('refuses what is no ISO 639-1 language or ISO 3166-1 region, saying what is expected', () => {
    for (const bad of ['german', 'xx', 'zz-ZZ', 'de-XX', 'deu', 'de-DE-1996', '', 'iw']) {
      const outcome = parseContentLanguage(bad);
      expect(outcome.ok, bad).toBe(false);
      if (!outcome.ok) expect(outcome.problem).toContain('such as de, fr, ja or pt-BR');
    }
    expect(parseRegionCode('de')).toEqual({ ok: true, code: 'DE' });
    expect(parseRegionCode('Germany').ok).toBe(false);
    expect(parseRegionCode('XX').ok).toBe(false);
  });
});

describe('where the language and region come from', () => {
  it('is the service default and the locale region when nothing is set', async () => {
    expect(await resolveSettings({}, env)).toMatchObject({ language: { value: 'en-US', source: 'default' }, region: { value: 'US', source: 'default' } });
    expect((await resolveSettings({}, { ...env, LANG: 'de_DE.UTF-8' })).region).toEqual({ value: 'DE', source: 'locale' });
  });

  it('takes the environment, then the config file, then the settings screen file', async () => {
    writeSettings(JSON.stringify({ language: 'ja', region: 'JP' }));
    expect(await resolveSettings({}, env)).toMatchObject({ language: { value: 'ja', source: 'settings file' }, region: { value: 'JP', source: 'settings file' } });
    writeConfig({ language: 'fr-fr', region: 'fr' });
    const fromFile = await resolveSettings({}, env);
    expect(fromFile.language).toEqual({ value: 'fr-FR', source: 'config file', lockedBy: `${join(dir(), 'config.json')} (language)` });
    expect(fromFile.region).toMatchObject({ value: 'FR', source: 'config file' });
    const fromEnv = await resolveSettings({}, { ...env, MARQUEE_LANGUAGE: 'de-DE', MARQUEE_REGION: 'at' });
    expect(fromEnv.language).toEqual({ value: 'de-DE', source: 'environment', lockedBy: 'MARQUEE_LANGUAGE' });
    expect(fromEnv.region).toEqual({ value: 'AT', source: 'environment', lockedBy: 'MARQUEE_REGION' });
  });

  it('takes MARQUEE_REGION first, then LC_ALL, LC_MESSAGES and LANG, else the United States', async () => {
    const region = async (vars: Record<string, string>) => (await resolveSettings({}, { ...env, ...vars })).region.value;
    expect(await region({ MARQUEE_REGION: 'jp', LANG: 'de_DE.UTF-8' })).toBe('JP');
    expect(await region({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'it_IT', LANG: 'de_DE.UTF-8' })).toBe('FR');
    expect(await region({ LC_MESSAGES: 'it_IT', LANG: 'de_DE.UTF-8' })).toBe('IT');
    expect(await region({ LANG: 'de_DE.UTF-8' })).toBe('DE');
    // The first locale variable set decides, as it does for the C library.
    expect(await region({ LC_ALL: 'C.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('US');
    expect(await region({ LC_ALL: '', LANG: 'de_DE.UTF-8' })).toBe('DE');
  });

  it('passes over an unknown code with a warning naming where it was, and uses the next one', async () => {
    writeConfig({ language: 'klingon', region: 'ES' });
    const settings = await resolveSettings({}, { ...env, MARQUEE_LANGUAGE: 'xx-YY', MARQUEE_REGION: 'Germany', LANG: 'de_DE.UTF-8' });
    expect(settings.language).toEqual({ value: 'en-US', source: 'default' });
    expect(settings.region).toMatchObject({ value: 'ES', source: 'config file' });
    expect(settings.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^MARQUEE_LANGUAGE: "xx-YY" is not a language code such as de, fr, ja or pt-BR.*it is not used$/),
        expect.stringMatching(/config\.json \(language\): "klingon" is not a language code/),
        expect.stringMatching(/^MARQUEE_REGION: "Germany" is not an ISO 3166-1 region code/),
      ]),
    );
  });

  it('refuses a language or region of the wrong type in the config file', async () => {
    writeConfig({ language: 7 });
    await expect(resolveSettings({}, env)).rejects.toThrow(/language must be a string such as "de-DE"/);
    writeConfig({ region: ['DE'] });
    await expect(resolveSettings({}, env)).rejects.toThrow(/region must be a string such as "DE"/);
  });

  it('ignores a damaged settings file with a warning', async () => {
    writeSettings('{"language": "de",');
    const settings = await resolveSettings({}, env);
    expect(settings.language.source).toBe('default');
    expect(settings.warnings.join('\n')).toMatch(/settings\.json is not valid JSON: it is ignored/);
  });
});

describe('the settings file', () => {
  it('is written whole, readable only by its owner, and read back', async () => {
    const path = join(home, 'config', 'marquee', 'settings.json');
    writePreferences(path, { language: 'de-DE', region: 'AT' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readPreferences(path)).toEqual({ preferences: { language: 'de-DE', region: 'AT' } });
    writePreferences(path, { language: 'fr' });
    expect(readPreferences(path).preferences).toEqual({ language: 'fr' });
    expect((await resolveSettings({}, env)).language).toEqual({ value: 'fr', source: 'settings file' });
  });
});
