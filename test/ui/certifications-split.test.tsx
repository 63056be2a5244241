import { describe, expect } from 'vitest';
import { countriesOf } from '../../src/state/index.js';
import { storeTest } from '../store-test.js';
import { KEY } from './harness.js';
import { certificationsInGermany } from './tv-support.js';

/** A country's page at 160 columns and wider: the country list stays beside it, and ] / [ move through it. */

/** The catalog's countries by name, and those with certifications of one kind only with that kind. */
const it = storeTest.extend('countries', { scope: 'file' }, async ({ service }) => {
  const byCode = new Map<string, string>();
  const kinds = new Map<string, Array<'movie' | 'tv'>>();
  for (const [kind, op] of [['movie', 'movieCertifications'], ['tv', 'tvCertifications']] as const) {
    for (const country of countriesOf(await service.client.call(op, {}))) {
      byCode.set(country.code, country.name);
      kinds.set(country.code, [...(kinds.get(country.code) ?? []), kind]);
    }
  }
  const oneKind = new Map<string, 'movie' | 'tv'>();
  for (const [code, has] of kinds) if (has.length === 1) oneKind.set(code, has[0]!);
  const names = [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { names, oneKind };
});
/** The highlighted row of the country list at the left edge. */
const listed = (frame: string) =>
  frame
    .split('\n')
    .find((line) => /^› .*\([A-Z]{2}(-[A-Z]{2})?\)/.test(line))
    ?.slice(0, 38)
    .trim()
    .replace(/ (TV|movies) only$/, '');

describe("a country's page beside the country list", () => {
  it.for([
    ['one key at a time', (keys: string[]) => keys],
    ['in one read', (keys: string[]) => [keys.join('')]],
  ] as const)('at 160x45 the list stays in view; ] and [ go to the next and previous country, and Esc comes back to it in the tab (%s)', async ([, reads], { app, countries: { names } }) => {
    const { ui, store } = await certificationsInGermany(app, 160, 45);
    const at = names.findIndex((c) => c.code === 'DE');
    const [before, after, twoAfter] = [names[at - 1]!, names[at + 1]!, names[at + 2]!];
    await ui.press(...reads([KEY.enter]));
    let frame = await ui.waitFor('Germany (DE): certifications');
    expect(listed(frame)).toBe('› Germany (DE)');
    // Its neighbours in the list are in view beside the ladders.
    expect(frame).toContain(`  ${before.name} (${before.code})`);
    expect(frame).toContain('No age restriction.');

    await ui.press(...reads([']', ']']));
    frame = await ui.waitFor(`${twoAfter.name} (${twoAfter.code}): certifications`);
    expect(listed(frame)).toBe(`› ${twoAfter.name} (${twoAfter.code})`);
    await ui.press(...reads(['[']));
    frame = await ui.waitFor(`${after.name} (${after.code}): certifications`);
    expect(store.getState().certifications.country).toBe(after.code);
    // Back in the tab, the country the page was on is the highlighted one.
    await ui.press(...reads([KEY.esc]));
    await ui.waitFor((f) => f.includes('certifications by country') && f.includes(`› ${after.name} (${after.code})`));
  });

  it('the country list says which countries have one kind of certifications only (Morocco: TV only)', async ({ app, countries: { names, oneKind } }) => {
    expect(oneKind.get('MA')).toBe('tv');
    const { ui } = await certificationsInGermany(app, 160, 45);
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('Germany (DE): certifications');
    const side = frame.split('\n').map((line) => line.slice(0, 38).trimEnd());
    let seen = 0;
    for (const { code, name } of names) {
      const line = side.find((l) => l.slice(2).startsWith(`${name} (${code})`));
      if (!line) continue;
      seen++;
      const only = oneKind.get(code);
      expect(/ (TV|movies) only$/.exec(line)?.[0], code).toBe(only && (only === 'tv' ? ' TV only' : ' movies only'));
    }
    expect(seen).toBeGreaterThan(20);
    expect(side.some((l) => l.includes('Morocco (MA) TV only'))).toBe(true);
  });

  it('below 160 columns the page has the whole width, and ] still moves on', async ({ app, countries: { names } }) => {
    const { ui } = await certificationsInGermany(app, 80, 24);
    const at = names.findIndex((c) => c.code === 'DE');
    await ui.press(KEY.enter);
    let frame = await ui.waitFor('Germany (DE): certifications');
    expect(listed(frame)).toBeUndefined();
    await ui.press(']');
    frame = await ui.waitFor(`${names[at + 1]!.name} (${names[at + 1]!.code}): certifications`);
  });
});
