import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  copyText,
  homepageAddress,
  imdbAddress,
  missingOpener,
  openAddress,
  osc52,
  systemClipboardMissing,
  tvdbAddress,
  wikidataAddress,
  type OpenerEnvironment,
} from '../../src/state/index.js';
import { makeStore } from './support.js';

/** A child process that ends (or fails to start) as told, right after the listeners are attached. */
function fakeChild(end: { exit?: number; error?: string }): ChildProcess {
  const child = new EventEmitter() as ChildProcess;
  child.unref = () => {};
  queueMicrotask(() => {
    if (end.error) child.emit('error', Object.assign(new Error(`spawn failed: ${end.error}`), { code: end.error }));
    else child.emit('exit', end.exit ?? 0, null);
  });
  return child;
}

function opener(overrides: Partial<OpenerEnvironment> & { programs?: string[]; end?: { exit?: number; error?: string } } = {}) {
  const spawned: [string, readonly string[]][] = [];
  const environment: OpenerEnvironment = {
    platform: 'linux',
    env: { DISPLAY: ':0' },
    hasProgram: (command) => (overrides.programs ?? ['xdg-open']).includes(command),
    spawn: (command, args) => {
      spawned.push([command, args]);
      return fakeChild(overrides.end ?? { exit: 0 });
    },
    ...overrides,
  };
  return { environment, spawned };
}

const URL = 'https://image.example.org/t/p/original/poster.jpg';

describe('opening an address', () => {
  it('runs the platform opener and says it opened once the opener succeeded', async () => {
    const { environment, spawned } = opener();
    expect(await openAddress(URL, environment)).toEqual({ kind: 'opened', command: 'xdg-open' });
    expect(spawned).toEqual([['xdg-open', [URL]]]);
    const mac = opener({ platform: 'darwin', env: {}, programs: ['open'] });
    expect(await openAddress(URL, mac.environment)).toEqual({ kind: 'opened', command: 'open' });
  });

  it('says there is no opener without xdg-open, and runs nothing', async () => {
    const bare = opener({ programs: [] });
    expect(await openAddress(URL, bare.environment)).toEqual({ kind: 'no-opener', why: 'xdg-open is not installed' });
    expect(bare.spawned).toEqual([]);
    expect(missingOpener({ platform: 'darwin', hasProgram: (command) => command === 'open' })).toBeUndefined();
    expect(missingOpener({ platform: 'win32', hasProgram: () => false })).toBeUndefined();
  });

  it('says the opener failed when it exits with an error (xdg-open on a machine without a display), and when it cannot start', async () => {
    const headless = opener({ env: { SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 22' }, end: { exit: 3 } });
    expect(await openAddress(URL, headless.environment)).toEqual({ kind: 'failed', why: 'xdg-open exited with status 3' });
    expect(await openAddress(URL, opener({ end: { error: 'ENOENT' } }).environment)).toEqual({ kind: 'no-opener', why: 'xdg-open is not installed' });
  });

  it('never hands a non-web address to the opener', async () => {
    const { environment, spawned } = opener();
    expect((await openAddress('file:///etc/passwd', environment)).kind).toBe('failed');
    expect(spawned).toEqual([]);
  });
});

describe('copying an address', () => {
  const terminal = () => {
    const written: string[] = [];
    return { written, write: (sequence: string) => void written.push(sequence) };
  };

  it('uses the system clipboard when there is a display and its program works', async () => {
    const copied: string[] = [];
    const out = terminal();
    const route = await copyText(URL, { platform: 'linux', env: { DISPLAY: ':0' } }, async (text) => void copied.push(text), out.write);
    expect(route).toBe('system');
    expect(copied).toEqual([URL]);
    expect(out.written).toEqual([]);
  });

  it("sends OSC 52 to the terminal over ssh without a display, without trying the clipboard program", async () => {
    const out = terminal();
    let tried = false;
    const environment = { platform: 'linux' as const, env: { SSH_TTY: '/dev/pts/3' } };
    expect(systemClipboardMissing(environment)).toBe('over ssh without a display');
    const route = await copyText(URL, environment, async () => void (tried = true), out.write);
    expect(route).toBe('terminal');
    expect(tried).toBe(false);
    expect(out.written).toEqual([osc52(URL)]);
    expect(osc52(URL)).toBe(`\u001B]52;c;${Buffer.from(URL).toString('base64')}\u0007`);
  });

  it('falls back to OSC 52 when the clipboard program fails (clipboardy throws when it finds none)', async () => {
    const out = terminal();
    const failing = async () => {
      throw new Error("Couldn't find the `xsel` binary and fallback didn't work.");
    };
    expect(await copyText(URL, { platform: 'darwin', env: {} }, failing, out.write)).toBe('terminal');
    expect(out.written).toEqual([osc52(URL)]);
  });

  it('the toast says which clipboard took it, and only once it did; a failure says so with the address', async () => {
    const copied: string[] = [];
    const system = makeStore({ baseUrl: 'http://127.0.0.1:9', token: 't', approvalBase: 'http://127.0.0.1:9' }, { clipboard: { environment: { platform: 'linux', env: { DISPLAY: ':0' } }, system: async (t) => void copied.push(t) } });
    const toasts = (s: typeof system) => s.store.getState().notifications.toasts.map((t) => t.text);
    try {
      await system.store.getState().browser.copy(URL, () => {
        throw new Error('not this way');
      });
      expect(copied).toEqual([URL]);
      expect(toasts(system)).toEqual([`Copied to the clipboard: ${URL}`]);
    } finally {
      system.cleanup();
    }
    const headless = makeStore({ baseUrl: 'http://127.0.0.1:9', token: 't', approvalBase: 'http://127.0.0.1:9' }, { clipboard: { environment: { platform: 'linux', env: {} }, system: async () => {} } });
    try {
      const written: string[] = [];
      await headless.store.getState().browser.copy(URL, (sequence) => void written.push(sequence));
      expect(written).toEqual([osc52(URL)]);
      expect(toasts(headless)).toEqual([`Asked the terminal to copy (OSC 52; it may not): ${URL}`]);
      await headless.store.getState().browser.copy(URL, () => {
        throw new Error('the terminal is gone');
      });
      expect(headless.store.getState().notifications.toasts.at(-1)).toMatchObject({ text: 'Could not copy: the terminal is gone. The address:', level: 'error', address: URL });
    } finally {
      headless.cleanup();
    }
  });
});

describe('the pages behind ids', () => {
  it('builds addresses only from ids of the right shape', () => {
    expect(imdbAddress('tt0111161')).toBe('https://www.imdb.com/title/tt0111161/');
    expect(imdbAddress('nm0000151')).toBe('https://www.imdb.com/name/nm0000151/');
    expect(imdbAddress('tt1\u001B]52;c;eA==\u0007')).toBeUndefined();
    expect(wikidataAddress('Q42')).toBe('https://www.wikidata.org/wiki/Q42');
    expect(tvdbAddress('episode', 4_365_540)).toBe('https://thetvdb.com/dereferrer/episode/4365540');
    expect(tvdbAddress('series', null)).toBeUndefined();
    expect(homepageAddress(' https://example.org/film ')).toBe('https://example.org/film');
    expect(homepageAddress('javascript:alert(1)')).toBeUndefined();
    expect(homepageAddress('https://example.org/\u001B[2J')).toBeUndefined();
  });
});
