import { crc32, inflateRawSync } from 'node:zlib';
import { ImportFileError } from './rows.js';

/**
 * The files of a zip archive by name (folders left out), refused as a whole when the archive
 * is damaged or hostile. The archive is read from its central directory, and every entry is
 * bounded by what it really produces, not only by what its header says:
 * - entries whose data overlap (many names for one compressed stream, a "zip bomb") are refused;
 * - the sizes the headers declare add up to at most `maxBytes`, and no entry declares more than
 *   `maxRatio` times its compressed size (beyond a small floor);
 * - each entry is inflated with its declared size as the limit: one that produces more, or less,
 *   than its header says is refused, naming it, and so is one whose checksum is wrong;
 * - the whole read has a time limit.
 *
 * Read by hand rather than with fflate's unzipSync: that trusts the declared sizes (an entry
 * larger than it declares was cut at the declared size) and cannot tell entries sharing data.
 * Inflating is node:zlib's, which stops at a given output size.
 */

export interface UnzipLimits {
  /** An entry may declare at most this many times its compressed size... */
  readonly maxRatio?: number;
  /** ...once it declares more than this many bytes (small files compress any way they like). */
  readonly ratioFloorBytes?: number;
  /** The whole read stops with an error after this long. */
  readonly timeLimitMs?: number;
  /** The clock, in milliseconds (tests give their own). */
  readonly now?: () => number;
}

/** A real export's CSV compresses 3 to 10 times; 100 leaves room and refuses bombs (1000:1). */
export const MAX_ZIP_RATIO = 100;
const RATIO_FLOOR_BYTES = 64 * 1024;
export const ZIP_TIME_LIMIT_MS = 10_000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  /** Where its local header starts and where its data ends. */
  readonly start: number;
  readonly dataStart: number;
  readonly end: number;
}

export function unzipFiles(data: Uint8Array, file: string, maxBytes: number, limits: UnzipLimits = {}): Map<string, Uint8Array> {
  const now = limits.now ?? Date.now;
  const deadline = now() + (limits.timeLimitMs ?? ZIP_TIME_LIMIT_MS);
  const maxRatio = limits.maxRatio ?? MAX_ZIP_RATIO;
  const ratioFloor = limits.ratioFloorBytes ?? RATIO_FLOOR_BYTES;
  const refuse = (problem: string) => new ImportFileError(file, problem);
  const unreadable = (why: string) => refuse(`the zip archive cannot be read (${why})`);
  const inTime = () => {
    if (now() > deadline) {
      throw refuse(`reading the zip archive took longer than ${Math.round((limits.timeLimitMs ?? ZIP_TIME_LIMIT_MS) / 1000)} s: it is not an export as a service writes it`);
    }
  };

  const entries = readDirectory(data, unreadable);
  // Entries that share data: one compressed stream named many times.
  const byStart = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < byStart.length; i++) {
    if (byStart[i]!.start < byStart[i - 1]!.end) {
      throw refuse(`the zip archive's entries "${byStart[i - 1]!.name}" and "${byStart[i]!.name}" share their data: not an export as a service writes it`);
    }
  }
  const names = new Set<string>();
  let declared = 0;
  for (const entry of entries) {
    if (names.has(entry.name)) throw refuse(`the zip archive holds "${entry.name}" twice`);
    names.add(entry.name);
    if (entry.flags & 1) throw refuse(`the zip archive's entry "${entry.name}" is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) throw refuse(`the zip archive's entry "${entry.name}" is compressed in a way not read here (method ${entry.method})`);
    declared += entry.size;
    if (declared > maxBytes) throw refuse(`the zip archive unpacks to more than the limit of ${formatBytes(maxBytes)} (at ${entry.name})`);
    if (entry.size > ratioFloor && entry.size > entry.compressedSize * maxRatio) {
      throw refuse(`the zip archive's entry "${entry.name}" would unpack ${Math.round(entry.size / Math.max(1, entry.compressedSize))} times its size (at most ${maxRatio}): not an export as a service writes it`);
    }
  }

  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  for (const entry of entries) {
    inTime();
    const stored = data.subarray(entry.dataStart, entry.end);
    let content: Uint8Array;
    if (entry.method === 0) {
      content = stored;
    } else {
      try {
        // One byte past the declared size is enough to know the entry is larger than it says.
        content = inflateRawSync(stored, { maxOutputLength: entry.size + 1 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') content = new Uint8Array(entry.size + 1);
        else throw refuse(`the zip archive's entry "${entry.name}" cannot be unpacked (${(error as Error).message})`);
      }
    }
    if (content.length !== entry.size) {
      throw refuse(
        content.length > entry.size
          ? `the zip archive's entry "${entry.name}" unpacks to more than the ${entry.size} bytes its header declares`
          : `the zip archive's entry "${entry.name}" unpacks to ${content.length} bytes; its header declares ${entry.size}`,
      );
    }
    if (crc32(content) >>> 0 !== entry.crc) throw refuse(`the zip archive's entry "${entry.name}" is damaged (its checksum does not match)`);
    inflated += content.length;
    if (inflated > maxBytes) throw refuse(`the zip archive unpacks to more than the limit of ${formatBytes(maxBytes)} (at ${entry.name})`);
    files.set(entry.name, content);
  }
  inTime();
  return files;
}

/** The entries the central directory lists (folders left out), each checked to lie inside the archive. */
function readDirectory(data: Uint8Array, unreadable: (why: string) => ImportFileError): Entry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record is in the last 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable('no end of central directory: damaged or cut short');
  const count = u16(end + 10);
  const directorySize = u32(end + 12);
  const directoryStart = u32(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) throw unreadable('a zip64 archive, larger than an export');
  if (directoryStart + directorySize > end) throw unreadable('its central directory lies outside it');
  const decoder = new TextDecoder('utf-8');
  const entries: Entry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(at) !== DIRECTORY_ENTRY) throw unreadable('a damaged central directory');
    const nameLength = u16(at + 28);
    const name = decoder.decode(data.subarray(at + 46, at + 46 + nameLength));
    const start = u32(at + 42);
    const compressedSize = u32(at + 20);
    const entry = { name, flags: u16(at + 8), method: u16(at + 10), crc: u32(at + 16), compressedSize, size: u32(at + 24), start };
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (start + 30 > directoryStart || u32(start) !== LOCAL_HEADER) throw unreadable(`the entry "${name}" points outside the archive's data`);
    const dataStart = start + 30 + u16(start + 26) + u16(start + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) throw unreadable(`the entry "${name}" runs past the archive's data`);
    if (name.endsWith('/')) continue;
    entries.push({ ...entry, dataStart, end: dataEnd });
  }
  return entries;
}

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 0x03 || data[2] === 0x05) && (data[3] === 0x04 || data[3] === 0x06);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
