/**
 * Writes sent one after another, in the order they were asked for. One asked while another is
 * out waits for it instead of being refused or dropped, so keys that come in one read (a burst,
 * typing ahead) send what the same keys send one at a time. The marks of a title and the lists
 * each keep their writes in turn with this.
 */
export type InTurn = <T>(write: () => Promise<T>) => Promise<T>;

/** `busy` hears true when a write is asked for with none out, and false when the last is done. */
export function inTurn(busy: (underWay: boolean) => void): InTurn {
  let last: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return (write) => {
    const done = last.then(write);
    // A write that fails does not stop the ones after it.
    last = done.catch(() => undefined);
    waiting += 1;
    if (waiting === 1) busy(true);
    const finished = () => {
      waiting -= 1;
      if (waiting === 0) busy(false);
    };
    done.then(finished, finished);
    return done;
  };
}
