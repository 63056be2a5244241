import { type UnzipFileInfo, unzipSync } from 'fflate';
import { ImportFileError } from './rows.js';

/**
 * The files of a zip archive by name (folders left out), refused as a whole when the archive
 * is damaged or its files would unpack to more than `maxBytes` (as their headers declare;
 * an entry that unpacks to more than it declared fails to unpack).
 */
export function unzipFiles(data: Uint8Array, file: string, maxBytes: number): Map<string, Uint8Array> {
  let total = 0;
  let tooLarge: string | undefined;
  const keep = (info: UnzipFileInfo) => {
    if (info.name.endsWith('/')) return false;
    total += info.originalSize;
    if (total > maxBytes) tooLarge ??= info.name;
    return tooLarge === undefined;
  };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, { filter: keep });
  } catch (error) {
    throw new ImportFileError(file, `the zip archive cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (tooLarge !== undefined) {
    throw new ImportFileError(file, `the zip archive unpacks to more than the limit of ${formatBytes(maxBytes)} (at ${tooLarge})`);
  }
  return new Map(Object.entries(files));
}

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 0x03 || data[2] === 0x05) && (data[3] === 0x04 || data[3] === 0x06);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
