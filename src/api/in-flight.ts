import { listenForAbort } from './abort-listener.js';

/**
 * Identical GETs in flight share one request. Each caller keeps its own AbortSignal: a caller
 * that gives up is released at once, and the shared request is cancelled only when every
 * caller has given up.
 */

interface Shared<T> {
  /** The request, until it settles (then no caller can join it any more). */
  promise: Promise<T> | undefined;
  /**
   * Cancels the request once every caller has given up. None when the caller that started it
   * cannot give up (it passed no signal): then only the owner's closing signal ends it.
   */
  controller: AbortController | undefined;
  waiters: number;
  /** Set when a write made the answer possibly stale: new callers must not join it. */
  detached: boolean;
}

export class InFlight<T> {
  private readonly running = new Map<string, Shared<T>>();

  /** `closing`: aborted when the owner closes, before abortAll; every request ends with it. */
  constructor(private readonly closing: AbortSignal) {}

  /**
   * Joins the request for `key`, or starts it with `start`. `start` gets the shared signal and
   * a function telling whether the request was detached meanwhile (then its answer must not be
   * cached). `joined` says whether another caller had already started it. A caller without a
   * `signal` waits until the request settles (or the owner closes, which ends the request).
   */
  run(
    key: string,
    signal: AbortSignal | undefined,
    cancelled: () => Error,
    start: (signal: AbortSignal, isDetached: () => boolean) => Promise<T>,
  ): { promise: Promise<T>; joined: boolean } {
    if (signal?.aborted) return { promise: Promise.reject(cancelled()), joined: false };
    let shared = this.running.get(key);
    const joined = shared !== undefined;
    if (!shared) {
      // A first caller that cannot give up keeps the request going until the owner closes, so
      // the closing signal is all it needs: no controller (and its signal) made per request.
      const controller = signal ? new AbortController() : undefined;
      const entry: Shared<T> = { promise: undefined, controller, waiters: 0, detached: false };
      const settled = () => {
        if (this.running.get(key) === entry) this.running.delete(key);
        // V8 may keep a Map's outgrown storage, and the entries it held, until a full
        // collection: the entry lets go of the request, whose value is the answer, so that
        // storage cannot keep the answer from the young-generation collector.
        entry.promise = undefined;
      };
      // As `finally`, with one promise fewer.
      const promise = start(controller?.signal ?? this.closing, () => entry.detached).then(
        (value) => {
          settled();
          return value;
        },
        (error: unknown) => {
          settled();
          throw error;
        },
      );
      // Every waiter handles the outcome; this keeps an abandoned request from being "unhandled".
      promise.catch(() => undefined);
      entry.promise = promise;
      this.running.set(key, entry);
      shared = entry;
    }
    return { promise: this.wait(key, shared, shared.promise!, signal, cancelled), joined };
  }

  private wait(key: string, shared: Shared<T>, promise: Promise<T>, signal: AbortSignal | undefined, cancelled: () => Error): Promise<T> {
    shared.waiters++;
    if (!signal) return promise;
    return new Promise<T>((resolve, reject) => {
      // Through listenForAbort: the signal may outlive this call by far.
      const stopListening = listenForAbort(signal, () => {
        reject(cancelled());
        shared.waiters--;
        if (shared.waiters === 0) {
          if (this.running.get(key) === shared) this.running.delete(key);
          shared.controller?.abort();
        }
      });
      promise.then(
        (value) => {
          stopListening();
          resolve(value);
        },
        (error: unknown) => {
          stopListening();
          reject(error);
        },
      );
    });
  }

  /** New callers of matching keys start fresh requests; the running ones finish for their callers. */
  detach(matches: (key: string) => boolean): void {
    for (const [key, shared] of [...this.running]) {
      if (matches(key)) {
        shared.detached = true;
        this.running.delete(key);
      }
    }
  }

  /** Cancels everything (the owner is closing: its closing signal ends the rest). */
  abortAll(): void {
    for (const shared of this.running.values()) shared.controller?.abort();
    this.running.clear();
  }
}
