import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runApiCommand } from '../../src/commands/api.js';
import { runConfigCommand } from '../../src/commands/config.js';
import { runDoctorCommand } from '../../src/commands/doctor.js';
import { runExportCommand } from '../../src/commands/export.js';
import { TestServer } from '../api/test-server.js';

/**
 * A token that cannot be sent in an Authorization header (a line break picked up by a copy and
 * paste) is a mistake in the settings, said as one: which setting, and what is wrong with it,
 * never the token; exit 2 as for any other bad setting. It used to reach the HTTP client, whose
 * argument error was blamed on the service (exit 4, doctor's "fail service").
 */

const PIECES = ['eyJhbGciOi', 'JIUzI1NiJ9'];
let server: TestServer;
let home: string;
let n = 0;
beforeAll(async () => {
  server = await TestServer.start();
  home = mkdtempSync(join(tmpdir(), 'marquee-malformed-token-'));
});
afterAll(async () => {
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  const dir = join(home, `user-${++n}`);
  return { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), MARQUEE_DATA_DIR: join(dir, 'data'), MARQUEE_BASE_URL: server.url, LANG: 'C.UTF-8', ...extra };
}

function capture() {
  const io = { out: '', err: '' };
  return { io, stdout: { write: (text: string) => (io.out += text) }, stderr: { write: (text: string) => (io.err += text) } };
}

const expectNoPiece = (text: string) => {
  for (const piece of PIECES) expect(text).not.toContain(piece);
};

describe('a token holding a line break', () => {
  it.each([
    ['CR LF at the end', `${PIECES.join('.')}\r\n`, 'a line break'],
    ['LF inside', `${PIECES[0]}\n${PIECES[1]}`, 'a line break'],
    ['a tab', `${PIECES[0]}\t${PIECES[1]}`, 'a control character'],
  ])('from the environment (%s): marquee api says MARQUEE_TOKEN is malformed and exits 2', async (_, token, what) => {
    const { io, stdout, stderr } = capture();
    const code = await runApiCommand(['/3/configuration'], { env: env({ MARQUEE_TOKEN: token }), stdout, stderr, retry: { maxRetries: 0 } });
    expect(code).toBe(EXIT.usage);
    expect(io.err).toBe(`marquee api: MARQUEE_TOKEN is malformed: it holds ${what}, and a token is one run of printable ASCII characters (copy it again; it is not shown here)\n`);
    expect(io.out).toBe('');
    expectNoPiece(io.err);
    // Nothing was sent: the service was not asked.
    expect(server.requests).toHaveLength(0);
  });

  it('from the config file: api and export name the file and line, config check finds it, exit 2', async () => {
    const environment = env();
    mkdirSync(join(environment.XDG_CONFIG_HOME!, 'marquee'), { recursive: true });
    const file = join(environment.XDG_CONFIG_HOME!, 'marquee', 'config.yaml');
    writeFileSync(file, `language: de-DE\ntoken: "${PIECES[0]}\\n${PIECES[1]}"\n`, { mode: 0o600 });
    const expected = `${file} line 2: token is malformed: it holds a line break`;

    const api = capture();
    expect(await runApiCommand(['/3/configuration'], { env: environment, stdout: api.stdout, stderr: api.stderr, retry: { maxRetries: 0 } })).toBe(2);
    expect(api.io.err).toContain(`marquee api: ${expected}`);

    const exported = capture();
    expect(await runExportCommand([], { env: environment, stdout: exported.stdout, stderr: exported.stderr, retry: { maxRetries: 0 } })).toBe(2);
    expect(exported.io.err).toContain(`marquee export: ${expected}`);

    const checked = capture();
    expect(await runConfigCommand(['check'], { env: environment, stdout: checked.stdout, stderr: checked.stderr })).toBe(1);
    expect(checked.io.out).toContain(expected);
    for (const text of [api.io.err, exported.io.err, checked.io.out, checked.io.err]) expectNoPiece(text);
    expect(server.requests).toHaveLength(0);
  });

  it('marquee doctor fails the settings check, not the service', async () => {
    const { io, stdout, stderr } = capture();
    const code = await runDoctorCommand([], {
      env: env({ MARQUEE_TOKEN: `${PIECES.join('.')}\n` }), stdout, stderr, terminal: { isTTY: true, columns: 300, rows: 50, colorDepth: 8 }, timeoutMs: 2_000,
    });
    expect(code).toBe(1);
    expect(io.out).toMatch(/^fail +settings +MARQUEE_TOKEN is malformed: it holds a line break/m);
    expect(io.out).not.toMatch(/^fail +service/m);
    expectNoPiece(io.out + io.err);
  });
});
