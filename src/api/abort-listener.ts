/**
 * Listening for a signal's abort for as long as a call runs, without keeping what the call
 * holds alive after it ends.
 *
 * The signals the client listens to often outlive its calls by far (the client's own lives as
 * long as the client, a screen's for as long as the screen), and Node's EventTarget leaves a
 * removed listener linked to the listener added after it. Once such a listener has moved to the
 * old generation of the heap, the young-generation collector treats what it links to as alive:
 * the next listener, its callback, and whatever that callback reaches, which for a call is its
 * answer (through the call's promise). So every answer was copied into the old generation and
 * freed only by a full collection; in the client's profile that garbage collection cost about
 * as much as all of its own code. The listener registered here reaches the caller's `onAbort`
 * only through a holder that `stop()` empties.
 */

/** Calls `onAbort` once if `signal` aborts before the returned `stop()` is called. */
export function listenForAbort(signal: AbortSignal, onAbort: () => void): () => void {
  const holder: { onAbort: (() => void) | undefined } = { onAbort };
  const listener = () => {
    const run = holder.onAbort;
    holder.onAbort = undefined;
    run?.();
  };
  signal.addEventListener('abort', listener, { once: true });
  return () => {
    holder.onAbort = undefined;
    signal.removeEventListener('abort', listener);
  };
}
