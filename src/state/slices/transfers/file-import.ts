import { basename } from 'node:path';
import type { RowOutcome } from '../../../transfers/apply.js';
import type { ImportFile } from '../../../transfers/rows.js';
import { oneLine, terminalSafe } from '../../../contract/text.js';
import { acquireImportLock, ImportLockedError } from '../../../storage/index.js';
import { describeFailure } from '../../words/failures.js';
import { datesValue, importedItem } from '../rating-dates.js';
import { importCode, type TransfersContext } from './context.js';
import { partsText } from './import-file.js';
import { CHECK_LINES_SHOWN, type ImportJob } from './model.js';
import { expandPath } from './paths.js';

/** Thrown between two writes when the user stopped the import. */
class ImportStopped extends Error {
  override readonly name = 'ImportStopped';
}

/**
 * An import from the TUI, in its steps: the file read whole, the dry run that checks it against
 * the account, then the rows written one by one under the data folder's import lock, with the
 * journal that lets a stopped or failed run go on.
 */
export class FileImport {
  /** The file read by `read`, kept out of the state: a panel shows counts, never the rows. */
  #fileRead: ImportFile | undefined;
  #stopRequested = false;

  constructor(private readonly context: TransfersContext) {}

  /** Reads the file whole; a file that cannot be read is said with its line and column. */
  async read(rawPath: string): Promise<void> {
    const { context } = this;
    const job = context.get().transfers.import;
    if (isRunning(job)) return;
    if (rawPath.trim() === '') {
      context.patchImport({ status: 'failed', path: '', message: 'Type the path of the file to import.' });
      return;
    }
    const path = expandPath(rawPath);
    this.#fileRead = undefined;
    context.patchImport({ status: 'reading', path });
    const { readImportFile, ImportFileError } = await importCode();
    try {
      const file = await readImportFile(path);
      this.#fileRead = file;
      context.patchImport(fileReadJob(path, file, false));
    } catch (error) {
      const message = error instanceof ImportFileError ? error.message : describeFailure(error).message;
      context.patchImport({ status: 'failed', path, message: terminalSafe(message) });
    }
  }

  setKeepExisting(keep: boolean): void {
    const job = this.context.get().transfers.import;
    if (job.status === 'read') this.context.patchImport({ ...job, keepExisting: keep });
  }

  /** The dry run: what the import would write and replace; only after `read` succeeded. */
  async check(): Promise<void> {
    const { context } = this;
    const job = context.get().transfers.import;
    const file = this.#fileRead;
    if (job.status !== 'read' || !file) return;
    const { keepExisting } = job;
    const { importRows, importTotals, openJournal, changeText, titleText } = await importCode();
    const outcomes: RowOutcome[] = [];
    this.#stopRequested = false;
    const total = file.rows.length;
    context.patchImport({ status: 'checking', path: job.path, phase: 'matching', done: 0, total, keepExisting });
    try {
      const found = await context.account();
      if ('problem' in found) {
        context.patchImport({ status: 'failed', path: job.path, message: found.problem });
        return;
      }
      const dataDir = context.runtime.deps.dataDir;
      let listsMade = 0;
      await importRows(found.client, found.accountId, file, {
        dryRun: true,
        onListsMade: (names) => (listsMade = names.length),
        keepExisting,
        // What earlier runs wrote counts as done, and nothing is recorded.
        journal: dataDir === undefined ? { has: () => false, record: () => {} } : { has: openJournal(dataDir, file.hash).has, record: () => {} },
        onMatched: (done) => {
          context.patchImport({ status: 'checking', path: job.path, phase: 'matching', done, total, keepExisting });
          this.stopIfAsked();
        },
        onRow: (done, _total, outcome) => {
          outcomes.push(outcome);
          context.patchImport({ status: 'checking', path: job.path, phase: 'writing', done, total, keepExisting });
          this.stopIfAsked();
        },
      });
      const line = (outcome: RowOutcome) => oneLine(`line ${outcome.row.origin.line}: ${titleText(outcome.target!)}: ${changeText(outcome, true)}`);
      context.patchImport({
        status: 'checked',
        path: job.path,
        totals: importTotals(total, outcomes),
        changes: outcomes.filter((o) => o.write === 'changed' || o.write === 'kept').slice(0, CHECK_LINES_SHOWN).map(line),
        repeats: outcomes.filter((o) => o.write === 'repeated').slice(0, CHECK_LINES_SHOWN).map(line),
        keepExisting,
        listsMade,
      });
    } catch (error) {
      if (error instanceof ImportStopped) context.patchImport(fileReadJob(job.path, file, keepExisting));
      else context.patchImport({ status: 'failed', path: job.path, message: describeFailure(error).message });
    }
  }

  /** Back from the check to the file read (to change the choice); not while checking. */
  uncheck(): void {
    const job = this.context.get().transfers.import;
    const file = this.#fileRead;
    if (job.status !== 'checked' || !file) return;
    this.context.patchImport(fileReadJob(job.path, file, job.keepExisting));
  }

  /** Writes the rows of the file read; only after `check` succeeded. */
  async start(): Promise<void> {
    const { context } = this;
    const { get } = context;
    const job = get().transfers.import;
    const file = this.#fileRead;
    if (job.status !== 'checked' || !file) return;
    const dataDir = context.runtime.deps.dataDir;
    if (dataDir === undefined) {
      context.patchImport({ status: 'failed', path: job.path, message: 'This run keeps no data folder, so an import could not remember what it wrote.' });
      return;
    }
    const { importRows, importTotals, isLeftOut, isWrite, openJournal, defaultReportPath, writeReport } = await importCode();
    // One import at a time writes to the data folder's journal (another Marquee may be importing).
    let releaseLock: () => void;
    try {
      releaseLock = acquireImportLock(dataDir, `the TUI, importing ${basename(job.path)}`);
    } catch (error) {
      const message = error instanceof ImportLockedError ? error.message : describeFailure(error).message;
      context.patchImport({ status: 'failed', path: job.path, message: terminalSafe(message) });
      return;
    }
    const outcomes: RowOutcome[] = [];
    let written = 0;
    this.#stopRequested = false;
    const total = file.rows.length;
    context.patchImport({ status: 'importing', path: job.path, phase: 'matching', done: 0, total, written: 0 });
    try {
      const found = await context.account();
      if ('problem' in found) {
        context.patchImport({ status: 'failed', path: job.path, message: found.problem });
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
          context.patchImport({ status: 'importing', path: job.path, phase: 'matching', done, total, written });
          this.stopIfAsked();
        },
        onRow: (done, _total, outcome) => {
          outcomes.push(outcome);
          if (isWrite(outcome)) written += 1;
          context.patchImport({ status: 'importing', path: job.path, phase: 'writing', done, total, written });
          this.stopIfAsked();
        },
      });
      const left = outcomes.filter(isLeftOut);
      let reportPath: string | undefined;
      if (left.length > 0) {
        reportPath = defaultReportPath(job.path);
        writeReport(reportPath, left);
      }
      context.patchImport({ status: 'done', path: job.path, totals: importTotals(total, outcomes), listsMade, ...(reportPath ? { reportPath } : {}) });
      get().notifications.notify(`Imported ${job.path}: ${written} written`, 'success');
    } catch (error) {
      const message = error instanceof ImportStopped ? 'Stopped.' : describeFailure(error).message;
      context.patchImport({ status: 'failed', path: job.path, message, done: outcomes.length, total });
    } finally {
      releaseLock();
    }
  }

  /** Stops a running check or import after the row under way; the journal lets a new run go on. */
  stop(): void {
    const status = this.context.get().transfers.import.status;
    if (status === 'importing' || status === 'checking') this.#stopRequested = true;
  }

  /** Back to idle, when no job is running. */
  reset(): void {
    if (isRunning(this.context.get().transfers.import)) return;
    this.#fileRead = undefined;
    this.context.patchImport({ status: 'idle' });
  }

  /** Between two rows: the user asked to stop. */
  private stopIfAsked(): void {
    if (this.#stopRequested) throw new ImportStopped();
  }
}

/** A job that is reading, checking or writing: nothing else starts meanwhile. */
const isRunning = (job: ImportJob): boolean => job.status === 'reading' || job.status === 'importing' || job.status === 'checking';

/** The file read, waiting for the check. */
const fileReadJob = (path: string, file: ImportFile, keepExisting: boolean): ImportJob => ({
  status: 'read',
  path,
  rows: file.rows.length,
  parts: partsText(file),
  skipped: file.skipped.length,
  keepExisting,
});
