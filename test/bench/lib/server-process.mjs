import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MARQUEE } from './paths.mjs';

/**
 * `marquee serve` in a process of its own, so the load a benchmark generates and the server's
 * work don't share an event loop. The access token is read from the server's 0600 token file,
 * never passed on a command line.
 */

/** Whether `dataDir` already holds the generated catalog of this size (the server keeps it between starts). */
export function hasCatalog(dataDir, catalogSize) {
  if (!existsSync(dataDir)) return false;
  return readdirSync(dataDir).some((name) => name.startsWith('catalog-') && name.endsWith(`-size${catalogSize}.sqlite`));
}

/**
 * Starts the server and resolves once it listens: { url, token, demoAccount, pid, startMs, close }.
 * `startMs` is spawn to "listening", which includes generating the catalog when its file is missing.
 */
export function startServeProcess({ dataDir, catalogSize, timeoutMs = 300_000 }) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('MARQUEE_')) delete env[key];
  const startedAt = performance.now();
  const child = spawn(process.execPath, [MARQUEE, 'serve', '--port', '0', '--data-dir', dataDir, '--catalog-size', String(catalogSize)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  return new Promise((resolve, reject) => {
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`marquee serve did not listen within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (text) => {
      stdout += text;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (!match || listening) return;
      listening = true;
      clearTimeout(timer);
      const startMs = performance.now() - startedAt;
      const token = readFileSync(join(dataDir, 'server-token'), 'utf8').trim();
      const demoAccount = JSON.parse(readFileSync(join(dataDir, 'demo-account.json'), 'utf8'));
      resolve({
        url: match[1],
        token,
        demoAccount,
        pid: child.pid,
        startMs,
        async close() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    void exited.then(({ code, signal }) => {
      if (listening) return;
      clearTimeout(timer);
      reject(new Error(`marquee serve ended (code ${code}, signal ${signal}) before listening\n${stderr}`));
    });
  });
}
