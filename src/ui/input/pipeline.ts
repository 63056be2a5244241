import type { KeyEvent } from './key-events.js';

/**
 * The one input pipeline. Every read from the terminal becomes key events (key-events.ts),
 * queued here and routed one at a time. After a key has acted, the next waits until React has
 * committed what that key changed (a field that opened, a form's next field, a new screen), so
 * it reaches what the user saw when they typed it: any split of a key sequence into reads has
 * the effect of the same keys typed one at a time.
 */

/**
 * Routes one event. 'acted': a command ran, and may have opened or closed something, so the
 * next key waits for the render. 'edited': a focused field took the key into its own line at
 * once; more edits need no render between them, but a command after them (Enter submitting the
 * field) reads what was rendered, so it waits for the render first. 'none': nothing happened.
 */
export type RouteOutcome = 'acted' | 'edited' | 'none';
export type RouteEvent = (event: KeyEvent) => RouteOutcome;
/** Resolves once React has committed every update made so far. */
export type WaitForCommit = () => Promise<void>;

/** Keys still queued past this many are dropped: a stuck key or a runaway paste cannot pile up work. */
export const MAX_QUEUED_EVENTS = 5000;

export class InputPipeline {
  private readonly queue: KeyEvent[] = [];
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly route: RouteEvent,
    private readonly waitForCommit: WaitForCommit,
    /** Whether a focused field would take the event as an edit (see RouteOutcome). */
    private readonly isEdit: (event: KeyEvent) => boolean,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Queues the events of one read. The first is routed at once when nothing is queued before it. */
  push(events: readonly KeyEvent[]): void {
    const room = MAX_QUEUED_EVENTS - this.queue.length;
    if (room <= 0) return;
    this.queue.push(...events.slice(0, room));
    if (!this.draining) void this.drain();
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when every queued event has been routed and its effect committed. */
  whenIdle(): Promise<void> {
    if (!this.draining && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let editsNotRendered = false;
      while (this.queue.length > 0) {
        const event = this.queue.shift()!;
        if (editsNotRendered && !this.isEdit(event)) {
          await this.waitForCommit();
          editsNotRendered = false;
        }
        let outcome: RouteOutcome = 'none';
        try {
          outcome = this.route(event);
        } catch (error) {
          this.onError(error);
        }
        if (outcome === 'acted') await this.waitForCommit();
        else if (outcome === 'edited') editsNotRendered = true;
      }
    } finally {
      this.draining = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
