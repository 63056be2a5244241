import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { terminalSafe, terminalSafeDeep } from '../../src/contract/index.js';
import { sampleAnswer } from '../api/samples.js';
import { TestServer } from '../api/test-server.js';
import { HOSTILE, HOSTILE_MESSAGE, HOSTILE_TITLE, SAFE_MESSAGE, SAFE_TITLE, forbiddenIn } from './hostile-text.js';

/** Item: terminal escapes from the service never reach the terminal (the TUI's part is in test/e2e). */

describe('terminalSafe', () => {
  it('removes OSC, CSI, C1 and C0 controls, keeps newlines and the text around them', () => {
    expect(terminalSafe(HOSTILE_TITLE)).toBe(SAFE_TITLE);
    expect(terminalSafe(HOSTILE_MESSAGE)).toBe(SAFE_MESSAGE);
    expect(terminalSafe('line one\r\nline\ttwo\rthree')).toBe('line one\nline two\nthree');
    expect(terminalSafe('unterminated \u001B]52;c;QUFB')).toBe('unterminated ');
    expect(terminalSafe('Amélie 東京 🎬')).toBe('Amélie 東京 🎬');
    expect(forbiddenIn(terminalSafe(Object.values(HOSTILE).join('x')))).toEqual([]);
  });

  it("removes the characters the TUI draws pictures with, so a title cannot show or place one", () => {
    // kitty's placeholder with row and column marks; the mark of a painted picture and its number.
    expect(terminalSafe('A \u{10EEEE}\u0305\u0305 film')).toBe('A \u0305\u0305 film');
    expect(terminalSafe('Heat\u{10FFFD}\u{F0000} (1995)')).toBe('Heat\u{F0000} (1995)');
    // Other private-use characters (icon fonts) are text like any other.
    expect(terminalSafe('\u{F0001} icons \uE000')).toBe('\u{F0001} icons \uE000');
  });

  it('makes every string of an answer safe, and leaves a clean answer as the same object', () => {
    const clean = { results: [{ title: 'Heat', genre_ids: [1, 2] }], page: 1 };
    expect(terminalSafeDeep(clean)).toBe(clean);
    const dirty = { results: [{ title: HOSTILE_TITLE, still_path: `/a${HOSTILE.osc52}.png` }, { title: 'ok' }], page: 1 };
    const safe = terminalSafeDeep(dirty);
    expect(safe).toEqual({ results: [{ title: SAFE_TITLE, still_path: '/a.png' }, { title: 'ok' }], page: 1 });
    expect(safe.results[1]).toBe(dirty.results[1]);
    expect(dirty.results[0]!.title).toBe(HOSTILE_TITLE);
  });
});

describe('marquee api and service text', () => {
  let server: TestServer;
  let home: string;
  beforeAll(async () => {
    server = await TestServer.start();
    home = mkdtempSync(join(tmpdir(), 'marquee-escapes-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  async function run(args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runApiCommand(args, {
      env: { MARQUEE_TOKEN: 'escapes-token-123', MARQUEE_BASE_URL: server.url, XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'data') },
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      retry: { maxRetries: 0 },
    });
    return { code, stdout, stderr };
  }

  it('an error message is written to stderr without its escapes', async () => {
    server.handle(() => ({ status: 404, body: { success: false, status_code: 34, status_message: HOSTILE_MESSAGE } }));
    const result = await run(['/3/movie/550']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`marquee api: 34 ${SAFE_MESSAGE} (HTTP 404)\n`);
  });

  it('stdout stays the exact JSON of the answer, with every control escaped by JSON', async () => {
    const movie = { ...(sampleAnswer('movieDetails') as object), title: HOSTILE_TITLE, overview: `del\u007F and csi \u009B31m` };
    server.handle(() => ({ body: movie }));
    const result = await run(['/3/movie/550']);
    expect(result.code).toBe(0);
    // The escapes are there as JSON text (\u001b...), never as the bytes a terminal obeys.
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
    const printed = JSON.parse(result.stdout) as { title: string; overview: string };
    expect(printed.title).toBe(HOSTILE_TITLE);
    expect(printed.overview).toBe('del\u007F and csi \u009B31m');
  });
});
