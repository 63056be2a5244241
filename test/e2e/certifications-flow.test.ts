import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

/** The right pane (from column 36): the country's name, then a certification label per entry. */
function pane(screen: string): { country: string; labels: string[] } {
  const lines = screen.split('\n').map((line) => line.slice(36));
  const header = lines.findIndex((line) => /^\S.*\([A-Z]{2}(-[A-Z]{2})?\)(\s|$)/.test(line));
  const labels: string[] = [];
  for (const line of lines.slice(header + 1)) {
    if (!line.trim()) break;
    const label = /^(\S+)\s{2,}\S/.exec(line)?.[1];
    if (label) labels.push(label);
  }
  return { country: lines[header]?.trim() ?? '', labels };
}

describe('certifications in a terminal', () => {
  it('opens certifications, filters to Germany and reads its labels in order', async () => {
    session = spawnMarquee();
    const pty = session;
    await pty.waitForText(/1\/[\d,]+/, 20_000);
    await pty.press('5');
    // It opens on the user's region, on movies; t turns to TV.
    await pty.waitForText('› United States (US)');
    expect(pty.screen()).toContain('Movie certifications by country');
    await pty.press('t');
    await pty.waitForText('TV certifications by country');

    await pty.press('/');
    await pty.waitForText('Enter keeps the filter');
    await pty.press('g', 'e', 'r');
    await pty.waitForText('Filter: ger');
    await pty.press(KEYS.enter);
    const screen = await pty.waitForText('/ edit · Esc clears filter');
    expect(screen.split('\n').find((line) => line.startsWith('›'))).toMatch(/^› Germany \(DE\)/);
    // The embedded catalog serves Germany's FSK labels, ordered 1..5.
    expect(pane(screen)).toEqual({ country: 'Germany (DE)', labels: ['0', '6', '12', '16', '18'] });
    // Its meanings are the service's own words.
    expect(screen).toContain('Can be aired only from 10:00pm');

    await pty.press('q');
    expect((await pty.exited).exitCode).toBe(0);
  });
});
