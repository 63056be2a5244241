import { join } from 'node:path';
import { render, useApp, useInput, type SuspendTerminal, type TerminalSuspension } from 'ink';
import { useState, type ReactNode } from 'react';
import { approvalBaseFor } from '../contract/address.js';
import { SERVICE_RATE_LIMIT } from '../contract/limits.js';
import { oneLine } from '../contract/text.js';
import type { Settings } from '../config/settings.js';
import { describeProblem } from '../config/file-terms.js';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server.js';
import { markStartup, timedTransport } from './startup-timeline.js';
import { fileRatingDates, fileRatingJournal, fileSessionStorage, keptRatingCount, openResponseStore, RATING_JOURNAL_FILE, readPreferences, writePreferences, type RatingJournal, type ResponseStore } from '../storage/index.js';
import {
  createAppStore,
  openInBrowser,
  clipboardyClipboard,
  type AppStore,
  type ServiceInfo,
  type ServiceTarget,
} from '../state/index.js';
import { choosePictureProtocol, installedKittyVersion, isPaintedProtocol, parseSixelCell } from '../terminal/picture-protocol.js';
import { rebindKeymap } from '../ui/key-bindings.js';
import { firstReadsOf } from '../ui/first-reads.js';
import { closeKittyImages } from '../terminal/kitty-images.js';
import { paintingStream } from '../terminal/painted-pictures.js';
import { KEYMAP, setKeymap } from '../ui/keymap.js';
import { FOCUS_REPORTING_OFF, FOCUS_REPORTING_ON, MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from '../ui/input/mouse-events.js';
import { themeFor } from '../ui/theme.js';

/**
 * The TUI once its settings are read and the embedded catalog (when there is one) is starting:
 * the store, the first frame, and the terminal put back as it was however the program ends:
 * q, Ctrl-C, SIGTERM, SIGHUP, or a crash. Loaded by the `marquee` command (tui.ts) after it has
 * set the embedded server going, so Ink, React and the screens load while the server starts.
 */

const ENTER_ALTERNATE_SCREEN = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALTERNATE_SCREEN = '\u001B[?1049l';
const HIDE_CURSOR = '\u001B[?25l';
const SHOW_CURSOR = '\u001B[?25h';

/**
 * Ink draws at most this many frames a second: a change that comes less than 1000 / this ms after
 * the last frame waits for the end of that window. At Ink's default of 30 a key, or the answer
 * that brings the first rows, could wait 33 ms behind the frame before it (the Movies tab's first
 * rows waited 30-45 ms behind the one that said the service was ready); at 120 a change waits
 * 8.3 ms at most, the key-to-frame goal of the bench (test/bench/README.md). A burst of changes
 * still draws one frame per window, not one per change.
 */
export const FRAME_RATE_LIMIT = 120;

/** The longest a screen waits for one answer, retries included. */
const TUI_CALL_DEADLINE_MS = 30_000;

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

function serviceOf(settings: Settings): ServiceInfo {
  return settings.baseUrl
    ? { kind: 'remote', label: new URL(settings.baseUrl).host }
    : { kind: 'embedded', label: 'embedded catalog' };
}

/** What the UI starts from: the settings read, and the embedded catalog already starting. */
export interface TuiStart {
  settings: Settings;
  dataDir: string;
  color: boolean;
  serverWorker?: URL;
  /** Set when the TUI runs on the embedded catalog. */
  serverStart?: Promise<EmbeddedServer>;
}

export async function runTuiApp(start: TuiStart): Promise<number> {
  const { settings, dataDir, color, serverWorker } = start;
  let server: EmbeddedServer | undefined;
  let serverStart = start.serverStart;
  let closeClient: (() => unknown) | undefined;
  let responseStore: ResponseStore | undefined;

  // Loaded after the first frame, and while the embedded server starts rather than after it.
  let clientModule: Promise<typeof import('../api/client.js')> | undefined;
  const loadClientModule = () => (clientModule ??= import('../api/client.js'));

  const connect = async (): Promise<ServiceTarget> => {
    loadClientModule().catch(() => undefined);
    if (settings.baseUrl) {
      // HTTP's client (undici, which the client's transport loads with its first request) is
      // loaded now, beside the client's module, rather than between that request and its sending.
      import('../api/transport.js').then(({ loadUndici }) => loadUndici()).catch(() => undefined);
      // The approval page of the service the person named (marquee serve serves its own).
      return { baseUrl: settings.baseUrl, token: settings.token, approvalBase: approvalBaseFor(settings.baseUrl) };
    }
    if (!server) {
      try {
        server = await (serverStart ?? startEmbeddedServer(dataDir, serverWorker));
        markStartup('catalog-ready');
      } finally {
        // A failed start is tried afresh by the next retry.
        serverStart = undefined;
      }
    }
    const embedded: EmbeddedServer = server;
    const { username, file } = embedded.demoAccount;
    return {
      baseUrl: embedded.url,
      token: embedded.token,
      approvalBase: embedded.url,
      // The password stays in its 0600 file; the screen only says where it is.
      signInHint: `The embedded catalog has a demo account "${username}"${file ? `; its password is in ${file}` : ''}.`,
    };
  };

  const service = serviceOf(settings);
  const pictures = choosePictureProtocol({
    setting: settings.config.config.images,
    env: process.env,
    color,
    colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth() : undefined,
    kittyVersion: installedKittyVersion(process.env),
    sixelCell: parseSixelCell(settings.config.config.sixel_cell),
  });
  const ratingJournal = fileRatingJournal(dataDir, settings.baseUrl);
  const store: AppStore = createAppStore({
    service,
    connect,
    async createClient(target, session, onReachability) {
      const { CatalogClient } = await loadClientModule();
      responseStore?.close();
      // Kept on disk for a service that can be out of reach; the in-process catalog never is
      // (and its port changes every run, so its answers could never be found again).
      responseStore =
        service.kind === 'remote' && settings.cacheDir
          ? openResponseStore({
              dir: settings.cacheDir,
              service: target.baseUrl,
              warn: (message) => store.getState().notifications.notify(message, 'warning', 15_000),
            })
          : undefined;
      const client = new CatalogClient({
        baseUrl: target.baseUrl,
        token: target.token ?? '',
        session,
        timeoutMs: settings.timeoutMs,
        // The embedded catalog's thread answers through its port (server.transport), not HTTP.
        transport: await timedTransport(service.kind === 'remote' ? undefined : server?.transport, settings.timeoutMs),
        // A screen waits this long at most for one answer, retries included; then it says so.
        deadlineMs: Math.max(TUI_CALL_DEADLINE_MS, settings.timeoutMs),
        // The real service limits each client; the embedded catalog does not.
        rateLimit: service.kind === 'remote' ? SERVICE_RATE_LIMIT : undefined,
        persistentCache: responseStore,
        onReachability,
      });
      closeClient = () => client.close();
      return client;
    },
    sessions: fileSessionStorage(dataDir, settings.baseUrl),
    ratingJournal,
    ratingDates: fileRatingDates(dataDir, settings.baseUrl),
    dataDir,
    configFile: settings.configFile,
    openUrl: openInBrowser,
    clipboard: { environment: { platform: process.platform, env: process.env }, system: clipboardyClipboard },
    watchRegion: settings.region.value,
    regionSetting: settings.region,
    contentLanguage: settings.language,
    preferences: {
      file: settings.settingsFile,
      load: () => readPreferences(settings.settingsFile).preferences,
      save: (preferences) => writePreferences(settings.settingsFile, preferences),
    },
    terminalSize: { columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 },
    previewPane: settings.config.config.preview,
    pictureProtocol: pictures.protocol,
    picturesThroughTmux: pictures.throughTmux,
    sixelCell: parseSixelCell(settings.config.config.sixel_cell),
  });

  for (const warning of settings.warnings) store.getState().notifications.notify(warning, 'warning', 15_000);
  for (const warning of applyKeyBindings(settings)) store.getState().notifications.notify(warning, 'warning', 15_000);
  // The screens write their key hints when first loaded: only now that the user's keys apply.
  const { App } = await import('../ui/App.js');
  markStartup('modules-evaluated');

  const mouse = settings.config.config.mouse === true;
  const terminal = takeOverTerminal(mouse);
  // Ctrl-C is a key like any other here (raw mode): the keymap quits with it, after cleanup.
  // Ctrl-Z likewise: it suspends through jobControl, which exists once Ink has rendered.
  const inkHandle: { suspendTerminal?: SuspendTerminal } = {};
  const jobControl = handleJobControl(terminal, inkHandle);
  const app = (
    <SuspendOnCtrlZ ink={inkHandle} suspend={() => jobControl.suspend()}>
      <App store={store} theme={themeFor(color, settings.config.config.theme)} mouse={mouse} />
    </SuspendOnCtrlZ>
  );
  const crashKey = process.env.MARQUEE_TEST_CRASH_KEY;
  const ink = render(crashKey ? <CrashOnKeyForTests crashKey={crashKey}>{app}</CrashOnKeyForTests> : app, {
    exitOnCtrlC: false,
    patchConsole: true,
    // iTerm2 images and sixel are painted into each frame as Ink writes it (painted-pictures.ts).
    ...(isPaintedProtocol(pictures.protocol) ? { stdout: paintingStream(process.stdout) } : {}),
    // Each frame rewrites every line: painted pictures rely on it (painted-pictures.ts).
    incrementalRendering: false,
    maxFps: FRAME_RATE_LIMIT,
  });
  markStartup('first-frame');

  const shutDown = (code: number, message?: string) => {
    try {
      ink.unmount();
    } catch {
      // Already unmounted, or React is in a broken state: the terminal is what matters now.
    }
    closeKittyImages(process.stdout);
    terminal.restore();
    if (message) process.stderr.write(`marquee: ${message}\n`);
    process.exit(code);
  };
  const onSignal = (signal: keyof typeof SIGNAL_EXIT_CODES) => () => shutDown(SIGNAL_EXIT_CODES[signal]);
  const onFatal = (error: unknown) => shutDown(1, error instanceof Error ? error.message : String(error));
  const handlers = {
    SIGINT: onSignal('SIGINT'),
    SIGTERM: onSignal('SIGTERM'),
    SIGHUP: onSignal('SIGHUP'),
  };
  for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);

  // The first screen's list is asked with the connection's first requests.
  void store.getState().connection.start(() => firstReadsOf(store.getState()));

  let exitCode = 0;
  try {
    await ink.waitUntilExit();
  } catch (error) {
    exitCode = 1;
    terminal.restore();
    process.stderr.write(`marquee: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    jobControl.dispose();
    // The terminal keeps the images sent to it until they are deleted.
    closeKittyImages(process.stdout);
    terminal.restore();
    for (const [signal, handler] of Object.entries(handlers)) process.off(signal, handler);
  }
  // The embedded server and the client's connections would keep the process alive.
  await Promise.allSettled([closeClient?.(), server?.close()]);
  responseStore?.close();
  // Quit with ratings the service does not hold yet: they are not lost, and the user should know where they wait.
  if (exitCode === 0) sayKeptRatings(ratingJournal, join(dataDir, RATING_JOURNAL_FILE));
  process.off('uncaughtException', onFatal);
  process.off('unhandledRejection', onFatal);
  return exitCode;
}

/** One line after the terminal is given back: how many ratings the journal keeps for the next start, and where. */
function sayKeptRatings(journal: RatingJournal, path: string): void {
  const say = (text: string) => process.stderr.write(`marquee: ${oneLine(text)}\n`);
  try {
    const kept = keptRatingCount(journal, say);
    if (kept > 0) say(`${kept} ${kept === 1 ? 'rating' : 'ratings'} not yet on the service ${kept === 1 ? 'is' : 'are'} kept in ${path} and will be sent at the next start`);
  } catch (error) {
    say(`could not read the ratings kept on this machine: ${error instanceof Error ? error.message : String(error)}`);
  }
}

interface TakenTerminal {
  /** Gives the terminal back for good (idempotent). */
  restore(): void;
  /** Gives it back while the program is stopped (Ctrl-Z): cooked mode, cursor, normal screen. */
  release(): void;
  /** Takes it again after `fg`: alternate screen, hidden cursor, raw mode. */
  retake(): void;
}

function setRawMode(on: boolean): void {
  try {
    if (process.stdin.isTTY && process.stdin.isRaw !== on) process.stdin.setRawMode(on);
  } catch {
    // stdin already closed (the terminal went away): nothing to change.
  }
}

/**
 * Alternate screen, hidden cursor and focus reporting now, and mouse reporting when the config
 * turns it on; `restore` (idempotent) puts everything back. A terminal left reporting the mouse
 * or the focus would type escape codes into the shell on every click or window switch, so they
 * are turned off on every way out, and also when the process exits by a path that skipped restore.
 */
function takeOverTerminal(mouse: boolean): TakenTerminal {
  const take = () => process.stdout.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR + FOCUS_REPORTING_ON + (mouse ? MOUSE_REPORTING_ON : ''));
  take();
  let restored = false;
  const release = () => {
    setRawMode(false);
    process.stdout.write((mouse ? MOUSE_REPORTING_OFF : '') + FOCUS_REPORTING_OFF + SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN);
  };
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    release();
  };
  process.on('exit', restore);
  return {
    restore,
    release,
    retake() {
      if (restored) return;
      take();
      setRawMode(true);
    },
  };
}

/**
 * Job control. In raw mode Ctrl-Z is a key, not a signal, so it is caught here (and SIGTSTP sent
 * by `kill` too): Ink hands the terminal back (raw mode off, frame erased), we leave the
 * alternate screen and show the cursor, and the process stops itself like any shell job. `fg`
 * sends SIGCONT: the size is read afresh (the window may have changed meanwhile), the screen
 * taken again, and Ink draws the whole frame.
 */
function handleJobControl(terminal: TakenTerminal, ink: { suspendTerminal?: SuspendTerminal }): { suspend(): void; dispose(): void } {
  let stopped = false;
  let suspension: Promise<TerminalSuspension> | undefined;
  const resume = () => {
    if (!stopped) return;
    stopped = false;
    process.off('SIGCONT', resume);
    process.on('SIGTSTP', suspend);
    // Node reads the window size on SIGWINCH only, and that went to the shell while we were stopped.
    (process.stdout as { _refreshSize?: () => void })._refreshSize?.();
    terminal.retake();
    void suspension?.then((held) => held.resume()).catch(() => undefined);
    suspension = undefined;
  };
  const suspend = () => {
    if (stopped || !ink.suspendTerminal) return;
    stopped = true;
    suspension = ink.suspendTerminal();
    void suspension.then(
      () => {
        terminal.release();
        process.once('SIGCONT', resume);
        // Without a listener SIGTSTP does what it does to any program: stop it until SIGCONT.
        process.off('SIGTSTP', suspend);
        process.kill(process.pid, 'SIGTSTP');
        // Without a shell's job control (an orphaned process group) the kernel ignores the stop:
        // then this timer takes the terminal back at once. After a real stop it runs after `fg`.
        setTimeout(resume, 100);
      },
      () => {
        stopped = false;
      },
    );
  };
  process.on('SIGTSTP', suspend);
  return {
    suspend,
    dispose() {
      process.off('SIGTSTP', suspend);
      process.off('SIGCONT', resume);
    },
  };
}

/** Ctrl-Z, whatever screen has the keys; and Ink's suspendTerminal, for SIGTSTP from outside. */
function SuspendOnCtrlZ({ ink, suspend, children }: { ink: { suspendTerminal?: SuspendTerminal }; suspend: () => void; children: ReactNode }) {
  const { suspendTerminal } = useApp();
  ink.suspendTerminal = suspendTerminal;
  useInput((input, key) => {
    if (key.ctrl && input === 'z') suspend();
  });
  return children;
}

/**
 * Test hook, inert unless MARQUEE_TEST_CRASH_KEY is set: pressing that key throws inside the
 * render tree, so tests can check that a real crash still gives the terminal back.
 */
function CrashOnKeyForTests({ crashKey, children }: { crashKey: string; children: ReactNode }) {
  const [crashed, setCrashed] = useState(false);
  useInput((input) => {
    if (input === crashKey) setCrashed(true);
  });
  if (crashed) throw new Error(`crash requested with MARQUEE_TEST_CRASH_KEY (${crashKey})`);
  return children;
}

/**
 * Lays the config file's keys over the keymap; says what could not apply (by line), which
 * keeps its own keys.
 */
function applyKeyBindings(settings: Settings): string[] {
  const { config, path } = settings.config;
  const { keymap, problems } = rebindKeymap(KEYMAP, config.keys ?? {});
  setKeymap(keymap);
  return problems.map((problem) => describeProblem(path ?? settings.configFile, {
    setting: ['keys', ...problem.path].join('.'),
    message: problem.message,
    line: settings.config.lineOf(['keys', ...problem.path]),
  }));
}
