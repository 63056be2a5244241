import { describe, expect, it } from 'vitest';
import { key, keyEventsFromInk, type KeyEvent } from '../../../src/ui/input/key-events.js';
import { InputPipeline, MAX_QUEUED_EVENTS } from '../../../src/ui/input/pipeline.js';

const names = (events: readonly KeyEvent[]) => events.map((e) => (e.kind === 'key' ? e.name : `paste:${e.text}`));

describe('the input pipeline', () => {
  it('routes the keys of one read in order, each only after the previous one has been committed', async () => {
    const log: string[] = [];
    let commits = 0;
    const pipeline = new InputPipeline(
      (event) => {
        log.push(`route ${names([event])[0]} after ${commits} commits`);
        return event.kind === 'key' && event.name !== 'x';
      },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        commits++;
      },
    );
    pipeline.push([key('/'), key('x'), key('g'), key('e')]);
    // The first key is routed at once, in the read's own call.
    expect(log).toEqual(['route / after 0 commits']);
    await pipeline.whenIdle();
    // 'x' acted on nothing, so 'g' did not wait for a commit after it.
    expect(log).toEqual(['route / after 0 commits', 'route x after 1 commits', 'route g after 1 commits', 'route e after 2 commits']);
  });

  it('keeps routing after a key whose command throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const pipeline = new InputPipeline(
      (event) => {
        seen.push(names([event])[0]!);
        if (seen.length === 1) throw new Error('boom');
        return true;
      },
      async () => {},
      (error) => errors.push(error),
    );
    pipeline.push([key('a'), key('b')]);
    await pipeline.whenIdle();
    expect(seen).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
  });

  it('drops what is queued past its bound instead of piling up work', async () => {
    let routed = 0;
    const pipeline = new InputPipeline(
      () => {
        routed++;
        return true;
      },
      () => new Promise((resolve) => setImmediate(resolve)),
    );
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
    expect(names(keyEventsFromInk('', { ...none, delete: true }))).toEqual(['delete']);
    expect(names(keyEventsFromInk('f1', { ...none, ctrl: true }))).toEqual([]);
    expect(names(keyEventsFromInk(undefined as unknown as string, { ...none, ctrl: true }))).toEqual([]);
    expect(names(keyEventsFromInk('\u009b\u0000', none))).toEqual([]);
  });
});
