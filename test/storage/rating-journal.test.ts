import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRatingJournal, RATING_JOURNAL_FILE } from '../../src/storage/index.js';
import type { JournaledRating } from '../../src/storage/rating-journal.js';

/**
 * The journal of ratings not yet held by the service: each service's entries apart, every
 * change merged with what other processes wrote (under a lock), and a file that cannot be read
 * moved aside rather than written over.
 */

let home: string;
let n = 0;
const freshDir = () => join(home, `data-${++n}`);
const entry = (episode: number, value: number | null, account = 'guest'): JournaledRating => ({ account, seriesId: 1399, season: 1, episode, value, before: null });

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'marquee-journal-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('the rating journal', () => {
  it("keeps each service's entries apart, 0600, and removes the file when none is left", () => {
    const dir = freshDir();
    const embedded = fileRatingJournal(dir, undefined);
    const remote = fileRatingJournal(dir, 'https://api.themoviedb.org/3');
    embedded.update(() => [entry(1, 8)]);
    remote.update(() => [entry(2, null, 'user:7')]);
    expect(statSync(join(dir, RATING_JOURNAL_FILE)).mode & 0o777).toBe(0o600);
    expect(embedded.load()).toEqual([entry(1, 8)]);
    expect(remote.load()).toEqual([entry(2, null, 'user:7')]);
    embedded.update(() => []);
    expect(remote.load()).toEqual([entry(2, null, 'user:7')]);
    remote.update(() => []);
    expect(existsSync(join(dir, RATING_JOURNAL_FILE))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps films' and series' entries beside episodes' in the one file: each kind is changed without touching the other", () => {
    const dir = freshDir();
    const journal = fileRatingJournal(dir, undefined);
    const film = { account: 'guest', kind: 'movie' as const, id: 550, title: 'Fight Club', value: 8, before: null };
    const series = { account: 'guest', kind: 'tv' as const, id: 1399, value: null, before: 6, earlier: [9] };
    journal.update(() => [entry(1, 8)]);
    journal.titles.update(() => [film, series]);
    expect(journal.load()).toEqual([entry(1, 8)]);
    expect(journal.titles.load()).toEqual([film, series]);
    // Another copy of Marquee, on the same file.
    const other = fileRatingJournal(dir, undefined);
    other.update(() => []);
    expect(other.titles.load()).toEqual([film, series]);
    other.titles.update((entries) => entries.filter((e) => e.kind !== 'movie'));
    expect(journal.titles.load()).toEqual([series]);
    expect(journal.load()).toEqual([]);
    journal.titles.update(() => []);
    expect(existsSync(join(dir, RATING_JOURNAL_FILE))).toBe(false);
    // An entry of a kind this version does not know makes the file suspect: moved aside, never dropped.
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, RATING_JOURNAL_FILE), JSON.stringify({ 'embedded-catalog': [{ ...film, kind: 'person' }] }));
    const notices: string[] = [];
    expect(journal.titles.load((message) => notices.push(message))).toEqual([]);
    expect(notices).toHaveLength(1);
  });

  it('a FIFO or a link to /dev/zero in its place is moved aside unread, and the next rating is kept in a new file', () => {
    for (const make of [(path: string) => execFileSync('mkfifo', [path]), (path: string) => symlinkSync('/dev/zero', path)]) {
      const dir = freshDir();
      mkdirSync(dir, { recursive: true });
      make(join(dir, RATING_JOURNAL_FILE));
      const journal = fileRatingJournal(dir, undefined);
      const notices: string[] = [];
      expect(journal.load((message) => notices.push(message))).toEqual([]);
      expect(notices[0]).toMatch(/not a regular file: its ratings were not sent; it was moved aside/);
      journal.update(() => [entry(1, 8)]);
      expect(lstatSync(join(dir, RATING_JOURNAL_FILE)).isFile()).toBe(true);
      expect(journal.load()).toEqual([entry(1, 8)]);
    }
  });

  it('changes what the file holds now, not what one writer last saw', () => {
    const dir = freshDir();
    const first = fileRatingJournal(dir, undefined);
    const second = fileRatingJournal(dir, undefined);
    first.update((entries) => [...entries, entry(1, 8)]);
    second.update((entries) => [...entries, entry(2, 4)]);
    expect(first.update((entries) => entries.filter((e) => e.episode !== 1))).toEqual([entry(2, 4)]);
  });

  it('writers in several processes at once lose nothing (merged under the lock)', async () => {
    const bundle = join(home, 'storage.mjs');
    buildSync({ entryPoints: ['src/storage/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
    const dir = freshDir();
    const WRITERS = 3;
    const EACH = 30;
    // Each adds its entries one by one and takes every other one out again, as acknowledgements do.
    const script = (writer: number) => `
      const { fileRatingJournal } = await import(${JSON.stringify(bundle)});
      const journal = fileRatingJournal(${JSON.stringify(dir)}, undefined);
      const mine = (e) => e.account === 'w${writer}';
      for (let i = 0; i < ${EACH}; i++) {
        journal.update((entries) => [...entries, { account: 'w${writer}', seriesId: 1, season: 1, episode: i, value: 5, before: null }]);
        if (i % 2 === 1) journal.update((entries) => entries.filter((e) => !(mine(e) && e.episode === i - 1)));
      }`;
    const run = (writer: number) =>
      new Promise<number | null>((done, fail) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script(writer)], { stdio: ['ignore', 'ignore', 'inherit'] });
        child.on('error', fail);
        child.on('exit', done);
      });
    const codes = await Promise.all(Array.from({ length: WRITERS }, (_, writer) => run(writer)));
    expect(codes).toEqual(Array(WRITERS).fill(0));
    const kept = fileRatingJournal(dir, undefined).load();
    for (let writer = 0; writer < WRITERS; writer++) {
      const episodes = kept.filter((e) => e.account === `w${writer}`).map((e) => e.episode);
      expect(episodes).toEqual(Array.from({ length: EACH / 2 }, (_, i) => 2 * i + 1));
    }
    expect(readdirSync(dir)).toEqual([RATING_JOURNAL_FILE]);
  }, 30_000);

  it.each([
    ['is not valid JSON', '{"embedded": [{"account": "guest"'],
    ['does not hold a JSON object', '[1, 2]'],
    ['holds an entry that is not a kept rating', `{"https://other.example": [${JSON.stringify(entry(1, 8))}], "embedded": [{"account": "guest", "value": "eight"}]}`],
  ])('a file that %s is moved aside with a notice, and the next change starts a new one', (why, text) => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, RATING_JOURNAL_FILE), text);
    const notices: string[] = [];
    const journal = fileRatingJournal(dir, undefined);
    expect(journal.load((m) => notices.push(m))).toEqual([]);
    const aside = readdirSync(dir).filter((name) => name.startsWith(`${RATING_JOURNAL_FILE}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(notices).toEqual([`${RATING_JOURNAL_FILE} ${why}: its ratings were not sent; it was moved aside to ${aside[0]}`]);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(text);
    journal.update((entries) => [...entries, entry(3, 6)], (m) => notices.push(m));
    expect(notices).toHaveLength(1);
    expect(journal.load()).toEqual([entry(3, 6)]);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(text);
  });

  it('a damaged file met by a change (not a load) is moved aside too, never overwritten', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, RATING_JOURNAL_FILE), '{"https://other.example": [');
    const notices: string[] = [];
    fileRatingJournal(dir, undefined).update(() => [entry(1, 2)], (m) => notices.push(m));
    expect(notices).toHaveLength(1);
    const aside = readdirSync(dir).find((name) => name.startsWith(`${RATING_JOURNAL_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('{"https://other.example": [');
  });
});
