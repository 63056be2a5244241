import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, vi } from 'vitest';
import { CatalogClient } from '../../src/api/index.js';
import { listenForAbort } from '../../src/api/abort-listener.js';
import { sampleAnswer } from './samples.js';
import { serverTest } from './server-fixture.js';

/**
 * What a call leaves behind must not reach its answer once the caller has dropped it.
 *
 * Node's EventTarget leaves a removed listener linked to the one added after it, and V8 may keep
 * a Map's outgrown storage with the entries it held. Neither is garbage a young-generation
 * collection can see through when it sits in the old generation: what it reaches survives until
 * a full collection. A call listens to signals that outlive it and files itself in the client's
 * table of requests in flight, and when those reached the answer every answer was copied into
 * the old generation: the client's garbage collection cost about as much as all of its own code.
 *
 * These tests keep every listener registered and every value put in a Map or Set while a call
 * runs, as those structures can, and check with a full collection that the answer is not
 * reachable from them. (V8's young collector leaves weak references alone, so it cannot be asked
 * directly.)
 */

setFlagsFromString('--expose-gc');
const fullCollection = runInNewContext('gc') as () => void;
/** A WeakRef keeps its target until the current job ends: the collection comes a turn later. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * From now on, every listener added to any EventTarget and every value set in any Map or added
 * to any Set stays referenced.
 */
function keepListenersAndMapValues(): void {
  vi.spyOn(EventTarget.prototype, 'addEventListener');
  vi.spyOn(Map.prototype, 'set');
  vi.spyOn(Set.prototype, 'add');
}

afterEach(() => {
  vi.restoreAllMocks();
});

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  const client = new CatalogClient({ baseUrl: server.url, token: 't', retry: { maxRetries: 0 }, cache: false });
  onCleanup(() => client.close());
  return client;
});

/** A weak reference to the answer of one call; the call's promise is not held either. */
async function answerOf(call: () => Promise<unknown>): Promise<WeakRef<object>> {
  return new WeakRef((await call()) as object);
}

describe('an answer the caller dropped', () => {
  test('is not reached from the listeners and table entries its call left behind', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('popularMovies') }));
    keepListenersAndMapValues();
    const answer = await answerOf(() => client.call('popularMovies', { query: { page: 1 } }));
    await nextTurn();
    fullCollection();
    expect(answer.deref()).toBeUndefined();
  });

  test('nor when the caller passed a signal of its own, or other callers shared the request', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('popularMovies') }));
    const screen = new AbortController();
    keepListenersAndMapValues();
    const answers = await Promise.all([
      answerOf(() => client.call('popularMovies', { query: { page: 2 }, signal: screen.signal })),
      answerOf(() => client.call('popularMovies', { query: { page: 2 } })),
      answerOf(() => client.call('popularMovies', { query: { page: 2 }, signal: screen.signal })),
    ]);
    expect(server.requests).toHaveLength(1);
    await nextTurn();
    fullCollection();
    expect(answers.map((answer) => answer.deref())).toEqual([undefined, undefined, undefined]);
  });
});

/** Listens with a callback that alone holds an object; `held` tells whether that object is alive. */
function listenHolding(signal: AbortSignal): { held: WeakRef<object>; stop: () => void } {
  const value = { answer: 'x'.repeat(100) };
  return { held: new WeakRef(value), stop: listenForAbort(signal, () => void value) };
}

describe('listenForAbort', () => {
  test('calls back once when the signal aborts, and never after it stopped listening', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    listenForAbort(controller.signal, () => calls.push('kept'));
    const stop = listenForAbort(controller.signal, () => calls.push('stopped'));
    stop();
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['kept']);
  });

  test('adds one listener to a signal however many calls listen to it, and calls them back in the order they started', () => {
    const controller = new AbortController();
    const listenersAdded = vi.spyOn(controller.signal, 'addEventListener');
    const calls: number[] = [];
    for (let call = 0; call < 5; call++) listenForAbort(controller.signal, () => calls.push(call))();
    const stops = [1, 2, 3].map((call) => listenForAbort(controller.signal, () => calls.push(call)));
    stops[1]!();
    controller.abort();
    expect(listenersAdded).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([1, 3]);
    // As an EventTarget listener added after the abort: never called.
    listenForAbort(controller.signal, () => calls.push(4));
    controller.abort();
    expect(calls).toEqual([1, 3]);
  });

  test('once stopped, the listener it registered no longer reaches what the callback held', async () => {
    const signal = new AbortController().signal;
    const listenersAdded = vi.spyOn(signal, 'addEventListener');
    const { held, stop } = listenHolding(signal);
    await nextTurn();
    fullCollection();
    expect(held.deref()).toBeDefined();
    stop();
    await nextTurn();
    fullCollection();
    expect(listenersAdded).toHaveBeenCalledTimes(1);
    expect(held.deref()).toBeUndefined();
  });
});
