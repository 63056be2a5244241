import { createServer, type Server } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctorCommand, type DoctorIo, type TerminalInfo } from '../../src/commands/doctor.js';
import { startServer } from '../../src/server/index.js';
import { childEnv, ensureBundle, runBundle } from '../reliability/bundle.js';

/** `marquee doctor` against the embedded catalog, a real service (the reference server) and failing ones. */

let home: string;
let service: Awaited<ReturnType<typeof startServer>>;
const SERVICE_TOKEN = 'doctor-test-token-5f2c9a7e1b3d4f60';
/** Wide enough that no line is wrapped (one test looks at wrapping at 80 columns). */
const TERMINAL: TerminalInfo = { isTTY: true, columns: 300, rows: 50, colorDepth: 8 };

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'marquee-doctor-'));
  service = await startServer({ dataDir: join(home, 'service'), token: SERVICE_TOKEN, catalogSize: 100 });
}, 60_000);
afterAll(async () => {
  await service.close();
  rmSync(home, { recursive: true, force: true });
});

/** A user's environment: its own XDG folders under `name`, a UTF-8 locale. */
function userEnv(name: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: join(home, name),
    XDG_CONFIG_HOME: join(home, name, 'config'),
    XDG_DATA_HOME: join(home, name, 'data'),
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    ...extra,
  };
}

async function doctor(args: string[], io: DoctorIo): Promise<{ code: number; out: string }> {
  let out = '';
  const write = { write: (chunk: string) => (out += chunk) };
  const code = await runDoctorCommand(args, { terminal: TERMINAL, stdout: write, stderr: write, timeoutMs: 5_000, ...io });
  // Lines wrapped to a narrow terminal joined again (continuations are indented and are not a fix).
  return { code, out: out.replace(/\n +(?!fix: )(?=\S)/g, ' ') };
}

/** The status a check got: "ok", "warn" or "fail". */
function status(out: string, check: string): string | undefined {
  return new RegExp(`^(ok|warn|fail) +${check} `, 'm').exec(out)?.[1];
}

describe('marquee doctor', () => {
  it('finds all well on the embedded catalog, and says how long it took to open and answer', async () => {
    const { code, out } = await doctor([], { env: userEnv('embedded') });
    expect(out).toMatch(/^ok +Node\.js +\d+\.\d+\.\d+/m);
    expect(out).toMatch(/^ok +terminal +300x50 \(60x16 needed\)/m);
    expect(out).toMatch(/^ok +colours +256 colours/m);
    expect(out).toMatch(/^ok +pictures +half-blocks in colour: no graphics protocol detected/m);
    expect(out).toMatch(/^ok +token +not needed/m);
    expect(out).toMatch(/^ok +catalog +the embedded catalog opened in \d+ ms/m);
    expect(out).toMatch(/^ok +service +the embedded catalog \(no base URL set\) answered in \d+ ms/m);
    expect(out).not.toMatch(/^(warn|fail)/m);
    expect(out.trimEnd().split('\n').at(-1)).toBe('All is well.');
    expect(code).toBe(0);
  }, 60_000);

  it('checks the token with the service: accepted, refused, or missing, and never prints it', async () => {
    const accepted = await doctor(['--base-url', service.url], { env: userEnv('service', { MARQUEE_TOKEN: SERVICE_TOKEN }) });
    expect(status(accepted.out, 'token')).toBe('ok');
    expect(accepted.out).toMatch(/^ok +token +from the environment, accepted by the service/m);
    expect(accepted.out).toMatch(new RegExp(`^ok +service +${service.url} answered in \\d+ ms`, 'm'));
    expect(accepted.code).toBe(0);

    const wrong = 'doctor-wrong-token-0000000000000000';
    const refused = await doctor(['--base-url', service.url], { env: userEnv('service', { MARQUEE_TOKEN: wrong }) });
    expect(refused.out).toMatch(/^fail +token +from the environment, refused: /m);
    expect(status(refused.out, 'service')).toBe('ok');
    expect(refused.code).toBe(1);

    const missing = await doctor([], { env: userEnv('service', { MARQUEE_BASE_URL: service.url }) });
    expect(missing.out).toMatch(/^fail +token +not set\n +fix: set MARQUEE_TOKEN or add "token" to /m);
    expect(missing.code).toBe(1);

    for (const { out } of [accepted, refused, missing]) {
      expect(out).not.toContain(SERVICE_TOKEN);
      expect(out).not.toContain(wrong);
    }
  }, 60_000);

  it('says a service that does not answer is unreachable, and how to fix it', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code, out } = await doctor(['--base-url', `http://127.0.0.1:${port}`], {
      env: userEnv('service', { MARQUEE_TOKEN: SERVICE_TOKEN }),
    });
    expect(out).toMatch(new RegExp(`^fail +service +http://127\\.0\\.0\\.1:${port}: connection refused`, 'm'));
    expect(out).toMatch(/fix: check the address \(--base-url, MARQUEE_BASE_URL/);
    expect(status(out, 'token')).toBe('warn');
    expect(code).toBe(1);
  }, 60_000);

  it('says a service that answers with server errors has a problem', async () => {
    let requests = 0;
    const failing: Server = createServer((_request, response) => {
      requests++;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, status_code: 43, status_message: 'Service offline.' }));
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(failing.address() as { port: number }).port}`;
      const { code, out } = await doctor(['--base-url', url], { env: userEnv('service', { MARQUEE_TOKEN: SERVICE_TOKEN }) });
      expect(out).toMatch(/^fail +service +.* answered in \d+ ms \(HTTP 503\)/m);
      expect(out).toMatch(/^warn +token +from the environment, not checked: the service answered HTTP 503/m);
      expect(requests).toBe(1);
      expect(code).toBe(1);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  }, 60_000);

  it('finds secret files others can read, and folders others can list', async () => {
    const env = userEnv('exposed');
    const data = join(env.XDG_DATA_HOME!, 'marquee');
    mkdirSync(data, { recursive: true, mode: 0o755 });
    chmodSync(data, 0o755);
    const configDir = join(env.XDG_CONFIG_HOME!, 'marquee');
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(configDir, 'config.json'), '{"timeout_ms": 5000}', { mode: 0o644 });
    chmodSync(join(configDir, 'config.json'), 0o644);
    const { code, out } = await doctor([], { env });
    expect(out).toMatch(/^fail +config folder +.*config\.json \(644\): secrets readable by others\n +fix: chmod 600 .*config\.json$/m);
    expect(out).toMatch(/^warn +data folder +.* is 755: others can list it\n +fix: chmod 700 /m);
    expect(code).toBe(1);
  }, 60_000);

  it('says what is wrong with the Node.js, the terminal, the locale and the config file', async () => {
    const env = userEnv('other', { LANG: 'C', TERM: 'dumb' });
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'marquee'), { recursive: true, mode: 0o700 });
    writeFileSync(join(env.XDG_CONFIG_HOME!, 'marquee', 'config.json'), '{"token": ', { mode: 0o600 });
    const { code, out } = await doctor([], {
      env,
      nodeVersion: 'v20.20.2',
      terminal: { isTTY: true, columns: 50, rows: 12, colorDepth: 1 },
    });
    expect(out).toMatch(/^fail +Node\.js +v20\.20\.2 \(22\.13 or newer needed\)/m);
    expect(out).toMatch(/^fail +terminal +50x12, smaller than the 60x16 the TUI needs/m);
    expect(out).toMatch(/^warn +colours +none \(TERM=dumb\)/m);
    expect(out).toMatch(/^warn +Unicode +locale C is not UTF-8/m);
    expect(out).toMatch(/^fail +settings +.*config\.json is not valid JSON/m);
    expect(code).toBe(1);

    const piped = await doctor([], { env: userEnv('embedded'), terminal: { isTTY: false } });
    expect(piped.out).toMatch(/^warn +terminal +output is not a terminal/m);
    expect(piped.out.trimEnd().split('\n').at(-1)).toBe('Nothing failed (1 warning).');
    expect(piped.code).toBe(0);
  }, 60_000);

  it('says how pictures are drawn and why: kitty graphics in kitty, half-blocks inside tmux unless the config file says kitty', async () => {
    const args = ['--base-url', service.url];
    const kitty = await doctor(args, { env: userEnv('kitty', { MARQUEE_TOKEN: SERVICE_TOKEN, TERM: 'xterm-kitty' }) });
    expect(kitty.out).toMatch(/^ok +pictures +kitty graphics: TERM=xterm-kitty$/m);

    const tmuxEnv = userEnv('tmux', { MARQUEE_TOKEN: SERVICE_TOKEN, TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0', KITTY_WINDOW_ID: '1' });
    const inTmux = await doctor(args, { env: tmuxEnv });
    expect(inTmux.out).toMatch(/^ok +pictures +half-blocks in colour: inside tmux \(KITTY_WINDOW_ID is set.*allow-passthrough.*set images: kitty/m);
    // Node says 24 bits inside tmux; the TUI draws 256 colours there, and doctor says what the TUI does.
    const tmuxColours = await doctor(args, { env: tmuxEnv, terminal: { isTTY: true, columns: 120, rows: 40, colorDepth: 24 } });
    expect(tmuxColours.out).toMatch(/^ok +colours +256 colours \(in tmux: .*COLORTERM=truecolor/m);
    const truecolour = await doctor(args, { env: { ...tmuxEnv, COLORTERM: 'truecolor' }, terminal: { isTTY: true, columns: 120, rows: 40, colorDepth: 24 } });
    expect(truecolour.out).toMatch(/^ok +colours +true colour$/m);

    mkdirSync(join(tmuxEnv.XDG_CONFIG_HOME!, 'marquee'), { recursive: true, mode: 0o700 });
    writeFileSync(join(tmuxEnv.XDG_CONFIG_HOME!, 'marquee', 'config.yaml'), 'images: kitty\n', { mode: 0o600 });
    const forced = await doctor(args, { env: tmuxEnv });
    expect(forced.out).toMatch(/^ok +pictures +kitty graphics through tmux \(its allow-passthrough option must be on\): the config file says images: kitty$/m);
  }, 60_000);

  it('wraps what it says to the width of the terminal, under the details column', async () => {
    let raw = '';
    await runDoctorCommand(['--base-url', 'http://127.0.0.1:9'], {
      env: userEnv('service'),
      terminal: { ...TERMINAL, columns: 80, rows: 24 },
      stdout: { write: (chunk: string) => (raw += chunk) },
      timeoutMs: 5_000,
    });
    const lines = raw.trimEnd().split('\n');
    // The details start at column 21; a longer line is one word too long to break (a temporary path).
    for (const line of lines) if (line.length > 80) expect(line.slice(21)).not.toContain(' ');
    // The fix of the missing token is longer than a line: it goes on, indented as the details.
    const fix = lines.findIndex((line) => line.includes('fix: set MARQUEE_TOKEN'));
    expect(fix).toBeGreaterThan(0);
    expect(lines[fix + 1]).toMatch(/^ {21}\S/);
  }, 60_000);

  it('says when the embedded catalog cannot open', async () => {
    const env = userEnv('blocked');
    mkdirSync(join(env.XDG_DATA_HOME!, 'marquee'), { recursive: true, mode: 0o700 });
    writeFileSync(join(env.XDG_DATA_HOME!, 'marquee', 'server'), 'a file where the catalog folder should be');
    const { code, out } = await doctor([], { env });
    expect(out).toMatch(/^fail +catalog +the embedded catalog did not open: /m);
    expect(code).toBe(1);
  }, 60_000);

  it('runs from the built program, with the catalog on its worker thread', async () => {
    await ensureBundle();
    const result = await runBundle(['doctor'], childEnv(userEnv('bundle')), 60_000);
    expect(result.stderr).toBe('');
    // Not a terminal here: one warning, nothing failed.
    expect(result.stdout).toMatch(/^ok +catalog +the embedded catalog opened in \d+ ms/m);
    expect(result.stdout).toContain('Nothing failed (1 warning).');
    expect(result.code).toBe(0);
    const usage = await runBundle(['doctor', '--bogus'], childEnv(userEnv('bundle')));
    expect(usage.stderr).toMatch(/^marquee doctor: Unknown option '--bogus'/);
    expect(usage.code).toBe(2);
  }, 120_000);
});
