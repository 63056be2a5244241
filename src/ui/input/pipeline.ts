import type { InputEvent } from './key-events.js';

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
 * 'loading': nothing took the key while the screen is still loading: it waits for the screen
 * (typed ahead, it applies to the screen it was typed at) and is routed again once it has loaded.
 * A screen may load in stages (the latest series: first which series, then its details), so
 * a key still met by a loading screen waits again, up to MAX_LOADING_STAGES stages, until a
 * stage gives up waiting.
 */
export type RouteOutcome = 'acted' | 'edited' | 'none' | 'loading';
export type RouteEvent = (event: InputEvent) => RouteOutcome;
/** Resolves once React has committed every update made so far. */
export type WaitForCommit = () => Promise<void>;

/** Keys still queued past this many are dropped: a stuck key or a runaway paste cannot pile up work. */
export const MAX_QUEUED_EVENTS = 5000;

/** How many loading stages in a row a typed-ahead key waits through before it is dropped. */
export const MAX_LOADING_STAGES = 8;

/** How a wait for a loading screen ended. */
export type ScreenWait = 'loaded' | 'gave-up';

export interface InputPipelineOptions {
  readonly route: RouteEvent;
  readonly waitForCommit: WaitForCommit;
  /** Resolves once nothing on the screen is loading ('loaded'), or after a while ('gave-up'). */
  readonly waitForScreen: () => Promise<ScreenWait>;
  /** Whether a focused field would take the event as an edit (see RouteOutcome). */
  readonly isEdit: (event: InputEvent) => boolean;
  /** Keys that skip the queue: Ctrl-C quits even while keys wait for a loading screen. */
  readonly isUrgent?: (event: InputEvent) => boolean;
  readonly onError?: (error: unknown) => void;
  /** A key that waited for a loading screen and still found nothing to take it. */
  readonly onDropped?: (event: InputEvent) => void;
  /**
   * The keys an event nothing took may have been typed as: Alt+q and Esc then q are the same
   * bytes when they arrive in one read (fast typing, SSH lag), so an Alt+key that no one binds
   * is taken as Esc and the key, each routed in turn.
   */
  readonly typedAs?: (event: InputEvent) => readonly InputEvent[] | undefined;
}

export class InputPipeline {
  private readonly queue: InputEvent[] = [];
  private draining = false;
  /** Edits a field took that React may not have rendered yet (they can end one read, and a
   * command can start the next). */
  private editsNotRendered = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: InputPipelineOptions) {}

  /** Queues the events of one read. The first is routed at once when nothing is queued before it. */
  push(events: readonly InputEvent[]): void {
    for (const event of events) {
      if (this.options.isUrgent?.(event)) {
        this.routeSafely(event);
        continue;
      }
      if (this.queue.length >= MAX_QUEUED_EVENTS) break;
      this.queue.push(event);
    }
    if (!this.draining && this.queue.length > 0) void this.drain();
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when every queued event has been routed and its effect committed. */
  whenIdle(): Promise<void> {
    if (!this.draining && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private routeSafely(event: InputEvent): RouteOutcome {
    try {
      return this.options.route(event);
    } catch (error) {
      this.options.onError?.(error);
      return 'none';
    }
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      const { waitForCommit, waitForScreen, isEdit } = this.options;
      while (this.queue.length > 0) {
        const event = this.queue.shift()!;
        if (this.editsNotRendered && !isEdit(event)) {
          await waitForCommit();
          this.editsNotRendered = false;
        }
        let outcome = this.routeSafely(event);
        const typedAs = outcome === 'none' ? this.options.typedAs?.(event) : undefined;
        if (typedAs) {
          this.queue.unshift(...typedAs);
          continue;
        }
        for (let stage = 0; outcome === 'loading'; stage++) {
          const waited = await waitForScreen();
          await waitForCommit();
          outcome = this.routeSafely(event);
          if (outcome === 'loading' && (waited === 'gave-up' || stage + 1 >= MAX_LOADING_STAGES)) {
            this.options.onDropped?.(event);
            break;
          }
        }
        if (outcome === 'acted') await waitForCommit();
        else if (outcome === 'edited') this.editsNotRendered = true;
      }
    } finally {
      this.draining = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
