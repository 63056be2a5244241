import { basename } from 'node:path';
import { oneLine, terminalSafe } from '../contract/index.js';
import {
  changeText, type RowOutcome, importRows, importTotals, isLeftOut, MATCH_LABELS, MATCH_OUTCOMES, WRITE_LABELS, WRITE_OUTCOMES,
  type WriteOutcome,
} from '../transfers/apply.js';
import { NO_JOURNAL, openJournal } from '../transfers/journal.js';
import { defaultReportPath, titleText, writeReport } from '../transfers/report.js';
import { IMPORT_SOURCES, type ImportFile, ImportFileError, type ImportSource, readImportFile } from '../transfers/index.js';
import { acquireImportLock, ImportLockedError } from '../storage/index.js';
import { datesValue, importedItem, ratingDates } from '../state/slices/rating-dates.js';
import { type AccountCommandIo, commandFailures, failure, openAccountOrFail } from './account-connection.js';
import { readFlags } from './flags.js';
import { ImportProgress } from './import-progress.js';

/**
 * `marquee import FILE`: reads an export of IMDb, Letterboxd, Trakt or Marquee whole, matches
 * every row on the service and writes what the account does not hold yet, one request at a
 * time. Rows it could not import go to a report CSV the user can correct and import again.
 */

const USAGE = `Usage: marquee import FILE [--from imdb|letterboxd|trakt|marquee] [--dry-run] [--keep-existing] [--report FILE] [--base-url URL]

Imports ratings, the watchlist, favourites and lists into the signed-in account from:
IMDb's ratings or watchlist CSV, Letterboxd's export (the zip, or its ratings.csv,
watchlist.csv, lists/*.csv), Trakt's JSON export, or marquee export's file.

  --from SOURCE     the service the file comes from (default: told from the file's content)
  --dry-run         match every row and show what would be written, and which of the
                    account's ratings it would replace ("replaces your 8.5 with 3"); write nothing
  --keep-existing   leave a rating the account already holds as it is (default: the file's
                    rating replaces it)
  --report FILE     where to write the rows not imported, as CSV (default: beside FILE,
                    named FILE-report.csv); fill in its tmdb_id column (series_tmdb_id for
                    an episode) and import that file again, whatever the first file was
  --base-url URL    the service (default: MARQUEE_BASE_URL, else the embedded catalog)
  -h, --help        this help

Each row is matched by its TMDB id, else its IMDb id, else its title and year (only when one
title is clearly it: never a guess). Ratings go on the 0.5-10 scale (Letterboxd's stars x2).
Rows the account already holds are not written again; of rows naming one title twice, the
last counts. A run stopped halfway (Ctrl-C: exit code 130), run again, goes on where it
stopped (a journal in the data folder remembers what was written).
Needs a session kept by signing in from the TUI or with marquee api.
One import runs at a time on a data folder: a second one says which holds it and exits with 1.
Exit codes: 0 ok (unmatched rows are in the report), 1 service error, 2 usage or a file that
cannot be read (nothing is written then), 4 network, 130 stopped by Ctrl-C, 143 by SIGTERM
(docker stop) and 129 by SIGHUP, which stop at once and leave the journal and the lock true.`;

export interface ImportCommandIo extends AccountCommandIo {
  /** Called after each write; a throw stops the run there, as an interruption would. */
  afterWrite?: (writes: number) => void;
  /** Where Ctrl-C (SIGINT) comes from: the process unless a test gives its own. */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  /** Ends the process at a second Ctrl-C (process.exit unless a test gives its own). */
  exit?: (code: number) => void;
}

export async function runImportCommand(args: string[], io: ImportCommandIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const failures = commandFailures('import', stderr);
  const { fail } = failures;
  const parsed = readFlags(
    args,
    {
      from: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'keep-existing': { type: 'boolean' },
      report: { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { positionals: true },
  );
  if (!parsed.ok) return fail(2, `${parsed.problem} (see marquee import --help)`);
  const { values, positionals } = parsed;
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    return fail(2, positionals.length === 0 ? 'expected the file to import (see marquee import --help)' : `expected one file, got ${positionals.length}`);
  }
  const path = positionals[0]!;
  const from = values.from;
  if (from !== undefined && !(IMPORT_SOURCES as readonly string[]).includes(from)) {
    return fail(2, `--from ${from}: one of ${IMPORT_SOURCES.join(', ')}`);
  }
  const dryRun = values['dry-run'] === true;
  const keepExisting = values['keep-existing'] === true;
  const reportPath = values.report ?? defaultReportPath(path);

  // The whole file first: a file that cannot be read is refused before anything is written.
  let file: ImportFile;
  try {
    file = await readImportFile(path, from === undefined ? {} : { from: from as ImportSource });
  } catch (error) {
    if (error instanceof ImportFileError) return fail(2, error.message);
    throw error;
  }

  const connection = await openAccountOrFail('import', values['base-url'], io, failures);
  if (typeof connection === 'number') return connection;
  // One import at a time writes to a data folder's journal; a dry run writes nothing.
  let releaseLock = () => {};
  if (!dryRun) {
    try {
      releaseLock = acquireImportLock(connection.dataDir, `marquee import ${basename(path)}`);
    } catch (error) {
      await connection.close();
      if (error instanceof ImportLockedError) return fail(1, error.message);
      throw error;
    }
  }
  const journal = openJournal(connection.dataDir, file.hash);
  const progress = dryRun ? undefined : new ImportProgress(stderr as NodeJS.WritableStream & { isTTY?: boolean });
  const outcomes: RowOutcome[] = [];
  const total = file.rows.length;
  // Ctrl-C stops after the row under way (its write is in the journal), so that the same
  // command goes on from there; a second Ctrl-C does not wait for the row.
  const signals = io.signals ?? process;
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) {
      progress?.stop();
      stderr.write(stoppedLine(outcomes.length, total));
      if (io.exit) io.exit(130);
      else process.exit(130);
    }
    interrupted = true;
  };
  const stopIfInterrupted = () => {
    if (interrupted) throw new ImportInterrupted();
  };
  // SIGTERM (docker stop, a service manager) and SIGHUP (the terminal closed) end the run at
  // once, as they would without a handler, but with the lock let go: the journal already holds
  // every row the service accepted, and a row under way is compared with the account next time.
  const onTerminate = (signal: 'SIGTERM' | 'SIGHUP') => {
    progress?.stop();
    stderr.write(stoppedLine(outcomes.length, total));
    releaseLock();
    const code = signal === 'SIGTERM' ? 143 : 129;
    if (io.exit) io.exit(code);
    else process.exit(code);
  };
  signals.on('SIGINT', onInterrupt);
  signals.on('SIGTERM', onTerminate);
  signals.on('SIGHUP', onTerminate);
  try {
    stdout.write(`${terminalSafe(path)}: ${total} ${total === 1 ? 'row' : 'rows'} (${file.parts.map((p) => `${p.part} ${p.rows}`).join(', ')})${dryRun ? ', dry run: nothing is written' : ''}${keepExisting ? ', ratings the account holds are kept' : ''}\n`);
    for (const skipped of file.skipped) stdout.write(`  left out ${terminalSafe(skipped.file)}: ${skipped.reason}\n`);
    for (const name of file.cleanedListNames ?? []) {
      stdout.write(`  list "${name}": the file's name for it held control characters or line breaks, which are left out\n`);
    }
    progress?.start(total, 'matching');
    // Each rating the account ends up holding as the file says keeps the file's date (for the Stats timelines).
    const dates = ratingDates(connection.ratingDates, Date.now, (message) => stderr.write(`marquee import: ${terminalSafe(message)}\n`));
    const rater = { kind: 'account', accountId: connection.accountId } as const;
    // A JSON file's rows are the items of its arrays, numbered from 1: no line says where they are.
    const inJson = file.parts.every((part) => part.part === 'trakt' || part.part === 'marquee');
    let listsMade: readonly string[] = [];
    const datedBefore = datesValue(dates.entries(rater));
    await importRows(connection.client, connection.accountId, file, {
      dryRun,
      keepExisting,
      journal: dryRun ? NO_JOURNAL(journal) : journal,
      recordRating: (target, value, ratedAt, send) => dates.sending(rater, importedItem(target), value, send, ratedAt),
      isDated: (target, value) => datedBefore(importedItem(target), value),
      onMatched: (done) => {
        progress?.update(done);
        stopIfInterrupted();
        if (done === total) progress?.start(total, 'importing');
      },
      onRow: (done, _total, outcome) => {
        outcomes.push(outcome);
        if (dryRun || outcome.write === 'repeated') stdout.write(`${rowLine(outcome, dryRun, file.parts.length > 1 ? path : undefined, inJson)}\n`);
        progress?.update(done);
        stopIfInterrupted();
      },
      onListsMade: (names) => (listsMade = names),
      ...(io.afterWrite ? { afterWrite: io.afterWrite } : {}),
    });
    progress?.stop();
    stdout.write(summary(total, outcomes, dryRun));
    if (listsMade.length > 0) {
      const names = listsMade.map((name) => `"${name}"`).join(', ');
      stdout.write(terminalSafe(`${dryRun ? 'Lists to make' : 'Lists made'}: ${listsMade.length} (${names})`) + '\n');
    }
    const left = outcomes.filter(isLeftOut);
    if (left.length > 0) {
      writeReport(reportPath, left);
      stdout.write(`${left.length === 1 ? 'The row' : `The ${left.length} rows`} not imported, with the reason and the candidates: ${terminalSafe(reportPath)}\n`);
      stdout.write('Fill in a tmdb_id where you know the title, and import that file again.\n');
    }
    return 0;
  } catch (error) {
    progress?.stop();
    if (error instanceof ImportInterrupted) {
      stderr.write(stoppedLine(outcomes.length, total));
      return 130;
    }
    if (!dryRun) stderr.write(stoppedLine(outcomes.length, total));
    return failure(error, fail);
  } finally {
    signals.off('SIGINT', onInterrupt);
    signals.off('SIGTERM', onTerminate);
    signals.off('SIGHUP', onTerminate);
    releaseLock();
    await connection.close();
  }
}

/** Ctrl-C during a run. */
class ImportInterrupted extends Error {
  override readonly name = 'ImportInterrupted';
}

const stoppedLine = (settled: number, total: number) =>
  `marquee import: stopped after row ${settled} of ${total}; run the same command again to go on\n`;

/**
 * A row's line, and when the file has several parts (a zip's entries) which part it is in:
 * "lists/noir.csv line 2"; of a JSON file, its place in the array: "entry 3", and in which array
 * where there are several (a Marquee export): "ratings entry 3", "list 2 entry 1".
 */
function rowLine(outcome: RowOutcome, dryRun: boolean, archive?: string, inJson = false): string {
  const { row } = outcome;
  const what = row.kind === 'rating' ? `rate ${row.rating}` : row.kind === 'list-item' ? `list "${row.listName}"` : row.kind;
  const part = archive !== undefined && row.origin.file.startsWith(`${archive}:`) ? `${row.origin.file.slice(archive.length + 1)} ` : '';
  const where = inJson ? `${row.origin.part ? `${row.origin.part} ` : ''}entry` : 'line';
  const head = `  ${part}${where} ${row.origin.line}: ${row.title}${row.year ? ` (${row.year})` : ''}, ${what}: ${MATCH_LABELS[outcome.match]}`;
  const detail = outcome.target
    ? `, ${titleText(outcome.target)}: ${changeText(outcome, dryRun)}`
    : `: ${outcome.reason ?? ''}${outcome.candidates.length > 0 ? ` (candidates: ${outcome.candidates.map(titleText).join('; ')})` : ''}`;
  // Titles come from the file and the service: nothing in them may command the terminal or break the line.
  return oneLine(head + detail);
}

/** Always shown, even at 0: what a reader looks for first. */
const ALWAYS_SHOWN: readonly WriteOutcome[] = ['new', 'changed', 'same'];

function summary(read: number, outcomes: readonly RowOutcome[], dryRun: boolean): string {
  const totals = importTotals(read, outcomes);
  const count = (label: string, n: number) => `  ${label.padEnd(44)}${String(n).padStart(6)}`;
  const lines = [`Rows read: ${read}`];
  for (const m of MATCH_OUTCOMES) lines.push(count(MATCH_LABELS[m], totals.matches[m]));
  lines.push(`Of the ${totals.matched} matched:`);
  for (const w of WRITE_OUTCOMES) {
    const n = totals.writes[w];
    if (n > 0 || ALWAYS_SHOWN.includes(w)) lines.push(count(WRITE_LABELS[w], n));
  }
  const parts = `${totals.writes.new} new, ${totals.writes.changed} changed`;
  lines.push(dryRun ? `To write: ${totals.written} (${parts}); nothing was written` : `Written: ${totals.written} (${parts})`);
  return `${lines.join('\n')}\n`;
}
