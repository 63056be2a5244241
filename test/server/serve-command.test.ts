import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { runServeCommand, type ServeIo } from '../../src/commands/serve.js';
import { CHILD_NODE_PATH, bundleScript, startTestServer, tempDir } from './harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function capture(env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' };
  const stop = new AbortController();
  const io: ServeIo = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env,
    signal: stop.signal,
  };
  return { out, io, stop };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

function dataDirFor() {
  const dir = tempDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('marquee serve: arguments', () => {
  it('--help prints the usage', async () => {
    const { out, io } = capture();
    expect(await runServeCommand(['--help'], io)).toBe(0);
    expect(out.stdout).toContain('Usage: marquee serve');
    expect(out.stdout).toContain('--catalog-size');
  });

  it('bad values exit 2 with one clear line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', 'abc'], /--port must be an integer from 0 to 65535 \(got "abc"\)/],
      [['--port', '70000'], /--port must be an integer/],
      [['--catalog-size', '5'], /--catalog-size must be an integer from 100 to 500000/],
      [['--seed', '-3'], /seed/],
      [['--frobnicate'], /Unknown option '--frobnicate'/],
      [['--token', 'abc', '--token-file', 'x'], /not both/],
      [['--token', 'has space'], /printable characters without spaces/],
      [['--host', ''], /--host must not be empty/],
      [['positional'], /positional/i],
    ];
    for (const [args, message] of cases) {
      const { out, io } = capture();
      expect(await runServeCommand(args, io), args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(out.stdout).toBe('');
    }
  });

  it('a port already in use exits 1 and says so', async () => {
    const busy = await startTestServer();
    cleanups.push(() => busy.dispose());
    const port = new URL(busy.server.url).port;
    const { out, io } = capture();
    expect(await runServeCommand(['--port', port, '--data-dir', dataDirFor(), '--catalog-size', '300'], io)).toBe(1);
    expect(out.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use`);
  });
});

describe('marquee serve: running', () => {
  it('prints where it listens and where the secrets are, never the secrets', async () => {
    const dataDir = dataDirFor();
    const { out, io, stop } = capture();
    const exit = runServeCommand(['--data-dir', dataDir, '--catalog-size', '300'], io);
    await until(() => out.stdout.includes('demo account:'));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out.stdout)?.[1];
    expect(url).toBeDefined();
    const tokenFile = join(dataDir, 'server-token');
    const demoFile = join(dataDir, 'demo-account.json');
    expect(out.stdout).toContain(`access token: in ${tokenFile} (new`);
    expect(out.stdout).toContain(`demo account: marquee-demo (password in ${demoFile}, new`);
    const token = readFileSync(tokenFile, 'utf8').trim();
    const { password } = JSON.parse(readFileSync(demoFile, 'utf8')) as { password: string };
    expect(out.stdout + out.stderr).not.toContain(token);
    expect(out.stdout + out.stderr).not.toContain(password);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);

    const response = await request(`${url}/3/authentication`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    await response.body.dump();

    stop.abort();
    expect(await exit).toBe(0);
    await expect(request(`${url}/3/authentication`)).rejects.toThrow();

    // The second start finds both files and says nothing is new.
    const again = capture();
    const second = runServeCommand(['--data-dir', dataDir, '--catalog-size', '300'], again.io);
    await until(() => again.out.stdout.includes('demo account:'));
    expect(again.out.stdout).toContain(`access token: in ${tokenFile}\n`);
    expect(again.out.stdout).not.toContain('new');
    again.stop.abort();
    expect(await second).toBe(0);
  });

  it('--token-file creates the file (0600) or reads it back', async () => {
    const dataDir = dataDirFor();
    const tokenFile = join(dataDir, 'elsewhere', 'token');
    for (const expectNew of [true, false]) {
      const { out, io, stop } = capture();
      const exit = runServeCommand(['--data-dir', dataDir, '--token-file', tokenFile, '--catalog-size', '300'], io);
      await until(() => out.stdout.includes('demo account:'));
      expect(out.stdout.includes(`access token: in ${tokenFile} (new`)).toBe(expectNew);
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      stop.abort();
      expect(await exit).toBe(0);
    }
  });

  it('stops cleanly on SIGTERM and SIGINT (exit 0)', async () => {
    const dataDir = dataDirFor();
    const script = join(dataDir, 'serve.cjs');
    await bundleScript(
      `const { runServeCommand } = require('./src/commands/serve.ts');
       runServeCommand(process.argv.slice(2)).then((code) => { process.exitCode = code; });`,
      script,
    );
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, [script, '--data-dir', join(dataDir, 'server'), '--catalog-size', '300', '--log'], {
        env: { ...process.env, NODE_PATH: CHILD_NODE_PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      let stdout = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await until(() => stdout.includes('demo account:'));
      // --log writes each request's method and path, never its query string (api_key, session ids).
      const url = /listening on (\S+)/.exec(stdout)![1]!;
      const token = readFileSync(join(dataDir, 'server', 'server-token'), 'utf8').trim();
      const response = await request(`${url}/3/account/7?api_key=${token}&session_id=secret-session-value`);
      await response.body.dump();
      await until(() => stdout.includes('/3/account/7'));
      expect(stdout).not.toContain(token);
      expect(stdout).not.toContain('secret-session-value');
      child.kill(signal);
      expect(await exited, signal).toBe(0);
    }
  });
});
