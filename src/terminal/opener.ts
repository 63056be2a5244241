// Owns opening an address in the browser: the platform's opener command, found on PATH, and whether there is a display.
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { childEnvironment } from './child-environment.js';

/** What became of asking the system to open an address; the toast says which. */
export type OpenOutcome =
  /** The opener took the address (exited with success, or is still busy starting the browser). */
  | { readonly kind: 'opened'; readonly command: string }
  /** Nothing here can open a browser: no opener program, or no display to show one on. */
  | { readonly kind: 'no-opener'; readonly why: string }
  /** The opener ran and said no (a non-zero exit), or could not be started. */
  | { readonly kind: 'failed'; readonly why: string };

/** Where the decision looks: the environment and platform of this process, or a test's. */
export interface OpenerEnvironment {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when `command` is a program on PATH (win32's `cmd` is always there). */
  readonly hasProgram: (command: string) => boolean;
  readonly spawn: (command: string, args: readonly string[]) => ChildProcess;
  /**
   * How long to wait for the opener to say how it went. xdg-open with some desktops only
   * returns when the browser closes: past this, a running opener counts as opened.
   */
  readonly patienceMs?: number;
}

/** The command that opens an address in the default browser on this platform. */
export function openerCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; the empty string is the window title it would otherwise take from the url.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/**
 * Why no browser can open here, or undefined when the platform's opener is worth trying. A
 * headless machine with xdg-open says so itself (it exits with an error), which openAddress
 * reports; the opener runs in a session of its own, so it cannot take over this terminal.
 */
export function missingOpener(environment: Pick<OpenerEnvironment, 'platform' | 'hasProgram'>): string | undefined {
  const { platform, hasProgram } = environment;
  const [command] = openerCommand('', platform);
  if (platform === 'win32') return undefined;
  if (!hasProgram(command)) return `${command} is not installed`;
  return undefined;
}

/**
 * Opens `url` with the system's opener and says how it went. Never throws. Only web addresses:
 * a file:// or javascript: address from an answer is never handed to the opener.
 */
export function openAddress(url: string, environment: OpenerEnvironment): Promise<OpenOutcome> {
  if (!/^https?:\/\//i.test(url)) return Promise.resolve({ kind: 'failed', why: 'only http and https addresses are opened' });
  const missing = missingOpener(environment);
  if (missing) return Promise.resolve({ kind: 'no-opener', why: missing });
  const [command, args] = openerCommand(url, environment.platform);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: OpenOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'opened', command }), environment.patienceMs ?? 3_000);
    timer.unref?.();
    let child: ChildProcess;
    try {
      child = environment.spawn(command, args);
    } catch (error) {
      settle({ kind: 'failed', why: `${command} could not start: ${(error as Error).message}` });
      return;
    }
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(error.code === 'ENOENT' ? { kind: 'no-opener', why: `${command} is not installed` } : { kind: 'failed', why: `${command} could not start: ${error.message}` }),
    );
    child.on('exit', (code, signal) =>
      settle(code === 0 ? { kind: 'opened', command } : { kind: 'failed', why: `${command} ${code === null ? `stopped (${signal})` : `exited with status ${code}`}` }),
    );
    child.unref();
  });
}

/** True when `command` is an executable file in one of PATH's folders. */
function onPath(command: string, env: OpenerEnvironment['env']): boolean {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

/** This process's environment, for openAddress. */
export function systemOpener(): OpenerEnvironment {
  return {
    platform: process.platform,
    env: process.env,
    hasProgram: (command) => onPath(command, process.env),
    // Detached and silent: the browser outlives the TUI and never writes on its screen. It gets
    // our environment without the access token or any other secret of ours.
    spawn: (command, args) => spawnProcess(command, args, { detached: true, stdio: 'ignore', env: childEnvironment(process.env) }),
  };
}

/** Opens `url` in this system's browser (see openAddress). */
export function openInBrowser(url: string): Promise<OpenOutcome> {
  return openAddress(url, systemOpener());
}
