import type { ImportTotals } from '../../../transfers/apply.js';
import type { ExportFormat } from '../../../transfers/export-formats.js';
import type { NotificationsSlice } from '../notifications.js';
import type { RatingsSlice } from '../ratings.js';
import type { SessionSlice } from '../session.js';

export type { ExportFormat, ImportTotals };

/**
 * Import and export from the Lists tab: the same readers, matcher, journal and formats as
 * `marquee import` and `marquee export`, run on the store's client (so every screen's reads of
 * what an import wrote go stale and load again), with their progress in the state for a panel.
 */

/** An import from the TUI: a file read whole, then confirmed, then written row by row. */
export type ImportJob =
  | { readonly status: 'idle' }
  | { readonly status: 'reading'; readonly path: string }
  /** Read whole and waiting for the user to check it against the account: nothing is written yet. */
  | { readonly status: 'read'; readonly path: string; readonly rows: number; readonly parts: string; readonly skipped: number; readonly keepExisting: boolean }
  /** The dry run: every row matched (`matching`), then compared with the account (`comparing`). */
  | { readonly status: 'checking'; readonly path: string; readonly phase: ImportPhase; readonly done: number; readonly total: number; readonly keepExisting: boolean }
  /** What the import would do, waiting for the user to confirm: nothing is written yet. */
  | { readonly status: 'checked'; readonly path: string; readonly totals: ImportTotals; readonly changes: readonly string[]; readonly repeats: readonly string[]; readonly keepExisting: boolean; readonly listsMade?: number }
  | { readonly status: 'importing'; readonly path: string; readonly phase: ImportPhase; readonly done: number; readonly total: number; readonly written: number }
  | { readonly status: 'done'; readonly path: string; readonly totals: ImportTotals; readonly reportPath?: string; readonly listsMade?: number }
  /** `done` rows were settled before the failure; running the same file again goes on from there. */
  | { readonly status: 'failed'; readonly path: string; readonly message: string; readonly done?: number; readonly total?: number };

/** An import matches every row first, then compares and writes them one by one. */
export type ImportPhase = 'matching' | 'writing';

/** At most this many of the replaced ratings and repeated rows are named in the check's panel. */
export const CHECK_LINES_SHOWN = 5;

export type ExportJob =
  | { readonly status: 'idle' }
  | { readonly status: 'exporting'; readonly path: string; readonly format: ExportFormat; readonly step: string }
  | { readonly status: 'done'; readonly path: string; readonly format: ExportFormat; readonly summary: string }
  | { readonly status: 'failed'; readonly path: string; readonly message: string };

export interface TransfersSlice {
  readonly import: ImportJob;
  readonly export: ExportJob;
  /** Reads the file whole; a file that cannot be read is said with its line and column. */
  readImport(path: string): Promise<void>;
  /** Whether ratings the account already holds are left as they are (before the check). */
  setKeepExisting(keep: boolean): void;
  /** The dry run: what the import would write and replace; only after readImport succeeded. */
  checkImport(): Promise<void>;
  /** Back from the check to the file read (to change the choice); not while checking. */
  uncheckImport(): void;
  /** Writes the rows of the file read; only after checkImport succeeded. */
  startImport(): Promise<void>;
  /** Stops a running check or import after the row under way; the journal lets a new run go on. */
  stopImport(): void;
  exportTo(path: string, format: ExportFormat): Promise<void>;
  /** Back to idle, when no job is running. */
  resetImport(): void;
  resetExport(): void;
}

/** The parts of the store this slice uses. */
export type TransfersStore = {
  readonly transfers: TransfersSlice;
  readonly session: SessionSlice;
  readonly notifications: NotificationsSlice;
  readonly ratings: Pick<RatingsSlice, 'sendRecorded' | 'datedRatings'>;
};
