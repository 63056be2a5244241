import { describe, expect } from 'vitest';
import { countriesOf, topEntry } from '../../src/state/index.js';
import { storeTest } from '../store-test.js';
import { KEY } from './harness.js';
import { certificationsInGermany } from './tv-support.js';

/**
 * A country's page asks for what it shows and no more: a label's count is the first page of its
 * titles (so opening the label asks nothing again), counted only for the labels in view. The
 * chosen country is kept once: the page, its breadcrumb, ] and [, and the tab's highlighted row
 * all read the same one.
 */

/** The catalog's countries by name. */
const it = storeTest.extend('names', { scope: 'file' }, async ({ service }) => {
  const byCode = new Map<string, string>();
  for (const op of ['movieCertifications', 'tvCertifications'] as const) {
    for (const country of countriesOf(await service.client.call(op, {}))) byCode.set(country.code, country.name);
  }
  return [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
});
const discoverCalls = (calls: readonly string[], from: number) => calls.slice(from).filter((op) => op === 'discoverMovies' || op === 'discoverSeries').length;
/** The label lines of a country's page once counted: "12  34 films". */
const countedLabels = (frame: string) => frame.split('\n').filter((line) => /\S+ {2}[\d,]+ (film|films|series)\s*$/.test(line));

describe("a country's page and its counts", () => {
  it('counts only the labels in view, each with one read that is the first page of its titles, so opening a label asks nothing more (80x24)', async ({ app, service }) => {
    const { ui, calls } = await certificationsInGermany(app, 80, 24);
    const ladders = await Promise.all(
      (['movieCertifications', 'tvCertifications'] as const).map(async (op) => countriesOf(await service.client.call(op, {})).find((c) => c.code === 'DE')!),
    );
    const labels = ladders.reduce((n, ladder) => n + ladder.certifications.length, 0);
    const from = calls.length;
    await ui.press(KEY.enter);
    const frame = await ui.waitFor((f) => f.includes('Germany (DE): certifications') && countedLabels(f).length > 0 && !f.includes('…'));
    const shown = countedLabels(frame);
    // Stacked at 80 columns, the page does not show every label: those out of view are not counted yet.
    expect(shown.length).toBeLessThan(labels);
    expect(discoverCalls(calls, from)).toBe(shown.length);

    // The first label (highlighted) opens on the page its count came from.
    const first = /^[›\s]*(\S+) {2}([\d,]+) films?/.exec(shown[0]!)!;
    const beforeOpen = calls.length;
    await ui.press(KEY.enter);
    const titles = await ui.waitFor((f) => f.includes(`Films rated ${first[1]} in Germany`) && /\d+ · by popularity/.test(f));
    expect(titles).toContain(`${first[2]!.replace(/,/g, '')} · by popularity`);
    expect(discoverCalls(calls, beforeOpen)).toBe(0);
  });
});

describe('the chosen country, kept once', () => {
  it.for([
    ['one key at a time', (keys: string[]) => keys],
    ['in one read', (keys: string[]) => [keys.join('')]],
  ] as const)('] moves the page, its breadcrumb and the tab together; Esc and Enter come back to it (%s)', async ([, reads], { app, names }) => {
    const { ui, store } = await certificationsInGermany(app, 120, 30);
    const at = names.findIndex((c) => c.code === 'DE');
    const twoAfter = names[at + 2]!;
    await ui.press(KEY.enter);
    await ui.waitFor('Germany (DE): certifications');
    await ui.press(...reads([']', ']']));
    let frame = await ui.waitFor(`${twoAfter.name} (${twoAfter.code}): certifications`);
    // The breadcrumb names the country shown, not the one the page was opened on.
    expect(frame.split('\n').slice(0, 2).join('\n')).toContain(twoAfter.name);
    expect(frame.split('\n').slice(0, 2).join('\n')).not.toContain('Germany');
    // Kept in the slice alone: the page's entry on the stack holds no country of its own.
    const state = store.getState();
    expect(state.certifications.country).toBe(twoAfter.code);
    expect(topEntry(state).params).toEqual({});

    await ui.press(...reads([KEY.esc]));
    frame = await ui.waitFor((f) => f.includes('certifications by country') && f.includes(`› ${twoAfter.name} (${twoAfter.code})`));
    await ui.press(...reads([KEY.enter]));
    frame = await ui.waitFor(`${twoAfter.name} (${twoAfter.code}): certifications`);
    await ui.press(...reads(['[', KEY.esc]));
    await ui.waitFor((f) => f.includes('certifications by country') && f.includes(`› ${names[at + 1]!.name} (${names[at + 1]!.code})`));
    expect(store.getState().certifications.country).toBe(names[at + 1]!.code);
  });
});
