import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

describe('the command palette in a terminal', () => {
  it('goes to Certifications by ":" "cert" Enter, key by key and as one burst, at 80x24', async () => {
    session = spawnMarquee({ cols: 80, rows: 24 });
    const pty = session;
    await pty.waitForText(/1\/[\d,]+/, 20_000);

    await pty.press(':');
    await pty.waitForText('Command palette');
    await pty.press('c', 'e', 'r', 't');
    const screen = await pty.waitForText(': cert');
    expect(screen.split('\n').find((line) => line.startsWith('› ') && !line.startsWith('› :'))).toMatch(/^›\s+5\s+Certifications\s+Go to a tab/);
    await pty.press(KEYS.enter);
    await pty.waitForText('Certifications › By country');
    await pty.waitForText('Movie certifications by country');

    await pty.press('1');
    await pty.waitForText('Movies › Popular');
    // One write, as a fast typist or a pasted key macro sends it.
    pty.write(`:cert${KEYS.enter}`);
    await pty.waitForText('Certifications › By country');
    expect(pty.screen()).not.toContain('Command palette');

    await pty.press('q');
    expect((await pty.exited).exitCode).toBe(0);
  });
});
