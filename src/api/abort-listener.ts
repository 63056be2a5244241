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
 * as much as all of its own code. The callback is reached only through a holder that `stop()`
 * empties.
 *
 * A signal gets one listener of ours, added the first time a call listens to it and left until
 * it aborts; the calls listening at a time are holders in a set beside it. Adding and removing
 * an EventTarget listener for every call cost about a microsecond each, a set's add and delete
 * a small part of that, and every call listens at least once (the transport, to the client's
 * own signal).
 */

interface Holder {
  onAbort: (() => void) | undefined;
}

/** The holders listening to each signal, beside the one listener that calls them back. */
const listening = new WeakMap<AbortSignal, Set<Holder>>();

function holdersOf(signal: AbortSignal): Set<Holder> {
  let holders = listening.get(signal);
  if (!holders) {
    const added = new Set<Holder>();
    signal.addEventListener(
      'abort',
      () => {
        // In the order they started listening; a holder stopped meanwhile is empty.
        for (const holder of [...added]) {
          const run = holder.onAbort;
          holder.onAbort = undefined;
          run?.();
        }
        added.clear();
      },
      { once: true },
    );
    listening.set(signal, added);
    holders = added;
  }
  return holders;
}

/** Calls `onAbort` once if `signal` aborts before the returned `stop()` is called. */
export function listenForAbort(signal: AbortSignal, onAbort: () => void): () => void {
  const holders = holdersOf(signal);
  const holder: Holder = { onAbort };
  holders.add(holder);
  return () => {
    holder.onAbort = undefined;
    holders.delete(holder);
  };
}
