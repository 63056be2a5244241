import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../src/commands/api.js';
import { dataForTerminal, jsonForTerminal, oneLine, terminalSafe, terminalSafeDeep } from '../../src/contract/index.js';
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

  it('removes bidirectional overrides and isolates, which would show the rest of a line reversed', () => {
    expect(terminalSafe('Invoice\u202Efdp.exe')).toBe('Invoicefdp.exe');
    expect(terminalSafe('\u2066a\u2067b\u2068c\u2069 \u202Ad\u202Be\u202Cf\u202D')).toBe('abc def');
    // Text in a right-to-left script is text: its letters carry their direction themselves.
    expect(terminalSafe('שלום עולם')).toBe('שלום עולם');
  });

  it('oneLine: line breaks (with the blanks around them) become one space', () => {
    expect(oneLine('Top\nSPOOF')).toBe('Top SPOOF');
    expect(oneLine('a \r\n  b\rc\n\nd')).toBe('a b c d');
    expect(oneLine(`Evil${HOSTILE.osc52}\nTitle`)).toBe('Evil Title');
  });

  it('jsonForTerminal: the same JSON value, with nothing a terminal obeys', () => {
    const value = { title: `${HOSTILE_TITLE}\u202E\u{10EEEE}\r\nline`, del: '\u007F' };
    const json = jsonForTerminal(JSON.stringify(value, null, 2));
    expect(JSON.parse(json)).toEqual(value);
    expect(json).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u{10EEEE}\u{10FFFD}]/u);
    expect(json).toContain('\\u202e\\udbfb\\udeee');
  });

  it('dataForTerminal: controls shown as cat -v shows them, the lines of the table kept', () => {
    expect(dataForTerminal(`a,"b${HOSTILE.osc52}"\r\nc,"d\u009B6n\u202E\re\nf\u007F"\n`)).toBe(
      'a,"b^[]52;c;ZWNobyBvd25lZA==^G"\r\nc,"d<U+009B>6n<U+202E>^Me\nf^?"\n',
    );
    expect(dataForTerminal('tab\tkept')).toBe('tab\tkept');
  });

  it('makes every string of an answer safe, on one line but where the field is prose, and leaves a clean answer as the same object', () => {
    expect(terminalSafeDeep({ title: 'Top\nSPOOF', overview: 'Para one.\n\nPara two.', genres: [{ name: 'A\nB' }], roles: ['x\ny'] })).toEqual({
      title: 'Top SPOOF', overview: 'Para one.\n\nPara two.', genres: [{ name: 'A B' }], roles: ['x y'],
    });
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
