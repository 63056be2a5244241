import { inTurn, type InTurn } from './in-turn.js';

/**
 * Writes of one thing (an episode's rating) where the last intent wins. Asking is a ticket,
 * taken at once and in the order the keys asked; the writes of one key then go out in turn
 * (in-turn.ts), and a write whose ticket is no longer the newest of its key is not sent at
 * all: a newer intent is queued behind it and will say what the service ends with. Keys are
 * independent of each other; a batch that wants one request at a time awaits each write.
 */
export type IntentOutcome<T> =
  | { readonly kind: 'saved'; readonly value: T }
  | { readonly kind: 'superseded' }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface LatestIntent {
  /** Takes the newest ticket of `key`: every earlier ticket of it is superseded from now on. */
  ask(key: string): number;
  /** Whether `ticket` is still the newest intent of `key`. */
  isLatest(key: string, ticket: number): boolean;
  /**
   * Runs `send` in `key`'s turn, unless a newer intent of the key was asked by then. 'saved'
   * when it ran and succeeded (a newer intent may have been asked meanwhile: check isLatest).
   */
  write<T>(key: string, ticket: number, send: () => Promise<T>): Promise<IntentOutcome<T>>;
  /** Forgets every ticket (a change of session): writes still queued are superseded. */
  reset(): void;
  /** Resolves once no write of any key is queued or out. */
  settled(): Promise<void>;
}

export function latestIntent(): LatestIntent {
  const newest = new Map<string, number>();
  const turns = new Map<string, InTurn>();
  const idle = new Set<() => void>();
  let tickets = 0;
  let underWay = 0;

  const turnOf = (key: string): InTurn => {
    let turn = turns.get(key);
    if (!turn) {
      turn = inTurn((busy) => {
        underWay += busy ? 1 : -1;
        if (!busy) turns.delete(key);
        if (underWay === 0) for (const resolve of [...idle]) resolve();
      });
      turns.set(key, turn);
    }
    return turn;
  };

  return {
    ask(key) {
      tickets += 1;
      newest.set(key, tickets);
      return tickets;
    },
    isLatest: (key, ticket) => newest.get(key) === ticket,
    write(key, ticket, send) {
      return turnOf(key)(async () => {
        if (newest.get(key) !== ticket) return { kind: 'superseded' as const };
        try {
          return { kind: 'saved' as const, value: await send() };
        } catch (error) {
          return { kind: 'failed' as const, error };
        }
      });
    },
    reset() {
      newest.clear();
    },
    settled() {
      if (underWay === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          idle.delete(done);
          resolve();
        };
        idle.add(done);
      });
    },
  };
}
