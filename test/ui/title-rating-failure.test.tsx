import { describe, expect } from 'vitest';
import { parseFaultSpec } from '../../src/server/index.js';
import { storeTest } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * A film's rating the service does not take: the form comes back with the value and the
 * service's message, ready to send again, and the next digit typed replaces the value, as it
 * does when the form opens on one. Typed ahead after a failure, `r4⏎` asks for 4, never for 34.
 */

const it = storeTest.override('faults', parseFaultSpec('rateMovie:500=100%'));

/** The rating form's value line. */
const valueLine = (frame: string) => frame.split('\n').find((line) => /Rate “.+”:/.test(line));

describe('a film rating the service refuses', () => {
  it('comes back with the value to send again, and a digit typed next replaces it', async ({ app, service }) => {
    const { ui, calls } = await app.start();
    await ui.press(KEY.enter);
    await ui.waitFor('Not signed in: rating this film starts a guest session');
    const sent = () => calls.filter((operation) => operation === 'rateMovie').length;
    await ui.press('r', '3', KEY.enter);
    let frame = await ui.waitFor((f) => /Rate “.+”: 3/.test(f) && f.includes('✗ Internal error'));
    expect(sent()).toBeGreaterThan(0);
    // r is no digit and the form keeps it out; 4 replaces the 3 that did not get through.
    await ui.press('r', '4');
    frame = await ui.waitFor((f) => !f.includes('✗ Internal error'));
    expect(valueLine(frame)).toMatch(/: 4▏/);
    // Enter sends the 4; the service refuses it too, and the form says so with the 4.
    const before = sent();
    await ui.press(KEY.enter);
    frame = await ui.waitFor((f) => /Rate “.+”: 4/.test(f) && f.includes('✗ Internal error'));
    expect(sent()).toBeGreaterThan(before);
    expect(frame).not.toMatch(/Rated “/);
  });
});
