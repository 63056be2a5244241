import { Box, Text } from 'ink';
import { useState } from 'react';
import { type ExportFormat, exportFilePath, type ImportTotals } from '../../../state/index.js';
import { Popup, useCommands } from '../../commands.js';
import { Spinner } from '../../components/Spinner.js';
import { TextField } from '../../components/TextField.js';
import { hintLine } from '../../hints.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';

/**
 * The Lists tab's import and export: a file path (and for export a format), then the progress
 * of the run in the panel, then what became of it. The work is the state's (state/slices/transfers.ts);
 * these forms only show it and take the keys.
 */

interface TransferFormProps {
  readonly width: number;
  readonly onClose: () => void;
}

// In the home folder: the TUI may have been started from anywhere, and the current folder is not
// where people look for a file they saved.
const FORMATS: readonly { format: ExportFormat; file: string; says: string }[] = [
  { format: 'json', file: '~/marquee-export.json', says: "Marquee's own: imports back without loss" },
  { format: 'csv', file: '~/marquee-export.csv', says: 'a row per entry, for a spreadsheet' },
  { format: 'letterboxd', file: '~/letterboxd-import.csv', says: "rated films, for Letterboxd's importer" },
];

/** A bar of `width` cells, full in proportion to done/total. */
function progressBar(done: number, total: number, width: number): string {
  const full = total === 0 ? width : Math.round((done / total) * width);
  return '█'.repeat(full) + '░'.repeat(Math.max(0, width - full));
}

export function ImportForm(props: TransferFormProps) {
  return (
    <Popup kind="form">
      <ImportPanel {...props} />
    </Popup>
  );
}

function ImportPanel({ width, onClose }: TransferFormProps) {
  const store = useAppStore();
  const theme = useTheme();
  const job = useAppState((s) => s.transfers.import);
  const [path, setPath] = useState('');
  const transfers = () => store.getState().transfers;
  const editing = job.status === 'idle' || (job.status === 'failed' && job.done === undefined);
  const close = () => {
    transfers().resetImport();
    onClose();
  };

  useCommands('screen', ['form'], {
    'form.submit': () => {
      if (editing) void transfers().readImport(path);
      else if (job.status === 'read') void transfers().checkImport();
      else if (job.status === 'checked') void transfers().startImport();
      else if (job.status === 'done' || job.status === 'failed') close();
    },
    'form.back': () => {
      if (job.status === 'importing' || job.status === 'checking') transfers().stopImport();
      else if (job.status === 'checked') transfers().uncheckImport();
      else if (job.status === 'read') transfers().resetImport();
      else if (job.status !== 'reading') close();
    },
  });
  // Two choices: either key flips between them.
  useCommands('screen', ['import.existing'], {
    'import.existing': () => {
      if (job.status === 'read') transfers().setKeepExisting(!job.keepExisting);
    },
  }, job.status === 'read');

  const barWidth = Math.max(10, Math.min(40, width - 30));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>Import into your account</Text>
      {editing ? (
        <>
          <TextField label="File: " value={path} onChange={setPath} focused placeholder="~/Downloads/ratings.csv" width={Math.max(20, width - 14)} />
          <Text color={theme.muted} wrap="wrap">
            IMDb ratings or watchlist CSV, Letterboxd export (zip or CSV), Trakt JSON, a Marquee export (JSON or CSV), or the report of an earlier import.
          </Text>
          {job.status === 'failed' ? <Text color={theme.danger} wrap="wrap">✗ {job.message}</Text> : null}
          <Text color={theme.muted}>{hintLine(['form.submit', 'reads the file (nothing is written yet)'], ['form.back', 'cancels'])}</Text>
        </>
      ) : null}
      {job.status === 'reading' ? <Spinner label={`Reading ${job.path}…`} /> : null}
      {job.status === 'read' ? (
        <>
          <Text wrap="wrap">
            {job.path}: {job.rows} {job.rows === 1 ? 'row' : 'rows'} ({job.parts}){job.skipped > 0 ? `; ${job.skipped === 1 ? '1 file of the archive holds' : `${job.skipped} files of the archive hold`} nothing to import` : ''}.
          </Text>
          <Text>
            <Text>Ratings you already hold: </Text>
            <Text color={theme.accent}>{job.keepExisting ? '‹ keep them ›' : '‹ replace them with the file’s ›'}</Text>
          </Text>
          <Text color={theme.muted}>
            {keyHintFor('import.existing', 'previous')}/{keyHintFor('import.existing', 'next')} changes it · {hintLine(['form.submit', 'checks it against your account (nothing is written yet)'], ['form.back', 'another file'])}
          </Text>
        </>
      ) : null}
      {job.status === 'checking' ? (
        <>
          <Text>
            {progressBar(job.done, job.total, barWidth)} {job.phase === 'matching' ? 'matching' : 'comparing with your account'}: {job.done} of {job.total} rows
          </Text>
          <Text color={theme.muted}>{keyHint('form.back')} stops the check (nothing is written)</Text>
        </>
      ) : null}
      {job.status === 'checked' ? (
        <>
          <Text>{job.path}, {job.keepExisting ? 'keeping the ratings you hold' : 'replacing the ratings you hold'}:</Text>
          <TotalsLines totals={job.totals} listsMade={job.listsMade ?? 0} dryRun />
          {job.changes.map((line) => (
            <Text key={line} wrap="truncate-end">  {line}</Text>
          ))}
          {job.totals.writes.changed + job.totals.writes.kept > job.changes.length ? (
            <Text color={theme.muted}>  and {job.totals.writes.changed + job.totals.writes.kept - job.changes.length} more (marquee import --dry-run lists them all)</Text>
          ) : null}
          {job.repeats.map((line) => (
            <Text key={line} wrap="truncate-end">  {line}</Text>
          ))}
          <Text color={theme.muted}>
            {hintLine(
              ['form.submit', job.totals.written === 0 ? 'goes on (nothing to write)' : `writes ${job.totals.written} ${job.totals.written === 1 ? 'entry' : 'entries'}`],
              ['form.back', 'back to the choice'],
            )}
          </Text>
        </>
      ) : null}
      {job.status === 'importing' ? (
        <>
          <Text>
            {progressBar(job.done, job.total, barWidth)} {job.phase === 'matching' ? `matching ${job.done} of ${job.total} rows` : `${job.done} of ${job.total} rows, ${job.written} written`}
          </Text>
          <Text color={theme.muted}>{keyHint('form.back')} stops after this row (import the same file again to go on)</Text>
        </>
      ) : null}
      {job.status === 'failed' && job.done !== undefined ? (
        <>
          <Text color={theme.danger} wrap="wrap">
            ✗ {job.message} After {job.done} of {job.total} rows: import the same file again to go on where this stopped.
          </Text>
          <Text color={theme.muted}>{hintLine(['form.submit', 'closes'])}</Text>
        </>
      ) : null}
      {job.status === 'done' ? (
        <>
          <Text>{job.path}:</Text>
          <TotalsLines totals={job.totals} listsMade={job.listsMade ?? 0} />
          {job.reportPath ? (
            <Text wrap="wrap">
              {job.totals.left === 1 ? 'The row' : `The ${job.totals.left} rows`} not imported, with the reason and the candidates: {job.reportPath}. Fill in a tmdb_id and import that file.
            </Text>
          ) : null}
          <Text color={theme.muted}>{hintLine(['form.submit', 'closes'])}</Text>
        </>
      ) : null}
    </Box>
  );
}

function TotalsLines({ totals, listsMade, dryRun = false }: { totals: ImportTotals; listsMade: number; dryRun?: boolean }) {
  const { matches, writes } = totals;
  const line = (label: string, count: number) => `${label} ${count}`;
  // What is rare is named only when it happened.
  const ifAny = (label: string, count: number) => (count > 0 ? [line(label, count)] : []);
  return (
    <>
      <Text wrap="wrap">
        {[
          line('matched by id', matches['matched-by-id']),
          line('by title and year', matches['matched-by-title']),
          line('ambiguous', matches.ambiguous),
          line('not found', matches['not-found']),
          line('not importable', matches['not-importable']),
        ].join(' · ')}
      </Text>
      <Text wrap="wrap">
        {[
          line(dryRun ? 'to write' : 'written', totals.written),
          line('new', writes.new),
          line('changed', writes.changed),
          line('unchanged', writes.same),
          ...ifAny('kept', writes.kept),
          ...ifAny('repeated in the file', writes.repeated),
          line('written by an earlier run', writes['done-before']),
          line('failed', writes.failed),
          ...ifAny(dryRun ? 'lists to make' : 'lists made', listsMade),
        ].join(' · ')}
      </Text>
    </>
  );
}

export function ExportForm(props: TransferFormProps) {
  return (
    <Popup kind="form">
      <ExportPanel {...props} />
    </Popup>
  );
}

function ExportPanel({ width, onClose }: TransferFormProps) {
  const store = useAppStore();
  const theme = useTheme();
  const job = useAppState((s) => s.transfers.export);
  const [formatIndex, setFormatIndex] = useState(0);
  const [path, setPath] = useState(FORMATS[0]!.file);
  // 0: the file, 1: the format.
  const [field, setField] = useState(0);
  const transfers = () => store.getState().transfers;
  const close = () => {
    transfers().resetExport();
    onClose();
  };
  const chosen = FORMATS[formatIndex]!;

  const chooseFormat = (step: number) => {
    const next = (formatIndex + step + FORMATS.length) % FORMATS.length;
    // A file name still the default follows the format; one the user typed stays.
    if (FORMATS.some((f) => f.file === path)) setPath(FORMATS[next]!.file);
    setFormatIndex(next);
  };

  const exporting = job.status === 'exporting';
  useCommands('screen', ['form'], {
    'form.submit': () => {
      if (job.status === 'done') close();
      else if (!exporting) void transfers().exportTo(path, chosen.format);
    },
    'form.next': () => setField((f) => (f + 1) % 2),
    'form.previous': () => setField((f) => (f + 1) % 2),
    'form.back': () => {
      if (!exporting) close();
    },
  });
  useCommands('screen', ['export.format'], { 'export.format': (direction) => chooseFormat(direction === 'next' ? 1 : -1) }, field === 1 && !exporting);

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>Export your account</Text>
      <TextField label="File:   " value={path} onChange={setPath} focused={field === 0 && !exporting && job.status !== 'done'} width={Math.max(20, width - 16)} />
      {!exporting && job.status !== 'done' && exportFilePath(path, chosen.format) !== path.trim() && path.trim() !== '' ? (
        <Text color={theme.muted} wrap="truncate-start">
          {'   '}→ {exportFilePath(path, chosen.format)}
        </Text>
      ) : null}
      <Text>
        <Text color={field === 1 ? theme.accent : undefined}>Format: {field === 1 ? `‹ ${chosen.format} ›` : chosen.format}</Text>
        <Text color={theme.muted}> {chosen.says}</Text>
      </Text>
      {exporting ? <Spinner label={`Reading ${job.step}…`} /> : null}
      {job.status === 'failed' ? <Text color={theme.danger} wrap="wrap">✗ {job.message}</Text> : null}
      {job.status === 'done' ? (
        <>
          <Text color={theme.success} wrap="wrap">✓ Wrote {job.path}: {job.summary}</Text>
          <Text color={theme.muted}>{hintLine(['form.submit', 'closes'])}</Text>
        </>
      ) : exporting ? null : (
        <Text color={theme.muted}>
          {keyHint('form.next')} moves to the {field === 0 ? 'format' : 'file'}
          {field === 1 ? ` (${keyHintFor('export.format', 'previous')}/${keyHintFor('export.format', 'next')} changes it)` : ''} · {hintLine(['form.submit', 'exports'], ['form.back', 'cancels'])}
        </Text>
      )}
    </Box>
  );
}
