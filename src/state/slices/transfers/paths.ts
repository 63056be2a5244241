import { homedir } from 'node:os';
import { extname, resolve } from 'node:path';
import type { ExportFormat } from './model.js';

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
