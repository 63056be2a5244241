import { CsvError, parse } from 'csv-parse/sync';
import { ImportFileError } from './rows.js';

/** A record of a CSV file and the line it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * Every record of a CSV text, with the line each starts on. A byte order mark, CRLF or LF line
 * ends and blank lines are accepted; a malformed quote, or (unless `ragged`) a record with
 * another number of cells than the first, is an ImportFileError naming the line.
 */
export function readCsvRecords(
  text: string,
  file: string,
  options: { ragged?: boolean; columnNames?: readonly string[] } = {},
): CsvRecord[] {
  let parsed: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    parsed = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: options.ragged ?? false,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error, file, options.columnNames ?? []);
    throw error;
  }
  // The parser reports the line a record ends on; it starts after the previous one and any blank lines between.
  let previousEnd = 0;
  let previousEmpty = 0;
  return parsed.map(({ record, info }) => {
    const line = previousEnd + (info.empty_lines - previousEmpty) + 1;
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return { line, cells: record };
  });
}

function csvProblem(error: CsvError, file: string, columnNames: readonly string[]): ImportFileError {
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  const index = (error as CsvError & { index?: unknown }).index;
  const column = typeof index === 'number' ? (columnNames[index] ?? String(index + 1)) : undefined;
  const problems: Record<string, string> = {
    CSV_INVALID_CLOSING_QUOTE: 'malformed CSV: a quoted field is followed by more text',
    CSV_QUOTE_NOT_CLOSED: 'malformed CSV: a quote opened here is never closed',
    CSV_RECORD_INCONSISTENT_COLUMNS: 'malformed CSV: this row has another number of columns than the header',
    CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'malformed CSV: this row has another number of columns than the header',
  };
  return new ImportFileError(file, problems[error.code] ?? `malformed CSV: ${error.message}`, line, column);
}

/** A CSV file with a header: each row's cells by column name. */
export interface CsvTable {
  readonly header: readonly string[];
  readonly rows: ReadonlyArray<{ line: number; cells: Readonly<Record<string, string>> }>;
}

export function readCsvTable(text: string, file: string): CsvTable {
  const [header, ...records] = readCsvRecords(text, file, { columnNames: headerNames(text) });
  if (!header) throw new ImportFileError(file, 'the file is empty');
  const names = header.cells.map((name) => name.trim());
  return {
    header: names,
    rows: records.map(({ line, cells }) => ({
      line,
      cells: Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])),
    })),
  };
}

/** The header's names, read alone so that an error further down can name its column; [] if it cannot be read. */
function headerNames(text: string): string[] {
  try {
    return parse(text, { bom: true, to_line: 1, relax_column_count: true })[0]?.map((name) => name.trim()) ?? [];
  } catch {
    return [];
  }
}

/** The first line of a text without its byte order mark, for telling formats apart. */
export function firstLine(text: string): string {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
}

/**
 * Spreadsheet formulas in the CSV files Marquee writes (OWASP's "CSV injection"): a cell that
 * starts with =, +, -, @, a tab or a carriage return would run as a formula in a spreadsheet,
 * so it is written with a leading ' (which spreadsheets show as text). A cell that already
 * starts with ' before one of those gets one more, so that reading takes exactly one off and
 * every text comes back as it was ("-2+3", "'=x" and -2 alike).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** What neutraliseFormula wrote, as it was: one leading ' off a cell it marked. */
export function unmarkFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's `cast` for Marquee's own files: every string and number neutralised. */
export const NEUTRALISED_CELLS = {
  string: (value: string) => neutraliseFormula(value),
  number: (value: number) => neutraliseFormula(String(value)),
};

/** The cells of a table Marquee wrote, with the formula marks taken off. */
export function unmarkFormulas(table: CsvTable): CsvTable {
  return {
    header: table.header,
    rows: table.rows.map(({ line, cells }) => ({
      line,
      cells: Object.fromEntries(Object.entries(cells).map(([name, value]) => [name, unmarkFormula(value)])),
    })),
  };
}
