import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from '../../src/commands/import.js';
import { JOURNAL_FILE } from '../../src/transfers/journal.js';
import { acquireImportLock, IMPORT_LOCK_FILE, saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { bundleScript, CHILD_NODE_PATH, signIn, startTestServer, type TestServer } from '../server/harness.js';

/**
 * What an import changes on the account, said before and after: ratings it replaces, keeps
 * (--keep-existing) or leaves as they are, rows that name one title twice, and Ctrl-C.
 */

let t: TestServer;
let sessionId: string;
let home: string;
let account: number;
let films: Array<{ id: number; imdb: string; title: string; year: number }>;

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
  home = mkdtempSync(join(tmpdir(), 'marquee-import-changes-'));
  saveStoredSession(join(home, 'data'), serviceKey(t.server.url), { kind: 'user', id: sessionId });
  account = (await t.client.call('accountOfSession', { session: { sessionId } })).id;
  films = [];
  for (let id = 1; films.length < 50 && id < 400; id++) {
    const details = await t.client.call('movieDetails', { path: { movie_id: id } }).catch(() => undefined);
    if (details?.imdb_id && details.release_date) films.push({ id, imdb: details.imdb_id, title: details.title, year: Number(details.release_date.slice(0, 4)) });
  }
});
afterAll(async () => {
  await t.dispose();
  rmSync(home, { recursive: true, force: true });
});

const env = () => ({ MARQUEE_TOKEN: t.server.token, MARQUEE_BASE_URL: t.server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'data') });

async function run(args: string[], afterWrite?: (n: number) => void) {
  let stdout = '';
  let stderr = '';
  const code = await runImportCommand(args, {
    env: env(),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { maxRetries: 0 },
    ...(afterWrite ? { afterWrite } : {}),
  });
  return { code, stdout, stderr };
}

const HEADER = 'Const,Your Rating,Date Rated,Title,URL,Title Type,Year';
const imdbFile = (name: string, rows: ReadonlyArray<{ film: (typeof films)[number]; rating: number }>) => {
  const path = join(home, name);
  const lines = rows.map(({ film, rating }) => [film.imdb, rating, '2024-01-02', `"${film.title.replace(/"/g, '""')}"`, '', 'Movie', film.year].join(','));
  writeFileSync(path, `${HEADER}\n${lines.join('\n')}\n`);
  return path;
};
const count = (stdout: string, label: string) => Number(new RegExp(`^  ${label.replace(/[()]/g, '\\$&')} +(\\d+)$`, 'm').exec(stdout)?.[1]);
const rating = async (movie: number) => {
  const states = await t.client.call('movieAccountStates', { path: { movie_id: movie }, session: { sessionId } });
  return states.rated === false ? undefined : states.rated?.value;
};

/**
 * Runs `marquee import path` in a process of its own and sends it `signal` once the second row
 * is written. From the second write on, each write waits a second before the next row: the
 * signal arrives mid-run however busy the machine is. Says whether the import lock was held then.
 */
async function signalledImport(path: string, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string; lockHeld: boolean }> {
  const script = join(home, 'import.cjs');
  await bundleScript(
    `const { runImportCommand } = require('./src/commands/import.ts');
     const pause = new Int32Array(new SharedArrayBuffer(4));
     runImportCommand(process.argv.slice(2), {
       afterWrite: (n) => {
         if (n === 2) process.stdout.write('second write\\n');
         if (n >= 2) Atomics.wait(pause, 0, 0, 1000);
       },
     }).then((code) => { process.exitCode = code; });`,
    script,
  );
  const child = spawn(process.execPath, [script, path], {
    env: { ...process.env, ...env(), NODE_PATH: CHILD_NODE_PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let lockHeld = false;
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (stdout.includes('second write\n') && child.signalCode === null && child.exitCode === null) {
      lockHeld ||= existsSync(join(home, 'data', IMPORT_LOCK_FILE));
      child.kill(signal);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
  return { code, stderr, lockHeld };
}

describe('an import says what it changes', () => {
  it('the dry run names each replaced rating and counts new, changed and unchanged apart; --keep-existing keeps them', async () => {
    const [a, b, c, d] = films;
    const session = { sessionId };
    await t.client.call('rateMovie', { path: { movie_id: a!.id }, body: { value: 8.5 }, session });
    await t.client.call('rateMovie', { path: { movie_id: b!.id }, body: { value: 6 }, session });
    // d twice: 1, then 6 on the last line.
    const path = imdbFile('changes.csv', [{ film: a!, rating: 3 }, { film: b!, rating: 6 }, { film: c!, rating: 7 }, { film: d!, rating: 1 }, { film: d!, rating: 6 }]);

    const dry = await run([path, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`line 2: .*film ${a!.id} .*: replaces your 8\\.5 with 3$`, 'm'));
    expect(dry.stdout).toMatch(/line 3: .*: unchanged \(already so on the account\)$/m);
    expect(dry.stdout).toMatch(/line 4: .*: new, to write$/m);
    expect(dry.stdout).toMatch(/line 5: .*, rate 1: .*: repeated: line 6 names this title again and counts instead$/m);
    expect(dry.stdout).toMatch(/line 6: .*, rate 6: .*: new, to write$/m);
    expect(count(dry.stdout, 'new')).toBe(2);
    expect(count(dry.stdout, "changed (replaces the account's rating)")).toBe(1);
    expect(count(dry.stdout, 'unchanged (already so on the account)')).toBe(1);
    expect(count(dry.stdout, 'repeated in the file (the last row counts)')).toBe(1);
    expect(dry.stdout).toContain('To write: 3 (2 new, 1 changed); nothing was written');
    expect(await rating(a!.id)).toBe(8.5);

    const keepDry = await run([path, '--dry-run', '--keep-existing']);
    expect(keepDry.stdout).toMatch(/line 2: .*: keeps your 8\.5 \(the file says 3\)$/m);
    expect(count(keepDry.stdout, 'kept as the account has it')).toBe(1);
    expect(keepDry.stdout).toContain('To write: 2 (2 new, 0 changed)');

    let writes = 0;
    const kept = await run([path, '--keep-existing'], (n) => void (writes = n));
    expect(kept.code).toBe(0);
    // d is written once, with the last row's rating.
    expect(writes).toBe(2);
    expect(kept.stdout).toMatch(/line 5: .*: repeated: line 6 names this title again and counts instead$/m);
    expect(kept.stdout).toContain('Written: 2 (2 new, 0 changed)');
    expect([await rating(a!.id), await rating(b!.id), await rating(c!.id), await rating(d!.id)]).toEqual([8.5, 6, 7, 6]);

    // Without the choice, the file's rating replaces the account's, and only that is written.
    const replaced = await run([path]);
    expect(replaced.stdout).toContain('Written: 1 (0 new, 1 changed)');
    expect(count(replaced.stdout, 'written by an earlier run')).toBe(2);
    expect(await rating(a!.id)).toBe(3);
  });

  it('Ctrl-C stops after the row under way, says where, exits 130, and the same command goes on', async () => {
    const rows = films.slice(10, 50).map((film, i) => ({ film, rating: (i % 10) + 1 }));
    const path = imdbFile('interrupted.csv', rows);
    const journalLines = () => readFileSync(join(home, 'data', JOURNAL_FILE), 'utf8').split('\n').filter((line) => line !== '').length;
    const journaledBefore = journalLines();
    const { code, stderr } = await signalledImport(path, 'SIGINT');
    expect(code).toBe(130);
    const stopped = /marquee import: stopped after row (\d+) of 40; run the same command again to go on\n/.exec(stderr);
    expect(stopped, stderr).not.toBeNull();
    const settled = Number(stopped![1]);
    expect(settled).toBeGreaterThanOrEqual(2);
    expect(settled).toBeLessThan(40);
    const journaled = journalLines() - journaledBefore;

    const again = await run([path]);
    expect(again.code).toBe(0);
    expect(count(again.stdout, 'written by an earlier run')).toBe(journaled);
    expect(again.stdout).toContain(`Written: ${40 - journaled} (`);
    const answer = await t.client.call('accountRatedMovies', { path: { account_id: account }, query: { page: 1 }, session: { sessionId } });
    expect(answer.total_results).toBeGreaterThanOrEqual(40);
  });

  it('a second import into the same data folder is refused, saying which import holds it; a dry run is not', async () => {
    const path = imdbFile('locked.csv', [{ film: films[5]!, rating: 4 }]);
    const release = acquireImportLock(join(home, 'data'), 'the TUI, importing elsewhere.csv');
    try {
      const second = await run([path]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/^marquee import: the TUI, importing elsewhere\.csv \(process \d+, since .*\) is importing into this data folder; wait for it to end/);
      expect(second.stdout).toBe('');
      expect(await rating(films[5]!.id)).toBeUndefined();
      expect((await run([path, '--dry-run'])).code).toBe(0);
    } finally {
      release();
    }
    const after = await run([path]);
    expect(after.code).toBe(0);
    expect(await rating(films[5]!.id)).toBe(4);
  });

  it('SIGTERM (docker stop) ends the run at once with 143, lets the lock go and leaves the journal true', async () => {
    const rows = films.slice(10, 50).map((film, i) => ({ film, rating: ((i + 3) % 10) + 1 }));
    const path = imdbFile('terminated.csv', rows);
    const journalLines = () => readFileSync(join(home, 'data', JOURNAL_FILE), 'utf8').split('\n').filter((line) => line !== '').length;
    const journaledBefore = journalLines();
    const { code, stderr, lockHeld } = await signalledImport(path, 'SIGTERM');
    expect(lockHeld).toBe(true);
    expect(code, stderr).toBe(143);
    expect(existsSync(join(home, 'data', IMPORT_LOCK_FILE))).toBe(false);
    const stopped = /marquee import: stopped after row (\d+) of 40; run the same command again to go on\n/.exec(stderr);
    expect(stopped, stderr).not.toBeNull();
    const journaled = journalLines() - journaledBefore;
    expect(journaled).toBeGreaterThanOrEqual(2);
    expect(journaled).toBeLessThan(40);

    // The next run is not refused, and goes on where the journal says.
    const again = await run([path]);
    expect(again.code, again.stderr).toBe(0);
    expect(count(again.stdout, 'written by an earlier run')).toBe(journaled);
    for (const { film, rating: value } of rows) expect(await rating(film.id)).toBe(value);
  });
});
