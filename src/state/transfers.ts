import { homedir } from 'node:os';
import { basename, extname, resolve } from 'node:path';
import type { ImportTotals, RowOutcome } from '../import/apply.js';
import type { ExportFormat } from '../import/export-formats.js';

export type { ExportFormat, ImportTotals };
import type { ImportFile } from '../import/rows.js';
import { oneLine, terminalSafe } from '../contract/text.js';
import { acquireImportLock, ImportLockedError, writeSecretFile } from '../storage/index.js';
import type { CatalogApi } from './deps.js';
import { describeFailure } from './failures.js';
import type { NotificationsSlice } from './notifications.js';
import type { SessionSlice } from './session.js';
import type { RatingsSlice } from './ratings.js';
import { datesValue, importedItem } from './rating-dates.js';
import { patchSlice, type SliceContext } from './slice.js';

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

type TransfersStore = {
  readonly transfers: TransfersSlice;
  readonly session: SessionSlice;
  readonly notifications: NotificationsSlice;
  readonly ratings: Pick<RatingsSlice, 'sendRecorded' | 'datedRatings'>;
};

/** "~/ratings.csv" as the shell would read it; relative paths from where Marquee was started. */
export function expandPath(path: string, home: string = homedir()): string {
  const trimmed = path.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/')) return resolve(home, trimmed.slice(2));
  return resolve(trimmed);
}

/** The extension of each export format's file. */
const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { json: '.json', csv: '.csv', letterboxd: '.csv' };

/**
 * Where an export typed as `path` is written: expanded as expandPath does, with the format's
 * extension added to a bare name ("backup" writes backup.json), so that the file opens in what
 * reads that format.
 */
export function exportFilePath(path: string, format: ExportFormat, home: string = homedir()): string {
  const full = expandPath(path, home);
  return extname(full) === '' ? `${full}${EXPORT_EXTENSIONS[format]}` : full;
}

const KINDS_OF_PARTS: Record<string, string> = {
  'imdb-ratings': 'IMDb ratings', 'imdb-watchlist': 'IMDb watchlist', 'imdb-list': 'IMDb list',
  'letterboxd-ratings': 'Letterboxd ratings', 'letterboxd-watchlist': 'Letterboxd watchlist',
  'letterboxd-watched': 'Letterboxd watched', 'letterboxd-diary': 'Letterboxd diary', 'letterboxd-list': 'Letterboxd list',
  'letterboxd-import': 'Letterboxd import file', trakt: 'Trakt', marquee: 'Marquee export', 'marquee-csv': 'Marquee CSV export',
  report: 'import report',
};

/** "IMDb ratings 1070" or "Letterboxd ratings 12, Letterboxd watchlist 3, Letterboxd list 4". */
function partsText(file: ImportFile): string {
  return file.parts.map((part) => `${KINDS_OF_PARTS[part.part] ?? part.part} ${part.rows}`).join(', ');
}

/** Thrown between two writes when the user stopped the import. */
class ImportStopped extends Error {
  override readonly name = 'ImportStopped';
}

/** Loaded when first used: nobody waits for the readers and CSV libraries at start. */
const importCode = () => import('../import/tui.js');

export function createTransfersSlice({ set, get, runtime }: SliceContext<TransfersStore>): TransfersSlice {
  const patchImport = (job: ImportJob) => patchSlice(set, 'transfers', { import: job });
  const patchExport = (job: ExportJob) => patchSlice(set, 'transfers', { export: job });
  /** The file read by readImport, kept out of the state: a panel shows counts, never the rows. */
  let fileRead: ImportFile | undefined;
  let stopRequested = false;

  /** The client and the account's id, or why there are none. */
  const account = async (): Promise<{ client: CatalogApi; accountId: number } | { problem: string }> => {
    const client = runtime.client;
    if (!client) return { problem: 'Not connected to the service yet.' };
    if (get().session.current.kind !== 'user') return { problem: 'Import and export work on an account: sign in first.' };
    return { client, accountId: await get().session.accountIdFor(client) };
  };

  return {
    import: { status: 'idle' },
    export: { status: 'idle' },

    async readImport(rawPath) {
      const job = get().transfers.import;
      if (job.status === 'reading' || job.status === 'importing' || job.status === 'checking') return;
      if (rawPath.trim() === '') {
        patchImport({ status: 'failed', path: '', message: 'Type the path of the file to import.' });
        return;
      }
      const path = expandPath(rawPath);
      fileRead = undefined;
      patchImport({ status: 'reading', path });
      const { readImportFile, ImportFileError } = await importCode();
      try {
        const file = await readImportFile(path);
        fileRead = file;
        patchImport({ status: 'read', path, rows: file.rows.length, parts: partsText(file), skipped: file.skipped.length, keepExisting: false });
      } catch (error) {
        const message = error instanceof ImportFileError ? error.message : describeFailure(error).message;
        patchImport({ status: 'failed', path, message: terminalSafe(message) });
      }
    },

    setKeepExisting(keep) {
      const job = get().transfers.import;
      if (job.status === 'read') patchImport({ ...job, keepExisting: keep });
    },

    async checkImport() {
      const job = get().transfers.import;
      const file = fileRead;
      if (job.status !== 'read' || !file) return;
      const { keepExisting } = job;
      const back = () => patchImport({ status: 'read', path: job.path, rows: file.rows.length, parts: partsText(file), skipped: file.skipped.length, keepExisting });
      const { importRows, importTotals, openJournal, changeText, titleText } = await importCode();
      const outcomes: RowOutcome[] = [];
      stopRequested = false;
      const total = file.rows.length;
      patchImport({ status: 'checking', path: job.path, phase: 'matching', done: 0, total, keepExisting });
      try {
        const found = await account();
        if ('problem' in found) {
          patchImport({ status: 'failed', path: job.path, message: found.problem });
          return;
        }
        const dataDir = runtime.deps.dataDir;
        let listsMade = 0;
        await importRows(found.client, found.accountId, file, {
          dryRun: true,
          onListsMade: (names) => (listsMade = names.length),
          keepExisting,
          // What earlier runs wrote counts as done, and nothing is recorded.
          journal: dataDir === undefined ? { has: () => false, record: () => {} } : { has: openJournal(dataDir, file.hash).has, record: () => {} },
          onMatched: (done) => {
            patchImport({ status: 'checking', path: job.path, phase: 'matching', done, total, keepExisting });
            if (stopRequested) throw new ImportStopped();
          },
          onRow: (done, _total, outcome) => {
            outcomes.push(outcome);
            patchImport({ status: 'checking', path: job.path, phase: 'writing', done, total, keepExisting });
            if (stopRequested) throw new ImportStopped();
          },
        });
        const line = (outcome: RowOutcome) =>
          oneLine(`line ${outcome.row.origin.line}: ${titleText(outcome.target!)}: ${changeText(outcome, true)}`);
        patchImport({
          status: 'checked',
          path: job.path,
          totals: importTotals(total, outcomes),
          changes: outcomes.filter((o) => o.write === 'changed' || o.write === 'kept').slice(0, CHECK_LINES_SHOWN).map(line),
          repeats: outcomes.filter((o) => o.write === 'repeated').slice(0, CHECK_LINES_SHOWN).map(line),
          keepExisting,
          listsMade,
        });
      } catch (error) {
        if (error instanceof ImportStopped) back();
        else patchImport({ status: 'failed', path: job.path, message: describeFailure(error).message });
      }
    },

    uncheckImport() {
      const job = get().transfers.import;
      const file = fileRead;
      if (job.status !== 'checked' || !file) return;
      patchImport({ status: 'read', path: job.path, rows: file.rows.length, parts: partsText(file), skipped: file.skipped.length, keepExisting: job.keepExisting });
    },

    async startImport() {
      const job = get().transfers.import;
      const file = fileRead;
      if (job.status !== 'checked' || !file) return;
      const dataDir = runtime.deps.dataDir;
      if (dataDir === undefined) {
        patchImport({ status: 'failed', path: job.path, message: 'This run keeps no data folder, so an import could not remember what it wrote.' });
        return;
      }
      const { importRows, importTotals, isLeftOut, isWrite, openJournal, defaultReportPath, writeReport } = await importCode();
      // One import at a time writes to the data folder's journal (another Marquee may be importing).
      let releaseLock: () => void;
      try {
        releaseLock = acquireImportLock(dataDir, `the TUI, importing ${basename(job.path)}`);
      } catch (error) {
        const message = error instanceof ImportLockedError ? error.message : describeFailure(error).message;
        patchImport({ status: 'failed', path: job.path, message: terminalSafe(message) });
        return;
      }
      const outcomes: RowOutcome[] = [];
      let written = 0;
      stopRequested = false;
      const total = file.rows.length;
      patchImport({ status: 'importing', path: job.path, phase: 'matching', done: 0, total, written: 0 });
      try {
        const found = await account();
        if ('problem' in found) {
          patchImport({ status: 'failed', path: job.path, message: found.problem });
          return;
        }
        let listsMade = 0;
        const datedBefore = datesValue(get().ratings.datedRatings());
        await importRows(found.client, found.accountId, file, {
          dryRun: false,
          onListsMade: (names) => (listsMade = names.length),
          keepExisting: job.keepExisting,
          journal: openJournal(dataDir, file.hash),
          recordRating: (target, value, ratedAt, send) => get().ratings.sendRecorded(importedItem(target), value, send, ratedAt),
          isDated: (target, value) => datedBefore(importedItem(target), value),
          onMatched: (done) => {
            patchImport({ status: 'importing', path: job.path, phase: 'matching', done, total, written });
            if (stopRequested) throw new ImportStopped();
          },
          onRow: (done, _total, outcome) => {
            outcomes.push(outcome);
            if (isWrite(outcome)) written += 1;
            patchImport({ status: 'importing', path: job.path, phase: 'writing', done, total, written });
            if (stopRequested) throw new ImportStopped();
          },
        });
        const left = outcomes.filter(isLeftOut);
        let reportPath: string | undefined;
        if (left.length > 0) {
          reportPath = defaultReportPath(job.path);
          writeReport(reportPath, left);
        }
        patchImport({ status: 'done', path: job.path, totals: importTotals(total, outcomes), listsMade, ...(reportPath ? { reportPath } : {}) });
        get().notifications.notify(`Imported ${job.path}: ${written} written`, 'success');
      } catch (error) {
        const message = error instanceof ImportStopped ? 'Stopped.' : describeFailure(error).message;
        patchImport({ status: 'failed', path: job.path, message, done: outcomes.length, total });
      } finally {
        releaseLock();
      }
    },

    async exportTo(rawPath, format) {
      if (get().transfers.export.status === 'exporting') return;
      if (rawPath.trim() === '') {
        patchExport({ status: 'failed', path: '', message: 'Type the path of the file to write.' });
        return;
      }
      const path = exportFilePath(rawPath, format);
      patchExport({ status: 'exporting', path, format, step: 'the account' });
      try {
        const { exportAccount, formatExport } = await importCode();
        const found = await account();
        if ('problem' in found) {
          patchExport({ status: 'failed', path, message: found.problem });
          return;
        }
        const data = await exportAccount(found.client, found.accountId, new Date(runtime.deps.now?.() ?? Date.now()), {
          progress: (step) => patchExport({ status: 'exporting', path, format, step }),
          recorded: get().ratings.datedRatings(),
        });
        const { text, leftOut } = formatExport(data, format);
        try {
          writeSecretFile(path, text);
        } catch (error) {
          patchExport({ status: 'failed', path, message: `Cannot write the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).` });
          return;
        }
        const lists = data.lists.length;
        const summary = format === 'letterboxd'
          ? `${data.ratings.length - leftOut} rated films${leftOut > 0 ? ` (Letterboxd keeps films only: ${leftOut} ratings of series and episodes left out)` : ''}`
          : `${data.ratings.length} ratings, ${data.watchlist.length} on the watchlist, ${data.favorites.length} favourites, ${lists} ${lists === 1 ? 'list' : 'lists'}`;
        patchExport({ status: 'done', path, format, summary });
        get().notifications.notify(`Exported to ${path}`, 'success');
      } catch (error) {
        patchExport({ status: 'failed', path, message: describeFailure(error).message });
      }
    },

    stopImport() {
      const status = get().transfers.import.status;
      if (status === 'importing' || status === 'checking') stopRequested = true;
    },

    resetImport() {
      const job = get().transfers.import;
      if (job.status === 'reading' || job.status === 'importing' || job.status === 'checking') return;
      fileRead = undefined;
      patchImport({ status: 'idle' });
    },

    resetExport() {
      if (get().transfers.export.status === 'exporting') return;
      patchExport({ status: 'idle' });
    },
  };
}
