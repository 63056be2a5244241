import { dirname, resolve } from 'node:path';
import { exportAccount } from '../transfers/account-export.js';
import { EXPORT_FORMATS, type ExportFormat, formatExport } from '../transfers/export-formats.js';
import { accountFigures } from '../state/reads/stats/figures.js';
import { dataForTerminal, jsonForTerminal, terminalSafe } from '../contract/index.js';
import { readStatsData } from '../state/reads/stats/read.js';
import { ratingDates } from '../state/slices/rating-dates.js';
import { statsDocument } from '../state/reads/stats/stats-json.js';
import { writeSecretFile } from '../storage/index.js';
import { type AccountCommandIo, commandFailures, failure, openAccountOrFail } from './account-connection.js';
import { readFlags } from './flags.js';

/**
 * `marquee export`: everything the signed-in account holds (ratings of films, series and
 * episodes, watchlist, favourites, lists with their items), as Marquee's own JSON, a CSV for a
 * spreadsheet, or Letterboxd's import CSV, to a file (written whole or not at all) or stdout;
 * or the account's statistics, the figures the Stats view draws, as JSON.
 */

/** The account's formats, and the statistics. */
const FORMATS = [...EXPORT_FORMATS, 'stats-json'] as const;


const USAGE = `Usage: marquee export [--format json|csv|letterboxd|stats-json] [--out FILE] [--no-imdb-ids] [--base-url URL]

Writes everything the signed-in account holds (rated films, series and episodes, watchlist,
favourites, lists with their items), with TMDB and IMDb ids, titles, years and dates.

  --format FORMAT   json (default): Marquee's own versioned format, which marquee import
                    reads back without loss; csv: one row per entry, for a spreadsheet;
                    letterboxd: the rated films as Letterboxd's importer reads them (half stars);
                    stats-json: the statistics of the ratings, as the Stats view draws them
  --out FILE        write to FILE (whole or not at all: a temporary file beside it is renamed
                    over it, readable only by you); without it, the export goes to stdout
  --no-imdb-ids     do not look up IMDb ids (one request per title; faster on large accounts)
  --base-url URL    the service (default: MARQUEE_BASE_URL, else the embedded catalog)
  -h, --help        this help

Needs a session kept by signing in from the TUI or with marquee api.
Exit codes: 0 ok, 1 service error, 2 usage or no session, 4 network.`;

export async function runExportCommand(args: string[], io: AccountCommandIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const failures = commandFailures('export', stderr);
  const { fail } = failures;
  const parsed = readFlags(args, {
    format: { type: 'string' },
    out: { type: 'string', short: 'o' },
    'no-imdb-ids': { type: 'boolean' },
    'base-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!parsed.ok) return fail(2, `${parsed.problem} (see marquee export --help)`);
  const { values } = parsed;
  if (values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = values.format ?? 'json';
  if (!(FORMATS as readonly string[]).includes(format)) {
    return fail(2, `--format ${format}: the formats are ${FORMATS.join(', ')}`);
  }

  const connection = await openAccountOrFail('export', values['base-url'], io, failures);
  if (typeof connection === 'number') return connection;
  /** Writes the text to --out (whole or not at all) or stdout; an exit code when it cannot. */
  const write = (text: string): number | undefined => {
    if (values.out === undefined) {
      // To a terminal, nothing in the service's text may be obeyed as a command (a list named
      // with OSC 52 would write the clipboard): the same JSON with those characters escaped, a
      // CSV with them shown as ^[ or <U+009B>. A pipe gets the data exactly, as --out does.
      const forTerminal = format === 'csv' || format === 'letterboxd' ? dataForTerminal : jsonForTerminal;
      stdout.write(stdout.isTTY === true ? forTerminal(text) : text);
      return undefined;
    }
    const path = resolve(values.out);
    try {
      writeSecretFile(path, text);
    } catch (error) {
      return fail(2, `${values.out} cannot be written in ${dirname(path)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    return undefined;
  };
  try {
    const progress = (what: string) => {
      if ((stderr as { isTTY?: boolean }).isTTY) stderr.write(`marquee export: reading ${what}\n`);
    };
    // Dates of ratings written or imported through Marquee, where the service gives none.
    const recorded = ratingDates(connection.ratingDates, Date.now, (message) => stderr.write(`marquee export: ${terminalSafe(message)}\n`))
      .entries({ kind: 'account', accountId: connection.accountId });
    if (format === 'stats-json') {
      let shown = -1;
      const read = await readStatsData(connection.client, { kind: 'user', accountId: connection.accountId }, {
        recorded,
        // A line per tenth of the way, on a terminal only: a file or a pipe gets no chatter.
        progress: ({ done, total }) => {
          const tenth = Math.floor((done / Math.max(1, total)) * 10);
          if (tenth === shown || !(stderr as { isTTY?: boolean }).isTTY) return;
          shown = tenth;
          stderr.write(`marquee export: read ${done} of ${total}\n`);
        },
      });
      const figures = accountFigures(read);
      const text = `${JSON.stringify(statsDocument(figures, read, new Date()), null, 2)}\n`;
      const written = write(text);
      if (written !== undefined) return written;
      if (values.out !== undefined) {
        const { films, series, episodes } = figures.totals;
        stderr.write(`marquee export: wrote ${values.out}: statistics of ${films} films, ${series} series and ${episodes} episodes rated\n`);
      }
      return 0;
    }
    const data = await exportAccount(connection.client, connection.accountId, new Date(), {
      progress,
      imdbIds: values['no-imdb-ids'] !== true,
      recorded,
    });
    const { text, leftOut } = formatExport(data, format as ExportFormat);
    const written = write(text);
    if (written !== undefined) return written;
    if (values.out !== undefined) {
      const lists = data.lists.length;
      stderr.write(
        format === 'letterboxd'
          ? `marquee export: wrote ${values.out}: ${data.ratings.length - leftOut} rated films\n`
          : `marquee export: wrote ${values.out}: ${data.ratings.length} ratings, ${data.watchlist.length} on the watchlist, ` +
              `${data.favorites.length} favourites, ${lists} ${lists === 1 ? 'list' : 'lists'}\n`,
      );
    }
    if (leftOut > 0) {
      stderr.write(`marquee export: left out ${leftOut} ratings of series and episodes, the watchlist, favourites and lists: Letterboxd keeps rated films only\n`);
    }
    return 0;
  } catch (error) {
    return failure(error, fail);
  } finally {
    await connection.close();
  }
}
