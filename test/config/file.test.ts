import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runConfigCommand } from '../../src/commands/config.js';
import { readConfig } from '../../src/config/file.js';
import { ConfigFileError } from '../../src/config/file-terms.js';
import { resolveSettings } from '../../src/config/settings.js';

/**
 * The config file as YAML (or the older JSON): every setting checked against one schema, each
 * problem named with its line, never with the text around it (the file may hold the token).
 */

const TOKEN = 'secret-token-3f9a1c';
let home: string;
let dir: string;
let env: Record<string, string>;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-config-file-'));
  dir = join(home, 'config', 'marquee');
  mkdirSync(dir, { recursive: true });
  env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, 0o600);
  return path;
}

async function thrown(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigFileError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigFileError');
}

/** What a command printed and its exit code. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runConfigCommand(args, { env, stdout: { write: (text) => (out += text) }, stderr: { write: (text) => (err += text) } });
  return { code, out, err };
}

describe('the config file', () => {
  it('reads YAML with keys and a theme, and prefers it to config.json', async () => {
    write('config.json', JSON.stringify({ language: 'fr-FR' }));
    const path = write('config.yaml', ['language: de-DE', `token: ${TOKEN}`, 'keys:', '  list.down: n', '  list.up: [e, up]', '  movie.view: {images: I}', 'theme:', '  accent: magenta', '  selection: "#5fafff"', ''].join('\n'));
    const read = await readConfig(dir);
    expect(read.path).toBe(path);
    expect(read.config).toEqual({
      language: 'de-DE',
      token: TOKEN,
      keys: { 'list.down': 'n', 'list.up': ['e', 'up'], 'movie.view': { images: 'I' } },
      theme: { accent: 'magenta', selection: '#5fafff' },
    });
    expect(read.lineOf(['keys', 'list.up'])).toBe(5);
    expect(await resolveSettings({}, env)).toMatchObject({ configFile: path, token: TOKEN, language: { value: 'de-DE', source: 'config file' } });
  });

  it('still reads config.json when there is no YAML file', async () => {
    const path = write('config.json', JSON.stringify({ region: 'DE', keys: { 'list.down': 'n' } }));
    expect(await readConfig(dir)).toMatchObject({ path, config: { region: 'DE', keys: { 'list.down': 'n' } } });
  });

  it('names the line of a wrong type or of broken YAML, and never quotes the text', async () => {
    write('config.yaml', ['language: de-DE', 'timeout_ms: soon', ''].join('\n'));
    expect(await thrown(() => readConfig(dir))).toMatch(/config\.yaml line 2: timeout_ms must be a positive number$/);
    write('config.yaml', ['keys:', '  list.down: n', 'theme:', '  accent: 12', ''].join('\n'));
    expect(await thrown(() => readConfig(dir))).toMatch(/config\.yaml line 4: theme\.accent must be a colour name/);
    write('config.yaml', ['theme:', '  muted: "#zz"', ''].join('\n'));
    expect(await thrown(() => readConfig(dir))).toMatch(/line 2: theme\.muted must be a colour name .* or a hex colour/);
    write('config.yaml', [`token: "${TOKEN}`, 'language: [de', ''].join('\n'));
    const broken = await thrown(() => readConfig(dir));
    expect(broken).toMatch(/config\.yaml line \d is not valid YAML \(.+\): fix it or remove it$/);
    expect(broken).not.toContain(TOKEN);
    write('config.yaml', 'just words\n');
    expect(await thrown(() => readConfig(dir))).toMatch(/must hold settings such as "language: de-DE"/);
  });

  it('warns of a setting it does not know, by line, and goes on', async () => {
    write('config.yaml', ['language: de-DE', 'colour: blue', ''].join('\n'));
    const settings = await resolveSettings({}, env);
    expect(settings.language.value).toBe('de-DE');
    expect(settings.warnings.join('\n')).toMatch(/config\.yaml line 2: colour is not a setting Marquee knows \(base_url, .*theme, preview, images.*\); it is ignored/);
  });

  it('takes mouse: true or false, and names the line of anything else', async () => {
    write('config.yaml', ['language: de-DE', 'mouse: true', ''].join('\n'));
    expect((await readConfig(dir)).config.mouse).toBe(true);
    expect((await readConfig(dir)).warnings).toEqual([]);
    const path = write('config.yaml', ['language: de-DE', 'mouse: on please', ''].join('\n'));
    expect(await thrown(() => readConfig(dir))).toBe(`${path} line 2: mouse must be true or false`);
    const checked = await run(['check']);
    expect(checked.code).toBe(1);
    expect(checked.out + checked.err).toContain(`${path} line 2: mouse must be true or false`);
  });
});

describe('images', () => {
  it('takes auto, a protocol by name, blocks or off, and names the line of anything else', async () => {
    write('config.yaml', ['language: de-DE', 'images: off', ''].join('\n'));
    expect((await readConfig(dir)).config.images).toBe('off');
    write('config.yaml', ['language: de-DE', 'images: kitty', ''].join('\n'));
    expect((await readConfig(dir)).config.images).toBe('kitty');
    const path = write('config.yaml', ['language: de-DE', 'preview: true', 'images: sparkles', ''].join('\n'));
    expect(await thrown(() => readConfig(dir))).toBe(`${path} line 3: images must be one of auto, kitty, iterm, sixel, blocks, off`);
  });

  it("takes sixel_cell as a cell's width x height in pixels, and names the line of anything else", async () => {
    write('config.yaml', ['images: sixel', 'sixel_cell: "8x16"', ''].join('\n'));
    expect((await readConfig(dir)).config.sixel_cell).toBe('8x16');
    for (const bad of ['large', '0x16', '8 x 16', '10000x20', '8']) {
      const path = write('config.yaml', ['images: sixel', `sixel_cell: "${bad}"`, ''].join('\n'));
      expect(await thrown(() => readConfig(dir))).toBe(`${path} line 2: sixel_cell must be a cell size in pixels such as "10x20"`);
    }
  });
});

describe('marquee config', () => {
  it('path makes the folder it names, private (0700), when it is not there yet', async () => {
    rmSync(dir, { recursive: true });
    await run(['path']);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('path names the file read, or where one would be', async () => {
    expect(await run(['path'])).toMatchObject({ code: 0, out: `${join(dir, 'config.yaml')} (no config file yet: the first of config.yaml, config.yml, config.json there is read)\n` });
    const path = write('config.yml', 'region: DE\n');
    expect(await run(['path'])).toMatchObject({ code: 0, out: `${path}\n` });
  });

  it('check says fine, or lists every problem with its line and exits 1', async () => {
    expect((await run(['check'])).out).toMatch(/^No config file/);
    const path = write('config.yaml', ['region: US', 'keys:', '  list.down: n', ''].join('\n'));
    expect(await run(['check'])).toEqual({ code: 0, out: `${path}: fine\n`, err: '' });

    write('config.yaml', ['language: xx-QQ', 'keys:', '  list.down: n', '  list.up: "ctrl+"', '  no.such: x', '  movie.view: d', '  tab.select: {movies: M, tv: M}', '  list.open: n', 'colour: blue', ''].join('\n'));
    const checked = await run(['check']);
    expect(checked.code).toBe(1);
    const lines = checked.out.trim().split('\n');
    expect(lines.slice(0, -1).map((line) => /line (\d+): (\S+)/.exec(line)?.slice(1).join(' '))).toEqual([
      '1 language', '4 keys.list.up', '5 keys.no.such', '6 keys.movie.view', '7 keys.tab.select.tv', '8 keys.list.open', '9 colour',
    ]);
    expect(checked.out).toContain('keys.list.open would share the key n with list.down');
    expect(lines.at(-1)).toMatch(/^7 problems/);
  });

  it('keys lists each command with the keys in use, the file’s where it sets some', async () => {
    write('config.yaml', ['keys:', '  list.down: [n, down]', ''].join('\n'));
    const { code, out } = await run(['keys']);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^command +keys +where +what$/);
    expect(out).toMatch(/^list\.down +n\/↓ +list +Move down$/m);
    expect(out).toMatch(/^app\.quit +q +global +/m);
  });

  it('refuses anything else with its usage, exit 2', async () => {
    for (const args of [[], ['edit'], ['check', 'extra']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/expected "path", "check" or "keys"/);
    }
  });
});
