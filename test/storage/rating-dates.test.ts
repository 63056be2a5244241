import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileRatingDates, RATING_DATES_DIR } from '../../src/storage/index.js';

const BASE_URL = 'http://127.0.0.1:1';
const rater = { kind: 'account', accountId: 7 } as const;
const dirs: string[] = [];

/** A data folder of the test's own, and the path of `rater`'s record in it (saved once, then removed). */
function recordFolder(): { dataDir: string; path: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-rating-dates-'));
  dirs.push(dataDir);
  fileRatingDates(dataDir, BASE_URL).save(rater, []);
  const [service] = readdirSync(join(dataDir, RATING_DATES_DIR));
  const folder = join(dataDir, RATING_DATES_DIR, service!);
  const path = join(folder, readdirSync(folder)[0]!);
  rmSync(path);
  return { dataDir, path };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the record of rating dates on disk', () => {
  it('refuses a FIFO in the file’s place instead of waiting on it forever', () => {
    const { dataDir, path } = recordFolder();
    execFileSync('mkfifo', [path]);
    expect(() => fileRatingDates(dataDir, BASE_URL).load(rater)).toThrow(/FIFO/);
  });

  it('refuses a file larger than any record, without reading it whole', () => {
    const { dataDir, path } = recordFolder();
    writeFileSync(path, Buffer.alloc(17 * 1024 * 1024, 0x20));
    expect(() => fileRatingDates(dataDir, BASE_URL).load(rater)).toThrow(/larger than/);
  });
});
