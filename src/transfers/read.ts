import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { cleanName } from '../contract/index.js';
import { firstLine, readCsvRecords, readCsvTable, unmarkFormulas } from './csv.js';
import { imdbFileKind, readImdb } from './imdb.js';
import { contentHash } from './journal.js';
import {
  isLetterboxdImportFile, isLetterboxdList, letterboxdFileKind, readLetterboxd, readLetterboxdImportFile, readLetterboxdList,
} from './letterboxd.js';
import { isMarqueeCsv, readMarqueeCsv } from './marquee-csv.js';
import { looksLikeMarquee, readMarquee } from './marquee-format.js';
import {
  type FilePart, IMPORT_SOURCES, type ImportFile, type ImportRow, type ImportSource, ImportFileError, type ListInfo, MAX_IMPORT_FILE_BYTES,
} from './rows.js';
import { isReport, readReport } from './report.js';
import { looksLikeTrakt, readTrakt } from './trakt.js';
import { formatBytes, isZip, unzipFiles } from './zip.js';

/**
 * Reads an export file whole: the format is told from its content (zip signature, JSON shape,
 * CSV header) and, where the content cannot tell, its name; `from` names the service and is
 * checked against what the content says. Any problem refuses the whole file.
 */

export interface ReadOptions {
  readonly from?: ImportSource;
  /** Larger files (and archives unpacking to more) are refused; MAX_IMPORT_FILE_BYTES by default. */
  readonly maxBytes?: number;
}

const SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  imdb: 'IMDb', letterboxd: 'Letterboxd', trakt: 'Trakt', marquee: 'Marquee',
};

const KNOWN_FORMATS =
  "IMDb's ratings or watchlist CSV, Letterboxd's export (a zip, or its ratings.csv, watchlist.csv, watched.csv, " +
  "diary.csv, lists/*.csv, or the file for its importer), Trakt's JSON export, Marquee's own export (JSON or CSV), " +
  'or the report of an earlier import';

export async function readImportFile(path: string, options: ReadOptions = {}): Promise<ImportFile> {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_FILE_BYTES;
  if (options.from !== undefined && !IMPORT_SOURCES.includes(options.from)) {
    throw new ImportFileError(path, `unknown source "${String(options.from)}": one of ${IMPORT_SOURCES.join(', ')}`);
  }
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ImportFileError(path, 'not a file');
    size = info.size;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (size > maxBytes) {
    throw new ImportFileError(path, `the file is ${formatBytes(size)}, larger than the limit of ${formatBytes(maxBytes)}`);
  }
  const data = await readFile(path);
  return readImportData(data, path, options);
}

/** The same, for content already in memory (`file` names it in messages and decides by name where needed). */
export function readImportData(data: Uint8Array, file: string, options: ReadOptions = {}): ImportFile {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_FILE_BYTES;
  if (data.length > maxBytes) {
    throw new ImportFileError(file, `the file is ${formatBytes(data.length)}, larger than the limit of ${formatBytes(maxBytes)}`);
  }
  const read = isZip(data) ? readLetterboxdZip(data, file, maxBytes) : readOne(decodeText(data, file), file, basename(file));
  const hash = contentHash(data);
  if (options.from !== undefined && options.from !== read.source) {
    throw new ImportFileError(file, `reads as a ${SOURCE_NAMES[read.source]} export, not ${SOURCE_NAMES[options.from]}'s`);
  }
  return withCleanListNames({ ...read, hash });
}

/** What a list whose name is nothing but control characters is called. */
const UNNAMED_LIST = 'Imported list';

/**
 * List names made as the TUI's form makes them (cleanName): a name holding an escape sequence
 * (OSC 52 writes the clipboard) or a line break would become a list that carries it to every
 * screen and command that shows it. The names that changed are kept for the import to say so.
 */
function withCleanListNames(file: ImportFile): ImportFile {
  const cleaned = new Set<string>();
  const clean = (name: string) => {
    const kept = cleanName(name) || UNNAMED_LIST;
    if (kept !== name) cleaned.add(kept);
    return kept;
  };
  const lists = file.lists.map((list) => ({ ...list, name: clean(list.name) }));
  const rows = file.rows.map((row) => (row.listName === undefined ? row : { ...row, listName: clean(row.listName) }));
  return cleaned.size === 0 ? file : { ...file, lists, rows, cleanedListNames: [...cleaned] };
}

function decodeText(data: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ImportFileError(file, `not UTF-8 text: expected ${KNOWN_FORMATS}`);
  }
}

interface Read {
  source: ImportSource;
  part: FilePart;
  rows: ImportRow[];
  lists: ListInfo[];
}

function single(read: Read, file: string): Omit<ImportFile, 'hash'> {
  return { source: read.source, parts: [{ file, part: read.part, rows: read.rows.length }], rows: read.rows, lists: read.lists, skipped: [] };
}

function readOne(text: string, file: string, name: string): Omit<ImportFile, 'hash'> {
  return single(readText(text, file, name), file);
}

function readText(text: string, file: string, name: string): Read {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return readJson(start, file, name);
  if (isLetterboxdList(text)) {
    const { rows, list } = readLetterboxdList(readCsvRecords(text, file, { ragged: true }), file);
    return { source: 'letterboxd', part: 'letterboxd-list', rows, lists: [list] };
  }
  const table = readCsvTable(text, file);
  // Marquee's own files (the report, its CSV and Letterboxd exports) mark cells that a
  // spreadsheet would run as formulas; they are read without the mark.
  if (isReport(table.header)) {
    const { rows, source } = readReport(unmarkFormulas(table), file);
    const names = [...new Set(rows.flatMap((row) => (row.listName === undefined ? [] : [row.listName])))];
    return { source, part: 'report', rows, lists: names.map((name) => ({ name, description: '' })) };
  }
  if (isMarqueeCsv(table.header)) return { source: 'marquee', part: 'marquee-csv', ...readMarqueeCsv(unmarkFormulas(table), file) };
  if (isLetterboxdImportFile(table.header)) {
    return { source: 'letterboxd', part: 'letterboxd-import', rows: readLetterboxdImportFile(unmarkFormulas(table), file), lists: [] };
  }
  const imdb = imdbFileKind(table.header);
  if (imdb) {
    const listName = name.replace(/\.csv$/i, '');
    const rows = readImdb(table, file, imdb, listName);
    const part: FilePart = imdb === 'ratings' ? 'imdb-ratings' : /watchlist/i.test(listName) ? 'imdb-watchlist' : 'imdb-list';
    return { source: 'imdb', part, rows, lists: part === 'imdb-list' ? [{ name: listName, description: '' }] : [] };
  }
  const letterboxd = letterboxdFileKind(table.header, name);
  if (letterboxd === 'watchlist-or-watched') {
    throw new ImportFileError(file, 'a Letterboxd watchlist and watched list have the same columns: name the file watchlist.csv or watched.csv', 1);
  }
  if (letterboxd && letterboxd !== 'list') {
    return { source: 'letterboxd', part: `letterboxd-${letterboxd}`, rows: readLetterboxd(table, file, letterboxd), lists: [] };
  }
  throw new ImportFileError(file, `unknown format: the header "${firstLine(text).slice(0, 120)}" is none of ${KNOWN_FORMATS}`, 1);
}

function readJson(text: string, file: string, name: string): Read {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(file, `malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (looksLikeMarquee(value)) return { source: 'marquee', part: 'marquee', ...readMarquee(value, file) };
  if (looksLikeTrakt(value)) {
    const rows = readTrakt(value, file, name);
    const lists = rows.some((row) => row.kind === 'list-item') ? [{ name: rows.find((row) => row.listName)!.listName!, description: '' }] : [];
    return { source: 'trakt', part: 'trakt', rows, lists };
  }
  throw new ImportFileError(file, `unknown format: this JSON is neither Trakt's export (an array of rated or listed items) nor Marquee's`);
}

/** Files of Letterboxd's export zip that hold nothing the service keeps, and why. */
const LETTERBOXD_SKIPPED: ReadonlyArray<[RegExp, string]> = [
  [/^watched\.csv$/, 'the service has no watched mark (ratings.csv holds the ratings)'],
  [/^diary\.csv$/, 'the diary repeats what ratings.csv holds'],
  [/^(profile|reviews|comments)\.csv$/, 'the service keeps no profile, reviews or comments'],
  [/^likes\/[^/]+\.csv$/, 'the service keeps no likes'],
  [/^(deleted|orphaned)\//, 'deleted or orphaned entries'],
];

function readLetterboxdZip(data: Uint8Array, file: string, maxBytes: number): Omit<ImportFile, 'hash'> {
  const entries = unzipFiles(data, file, maxBytes);
  const names = [...entries.keys()];
  // Some archivers put everything in one folder named after the export: read inside it.
  const folder = /^[^/]+\//.exec(names[0] ?? '')?.[0];
  const prefix = folder && names.every((n) => n.startsWith(folder)) && !/^(lists|likes|deleted|orphaned)\/$/.test(folder) ? folder : '';
  const parts: Array<{ file: string; part: FilePart; rows: number }> = [];
  const rows: ImportRow[] = [];
  const lists: ListInfo[] = [];
  const skipped: Array<{ file: string; reason: string }> = [];
  const order = (name: string) => (name === 'ratings.csv' ? 0 : name === 'watchlist.csv' ? 1 : 2);
  const inside = names.map((n) => n.slice(prefix.length)).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  for (const name of inside) {
    const entryFile = `${file}:${prefix}${name}`;
    const skip = LETTERBOXD_SKIPPED.find(([pattern]) => pattern.test(name));
    if (skip) {
      skipped.push({ file: entryFile, reason: skip[1] });
      continue;
    }
    if (name !== 'ratings.csv' && name !== 'watchlist.csv' && !/^lists\/[^/]+\.csv$/.test(name)) {
      throw new ImportFileError(file, `unexpected entry "${prefix}${name}": a Letterboxd export holds ratings.csv, watchlist.csv, lists/*.csv and the files it lists besides`);
    }
    const read = readText(decodeText(entries.get(prefix + name)!, entryFile), entryFile, name);
    const expected: FilePart = name === 'ratings.csv' ? 'letterboxd-ratings' : name === 'watchlist.csv' ? 'letterboxd-watchlist' : 'letterboxd-list';
    if (read.part !== expected) throw new ImportFileError(entryFile, `expected Letterboxd's ${expected.slice('letterboxd-'.length)} file here, found ${read.part}`);
    parts.push({ file: entryFile, part: read.part, rows: read.rows.length });
    rows.push(...read.rows);
    lists.push(...read.lists);
  }
  if (parts.length === 0) {
    throw new ImportFileError(file, 'not a Letterboxd export: the zip holds none of ratings.csv, watchlist.csv, lists/*.csv');
  }
  return { source: 'letterboxd', parts, rows, lists, skipped };
}
