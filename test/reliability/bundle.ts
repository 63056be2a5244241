import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The built program (dist/marquee.js) is what users run, so the crash and secrets tests run it
 * as a child process. `npm test` builds it first; when a test file is run on its own the bundle
 * is rebuilt here if a source is newer. Test files run in parallel workers, so the build is
 * guarded by a lock directory (mkdir is atomic) to keep two builds from writing dist/ at once.
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BUNDLE = join(ROOT, 'dist', 'marquee.js');
const LOCK = join(ROOT, 'dist', '.build-lock');
/** A lock older than this was left by a build that died; building takes a few seconds. */
const STALE_LOCK_MS = 120_000;

export async function ensureBundle(): Promise<void> {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (let attempt = 0; attempt < 1_200; attempt++) {
    try {
      mkdirSync(LOCK);
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      await sleep(100);
      continue;
    }
    try {
      execFileSync(process.execPath, [join(ROOT, 'test', 'tooling', 'build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'pipe' });
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
  throw new Error('another build of dist/marquee.js did not finish in two minutes');
}

/** The environment for a child: no CI (Ink draws nothing under CI) and no inherited Marquee settings. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'CI' || key.startsWith('MARQUEE_')) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the bundle (in `cwd`, the repository by default) to completion, bounded by timeoutMs, and returns what it printed. */
export function runBundle(args: string[], env: Record<string, string>, timeoutMs = 15_000, cwd = ROOT): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`marquee ${args.join(' ')} did not finish in ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `marquee serve` and waits for its "listening on http://..." line. */
export function startServeProcess(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'serve', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`marquee serve did not print its address in ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s]+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!.replace(/\/$/, ''), output: () => ({ stdout, stderr }), stop });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`marquee serve exited (${code ?? signal}) before listening; stderr: ${stderr}`));
    });
  });
}
