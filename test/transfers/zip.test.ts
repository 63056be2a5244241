import { crc32 } from 'node:zlib';
import { deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readImportData } from '../../src/transfers/index.js';
import { unzipFiles } from '../../src/transfers/zip.js';
import { thrownBy } from '../thrown.js';

/**
 * Hostile zip archives, built byte by byte: a zip is read by what it really produces, not by
 * what its headers declare.
 */

const text = (value: string) => new TextEncoder().encode(value);
const HEADER = 'Date,Name,Year,Letterboxd URI,Rating\n';
const ratingRows = (count: number) => HEADER + Array.from({ length: count }, (_, i) => `2021-01-01,Film ${i},2000,https://boxd.it/${i},4\n`).join('');

interface StoredData {
  /** The bytes as stored (deflated unless method is 0). */
  readonly data: Uint8Array;
  readonly method?: 0 | 8;
}
interface DirectoryEntry {
  readonly name: string;
  /** Which stored data the entry points at. */
  readonly data: number;
  readonly size: number;
  readonly crc: number;
}

/** A zip whose central directory may name any stored data with any declared size and checksum. */
function buildZip(stored: readonly StoredData[], directory: readonly DirectoryEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let offset = 0;
  stored.forEach((item, i) => {
    const name = text(`data-${i}`);
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(8, item.method ?? 8, true);
    header.setUint32(18, item.data.length, true);
    header.setUint16(26, name.length, true);
    offsets.push(offset);
    parts.push(new Uint8Array(header.buffer), name, item.data);
    offset += 30 + name.length + item.data.length;
  });
  const directoryStart = offset;
  for (const entry of directory) {
    const name = text(entry.name);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(10, stored[entry.data]!.method ?? 8, true);
    header.setUint32(16, entry.crc, true);
    header.setUint32(20, stored[entry.data]!.data.length, true);
    header.setUint32(24, entry.size, true);
    header.setUint16(28, name.length, true);
    header.setUint32(42, offsets[entry.data]!, true);
    parts.push(new Uint8Array(header.buffer), name);
    offset += 46 + name.length;
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, directory.length, true);
  end.setUint16(10, directory.length, true);
  end.setUint32(12, offset - directoryStart, true);
  end.setUint32(16, directoryStart, true);
  parts.push(new Uint8Array(end.buffer));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const refusal = (read: () => unknown): ImportFileError => thrownBy(ImportFileError, read, 'the zip to be refused');

describe('a zip is bounded by what it really produces', () => {
  it('an honest archive, as built here, reads (the builder makes valid zips)', () => {
    const content = text(ratingRows(40));
    const zip = buildZip([{ data: deflateSync(content) }], [{ name: 'ratings.csv', data: 0, size: content.length, crc: crc32(content) }]);
    expect(readImportData(zip, 'export.zip').rows).toHaveLength(40);
  });

  it('refuses entries that all point at one compressed stream, whatever sizes they declare', () => {
    // 4 MiB of one repeated row behind each of 50 names, each declaring 100 bytes.
    const bomb = deflateSync(text(ratingRows(1).repeat(110_000)));
    const directory = Array.from({ length: 50 }, (_, i) => ({ name: i === 0 ? 'ratings.csv' : `lists/list-${i}.csv`, data: 0, size: 100, crc: 0 }));
    const error = refusal(() => readImportData(buildZip([{ data: bomb }], directory), 'export.zip'));
    expect(error.problem).toBe('the zip archive\'s entries "ratings.csv" and "lists/list-1.csv" share their data: not an export as a service writes it');
  });

  it('refuses an entry that unpacks to more than its header declares, naming it (it was cut at the declared size)', () => {
    const content = text(ratingRows(40));
    const firstRow = text(ratingRows(1));
    const zip = buildZip([{ data: deflateSync(content) }], [{ name: 'ratings.csv', data: 0, size: firstRow.length, crc: crc32(firstRow) }]);
    expect(refusal(() => readImportData(zip, 'export.zip')).message).toBe(
      `export.zip: the zip archive's entry "ratings.csv" unpacks to more than the ${firstRow.length} bytes its header declares`,
    );
  });

  it('refuses an entry that unpacks to less than its header declares, or whose checksum is wrong', () => {
    const content = text(ratingRows(3));
    const short = buildZip([{ data: deflateSync(content) }], [{ name: 'ratings.csv', data: 0, size: content.length + 10, crc: crc32(content) }]);
    expect(refusal(() => readImportData(short, 'export.zip')).problem).toBe(
      `the zip archive's entry "ratings.csv" unpacks to ${content.length} bytes; its header declares ${content.length + 10}`,
    );
    const stored = buildZip([{ data: content, method: 0 }], [{ name: 'ratings.csv', data: 0, size: content.length, crc: crc32(content) ^ 1 }]);
    expect(refusal(() => readImportData(stored, 'export.zip')).problem).toBe('the zip archive\'s entry "ratings.csv" is damaged (its checksum does not match)');
  });

  it('refuses an entry that would unpack far more than a real export compresses, even when it says so', () => {
    // 3 MiB of one row again and again: under the size limit, but over 100 times its compressed size.
    const zip = zipSync({ 'ratings.csv': text(ratingRows(1).repeat(80_000)) });
    expect(refusal(() => readImportData(zip, 'export.zip')).problem).toMatch(
      /^the zip archive's entry "ratings\.csv" would unpack \d+ times its size \(at most 100\): not an export as a service writes it$/,
    );
  });

  it('gives up on a read that takes longer than its time limit', () => {
    const zip = zipSync({ 'ratings.csv': text(ratingRows(5)), 'watchlist.csv': text('Date,Name,Year,Letterboxd URI\n') });
    let clock = 0;
    // Each look at the clock is 6 s later: the second entry starts past the 10 s limit.
    const error = refusal(() => unzipFiles(zip, 'export.zip', 1024 * 1024, { now: () => (clock += 6_000), timeLimitMs: 10_000 }));
    expect(error.problem).toBe('reading the zip archive took longer than 10 s: it is not an export as a service writes it');
    clock = 0;
    expect(unzipFiles(zip, 'export.zip', 1024 * 1024, { now: () => (clock += 1), timeLimitMs: 10_000 }).size).toBe(2);
  });
});
