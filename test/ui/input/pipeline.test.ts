import { describe, expect, it } from 'vitest';
import { escapeThenKey, key, keyEventsFromInk, type InputEvent } from '../../../src/ui/input/key-events.js';
import { InputPipeline, MAX_QUEUED_EVENTS, type ScreenWait } from '../../../src/ui/input/pipeline.js';

const names = (events: readonly InputEvent[]) => events.map((e) => (e.kind === 'key' ? e.name : e.kind === 'paste' ? `paste:${e.text}` : `mouse:${e.action}:${e.button}@${e.x},${e.y}`));

const isLetter = (event: InputEvent) => event.kind === 'key' && /^[a-z]$/.test(event.name);

const commitAfter = (counter: { commits: number }) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  counter.commits++;
};

describe('the input pipeline', () => {
  it('routes the keys of one read in order, a key after a command only once the command is rendered', async () => {
    const log: string[] = [];
    const counter = { commits: 0 };
    const pipeline = new InputPipeline({
      route: (event) => {
        log.push(`${names([event])[0]} after ${counter.commits}`);
        return event.kind === 'key' && event.name === 'x' ? 'none' : 'acted';
      },
      waitForCommit: commitAfter(counter),
      waitForScreen: async () => 'loaded' as const,
      isEdit: () => false,
    });
    pipeline.push([key('/'), key('x'), key('g'), key('e')]);
    // The first key is routed at once, in the read's own call.
    expect(log).toEqual(['/ after 0']);
    await pipeline.whenIdle();
    // 'x' did nothing, so 'g' did not wait for a render after it.
    expect(log).toEqual(['/ after 0', 'x after 1', 'g after 1', 'e after 2']);
  });

  it('takes an Alt+key nothing binds as Esc and then the key, each rendered before the next', async () => {
    const log: string[] = [];
    const counter = { commits: 0 };
    const pipeline = new InputPipeline({
      // A field that moves by words binds Alt+b; nothing binds Alt+q.
      route: (event) => {
        log.push(`${names([event])[0]} after ${counter.commits}`);
        return event.kind === 'key' && event.name === 'meta+q' ? 'none' : 'acted';
      },
      waitForCommit: commitAfter(counter),
      waitForScreen: async () => 'loaded' as const,
      isEdit: () => false,
      typedAs: escapeThenKey,
    });
    pipeline.push([key('meta+b'), key('meta+q'), key('j')]);
    await pipeline.whenIdle();
    expect(log).toEqual(['meta+b after 0', 'meta+q after 1', 'esc after 1', 'q after 2', 'j after 3']);
    expect(escapeThenKey(key('meta+backspace'))).toBeUndefined();
    expect(names(escapeThenKey(key('meta+down')) ?? [])).toEqual(['esc', 'down']);
    expect(escapeThenKey({ kind: 'paste', text: 'q' })).toBeUndefined();
  });

  it('lets a field take several keys without a render between them, and renders them before the next command', async () => {
    const log: string[] = [];
    const counter = { commits: 0 };
    const pipeline = new InputPipeline({
      route: (event) => {
        log.push(`${names([event])[0]} after ${counter.commits}`);
        return isLetter(event) ? 'edited' : 'acted';
      },
      waitForCommit: commitAfter(counter),
      waitForScreen: async () => 'loaded' as const,
      isEdit: isLetter,
    });
    pipeline.push([key('a'), key('b'), key('c'), key('enter'), key('d')]);
    await pipeline.whenIdle();
    // Enter (which submits what was typed) waits until "abc" is rendered; 'd' waits for Enter's render.
    expect(log).toEqual(['a after 0', 'b after 0', 'c after 0', 'enter after 1', 'd after 2']);
  });

  it('renders edits that ended one read before a command that starts the next', async () => {
    const log: string[] = [];
    const counter = { commits: 0 };
    const pipeline = new InputPipeline({
      route: (event) => {
        log.push(`${names([event])[0]} after ${counter.commits}`);
        return isLetter(event) ? 'edited' : 'acted';
      },
      waitForCommit: commitAfter(counter),
      waitForScreen: async () => 'loaded' as const,
      isEdit: isLetter,
    });
    pipeline.push([key('p'), key('w')]);
    await pipeline.whenIdle();
    pipeline.push([key('enter')]);
    await pipeline.whenIdle();
    expect(log).toEqual(['p after 0', 'w after 0', 'enter after 1']);
  });

  it('holds a key typed ahead of a loading screen until it has loaded, and keeps the keys after it in order', async () => {
    const log: string[] = [];
    let loaded = false;
    let finishLoading!: (how: ScreenWait) => void;
    const pipeline = new InputPipeline({
      route: (event) => {
        const name = names([event])[0]!;
        if (name === 'i' && !loaded) return 'loading';
        log.push(name);
        return 'acted';
      },
      waitForCommit: async () => {},
      waitForScreen: () => new Promise((resolve) => (finishLoading = resolve)),
      isEdit: () => false,
    });
    pipeline.push([key('enter'), key('i'), key('j')]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['enter']);
    loaded = true;
    finishLoading('loaded');
    await pipeline.whenIdle();
    expect(log).toEqual(['enter', 'i', 'j']);
  });

  it('waits through a screen that loads in stages (which title, then its details) before routing the key', async () => {
    const log: string[] = [];
    const dropped: string[] = [];
    let stagesLeft = 2;
    let finishStage!: (how: ScreenWait) => void;
    const pipeline = new InputPipeline({
      route: (event) => {
        const name = names([event])[0]!;
        if (name === 'C' && stagesLeft > 0) return 'loading';
        log.push(name);
        return 'acted';
      },
      waitForCommit: async () => {},
      waitForScreen: () => new Promise((resolve) => (finishStage = resolve)),
      isEdit: () => false,
      onDropped: (event) => dropped.push(names([event])[0]!),
    });
    pipeline.push([key('l'), key('C'), key('j')]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The first stage ends, and the next one is loading by the time the key is routed again.
    stagesLeft = 1;
    finishStage('loaded');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['l']);
    stagesLeft = 0;
    finishStage('loaded');
    await pipeline.whenIdle();
    expect(log).toEqual(['l', 'C', 'j']);
    expect(dropped).toEqual([]);
  });

  it('drops a key whose screen is still loading after the wait, and says so; Ctrl-C never waits', async () => {
    const dropped: string[] = [];
    const routed: string[] = [];
    let finishLoading!: (how: ScreenWait) => void;
    const pipeline = new InputPipeline({
      route: (event) => {
        routed.push(names([event])[0]!);
        return names([event])[0] === 'ctrl+c' ? 'acted' : 'loading';
      },
      waitForCommit: async () => {},
      waitForScreen: () => new Promise((resolve) => (finishLoading = resolve)),
      isEdit: () => false,
      isUrgent: (event) => names([event])[0] === 'ctrl+c',
      onDropped: (event) => dropped.push(names([event])[0]!),
    });
    pipeline.push([key('i')]);
    pipeline.push([key('ctrl+c')]);
    expect(routed).toEqual(['i', 'ctrl+c']);
    finishLoading('gave-up');
    await pipeline.whenIdle();
    expect(dropped).toEqual(['i']);
  });

  it('keeps routing after a key whose command throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const pipeline = new InputPipeline({
      route: (event) => {
        seen.push(names([event])[0]!);
        if (seen.length === 1) throw new Error('boom');
        return 'acted';
      },
      waitForCommit: async () => {},
      waitForScreen: async () => 'loaded' as const,
      isEdit: () => false,
      onError: (error) => errors.push(error),
    });
    pipeline.push([key('a'), key('b')]);
    await pipeline.whenIdle();
    expect(seen).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
  });

  it('drops what is queued past its bound instead of piling up work', async () => {
    let routed = 0;
    const pipeline = new InputPipeline({
      route: () => {
        routed++;
        return 'acted';
      },
      waitForCommit: () => new Promise((resolve) => setImmediate(resolve)),
      waitForScreen: async () => 'loaded' as const,
      isEdit: () => false,
    });
    pipeline.push(Array.from({ length: MAX_QUEUED_EVENTS + 500 }, () => key('j')));
    await pipeline.whenIdle();
    expect(routed).toBe(MAX_QUEUED_EVENTS);
  });
});

describe('key events from what Ink parsed', () => {
  const none = {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
    home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
    backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
  };
  it('splits a run of characters into keys and names control characters', () => {
    expect(names(keyEventsFromInk('ger', none))).toEqual(['g', 'e', 'r']);
    expect(names(keyEventsFromInk('salt\r', none))).toEqual(['s', 'a', 'l', 't', 'enter']);
    expect(names(keyEventsFromInk('a\tb\u007f\u0015\u0007', none))).toEqual(['a', 'tab', 'b', 'backspace', 'ctrl+u', 'ctrl+g']);
    expect(names(keyEventsFromInk('é🎬', none))).toEqual(['é', '🎬']);
  });

  it('names modified and special keys, and ignores what has no name', () => {
    expect(names(keyEventsFromInk('w', { ...none, ctrl: true }))).toEqual(['ctrl+w']);
    expect(names(keyEventsFromInk('b', { ...none, meta: true }))).toEqual(['meta+b']);
    expect(names(keyEventsFromInk('', { ...none, backspace: true, meta: true }))).toEqual(['meta+backspace']);
    // ESC CR and ESC TAB are Esc then Enter and Esc then Tab read together.
    expect(names(keyEventsFromInk('\r', { ...none, return: true, meta: true }))).toEqual(['esc', 'enter']);
    expect(names(keyEventsFromInk('\t', { ...none, tab: true, meta: true }))).toEqual(['esc', 'tab']);
    expect(names(keyEventsFromInk('', { ...none, delete: true }))).toEqual(['delete']);
    // ESC ESC [ B keeps its Alt: Esc then ↓ when nothing takes Alt+↓ (escapeThenKey); Alt+← in a field moves a word.
    expect(names(keyEventsFromInk('', { ...none, downArrow: true, meta: true }))).toEqual(['meta+down']);
    expect(names(keyEventsFromInk('', { ...none, leftArrow: true, meta: true }))).toEqual(['meta+left']);
    expect(names(keyEventsFromInk('f1', { ...none, ctrl: true }))).toEqual([]);
    expect(names(keyEventsFromInk(undefined as unknown as string, { ...none, ctrl: true }))).toEqual([]);
    expect(names(keyEventsFromInk('\u009b\u0000', none))).toEqual([]);
  });
});
