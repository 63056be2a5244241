import { writeFileSync } from 'node:fs';
import type { WireTransport } from '../api/index.js';

/**
 * The TUI's start, moment by moment, for the bench (test/bench/sections/startup.mjs): with
 * MARQUEE_STARTUP_TIMELINE naming a file, each moment's first time (milliseconds since the
 * process started, performance.now()) is written there as it happens, with the process's start
 * on the wall clock (performance.timeOrigin) so the bench can place them on its own clock.
 * Without the variable nothing is kept.
 */
export type StartupMoment =
  /** The UI's code (Ink, React, the app and its first screen) loaded and evaluated. */
  | 'modules-evaluated'
  /** Ink rendered the first frame. */
  | 'first-frame'
  /** The embedded catalog's thread reported ready. */
  | 'catalog-ready'
  /** The client sent its first request. */
  | 'first-request'
  /** The first answer came back. */
  | 'first-answer';

const file = process.env.MARQUEE_STARTUP_TIMELINE;
const moments: Partial<Record<StartupMoment, number>> = {};

export function markStartup(moment: StartupMoment): void {
  if (!file || moments[moment] !== undefined) return;
  moments[moment] = performance.now();
  try {
    writeFileSync(file, JSON.stringify({ timeOrigin: performance.timeOrigin, moments }));
  } catch {
    // The bench reads what it finds; a start never fails for it.
  }
}

/**
 * The client's transport with its first request and first answer marked: the one given, or
 * HTTP's when none is (as the client would make it). As given, when nothing is kept.
 */
export async function timedTransport(transport: WireTransport | undefined, timeoutMs: number): Promise<WireTransport | undefined> {
  if (!file) return transport;
  const inner = transport ?? new (await import('../api/transport.js')).Transport(timeoutMs);
  return {
    async send(request) {
      markStartup('first-request');
      const response = await inner.send(request);
      markStartup('first-answer');
      return response;
    },
    close: () => inner.close(),
  };
}
