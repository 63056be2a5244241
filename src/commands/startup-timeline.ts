import { writeFileSync } from 'node:fs';
import type { WireTransport } from '../api/index.js';

/**
 * The TUI's start, moment by moment, for the bench (test/bench/sections/startup.mjs): with
 * MARQUEE_STARTUP_TIMELINE naming a file, each moment's first time (milliseconds since the
 * process started, performance.now()) is written there shortly after it happens (moments close
 * together in one write), with the process's start on the wall clock (performance.timeOrigin)
 * so the bench can place them on its own clock.
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
/**
 * The file is written once the start has gone quiet, not at each moment: a write is a
 * millisecond or two of the main thread, and the moments are on the path the bench times.
 */
const WRITE_AFTER_MS = 100;
let writeScheduled = false;

function writeTimeline(): void {
  writeScheduled = false;
  try {
    writeFileSync(file!, JSON.stringify({ timeOrigin: performance.timeOrigin, moments }));
  } catch {
    // The bench reads what it finds; a start never fails for it.
  }
}

export function markStartup(moment: StartupMoment): void {
  if (!file || moments[moment] !== undefined) return;
  moments[moment] = performance.now();
  if (writeScheduled) return;
  writeScheduled = true;
  // Unref'd: a program that ends meanwhile is not kept alive for the bench.
  setTimeout(writeTimeline, WRITE_AFTER_MS).unref();
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
