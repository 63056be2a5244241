import { beforeAll, describe, expect, it } from 'vitest';
import { FOCUS_REPORTING_OFF, FOCUS_REPORTING_ON } from '../../src/ui/input/mouse-events.js';
import { ensureBundle } from '../reliability/bundle.js';
import { KEYS, spawnMarquee, type PtySession } from './pty-harness.js';

/**
 * Focus reporting (mode 1004): the program turns it on when it starts and off again however it
 * ends (q, Ctrl-C, SIGTERM), read from the bytes it writes; the reports the terminal sends
 * (`ESC [ I`, `ESC [ O`) never type anything, even into a text field.
 */

beforeAll(async () => {
  await ensureBundle();
}, 180_000);

/** After the last time reporting was turned on, it was turned off again. */
const reportingOffAtEnd = (output: string) => output.lastIndexOf(FOCUS_REPORTING_OFF) > output.lastIndexOf(FOCUS_REPORTING_ON);

async function started(): Promise<PtySession> {
  const pty = spawnMarquee({ cols: 80, rows: 24 });
  await pty.waitForText(/1\/[\d,]+/, 20_000);
  expect(pty.output).toContain(FOCUS_REPORTING_ON);
  expect(reportingOffAtEnd(pty.output)).toBe(false);
  return pty;
}

describe('focus events in a terminal', () => {
  it('are reported while the program runs, type nothing into a field, and are off again after q', async () => {
    const pty = await started();
    try {
      // Search: its field has the keys as the tab opens (a / pressed then is not typed); the
      // reports come between typed letters, in one read.
      await pty.press('3');
      await pty.waitForText('type a title or a name');
      await pty.press('/');
      pty.write('ab\u001B[Icd\u001B[Oef');
      const screen = await pty.waitForText('abcdef');
      expect(screen).not.toMatch(/\[I|\[O/);
      pty.write(KEYS.esc);
      await pty.press('q');
      expect((await pty.exited).exitCode).toBe(0);
      expect(reportingOffAtEnd(pty.output)).toBe(true);
    } finally {
      await pty.dispose();
    }
  });

  it('are off again after Ctrl-C and after SIGTERM', async () => {
    for (const end of [(pty: PtySession) => pty.write(KEYS.ctrlC), (pty: PtySession) => pty.kill('SIGTERM')]) {
      const pty = await started();
      try {
        end(pty);
        await pty.exited;
        expect(reportingOffAtEnd(pty.output)).toBe(true);
      } finally {
        await pty.dispose();
      }
    }
  });
});
