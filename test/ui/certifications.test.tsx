import { act } from 'react';
import { describe, expect } from 'vitest';
import { countriesOf, filterCountries } from '../../src/state/index.js';
import { storeTest, type App, type StartedApp } from '../store-test.js';
import { KEY } from './harness.js';

/** The TV certifications of every country, as the catalog holds them. */
const it = storeTest.extend('tv', { scope: 'file' }, async ({ service }) => countriesOf(await service.client.call('tvCertifications', {})));

/** The app on the Certifications tab, `prepare` done once it is connected and before the tab opens. */
async function start(app: App, prepare?: (started: StartedApp) => void, columns = 100, rows = 30) {
  const started = await app.start({ columns, rows });
  await act(async () => prepare?.(started));
  await started.ui.press('5');
  return started;
}

/**
 * The labels that open the right pane's lines, top to bottom: the pane starts at column 36
 * with the country's name, then one certification (or the rest of a long meaning) a line.
 */
/** The width of the country list (the pane beside it starts after). */
const COUNTRY_COLUMNS = 34;

function paneLabels(frame: string): string[] {
  const pane = frame.split('\n').map((line) => line.slice(36));
  const header = pane.findIndex((line) => /^\S.*\([A-Z]{2}(-[A-Z]{2})?\)(\s|$)/.test(line));
  const labels: string[] = [];
  for (const line of pane.slice(header + 1)) {
    if (!line.trim()) break;
    const label = /^(\S+(?: \d+\+)?)\s{2,}\S/.exec(line)?.[1];
    if (label) labels.push(label);
  }
  return labels;
}

describe('filtering countries', () => {
  it('ranks the typed code first, then names, then words of names', ({ tv }) => {
    const codes = (filter: string) => filterCountries(tv, filter).map((c) => c.code);
    expect(codes('ger')[0]).toBe('DE');
    expect(codes('DE')[0]).toBe('DE');
    expect(codes('de')).toContain('DK');
    expect(codes('que')[0]).toBe('CA-QC');
    expect(codes('puerto')).toEqual(['PR']);
    expect(codes('zzz')).toEqual([]);
    expect(codes('  ')).toHaveLength(tv.length);
  });

  it('knows countries by their common names and their own, accents and case aside', ({ tv }) => {
    const codes = (filter: string) => filterCountries(tv, filter).map((c) => c.code);
    // "uk" is the United Kingdom before Ukraine, whose name starts with it.
    expect(codes('uk')[0]).toBe('GB');
    const withUkraine = countriesOf({ certifications: { UA: [], GB: [] } });
    expect(filterCountries(withUkraine, 'uk').map((c) => c.code)).toEqual(['GB', 'UA']);
    expect(codes('britain')[0]).toBe('GB');
    expect(codes('England')[0]).toBe('GB');
    expect(codes('usa')[0]).toBe('US');
    expect(codes('us')[0]).toBe('US');
    expect(codes('america')[0]).toBe('US');
    expect(codes('holland')).toEqual(['NL']);
    expect(codes('korea')[0]).toBe('KR');
    expect(codes('south korea')[0]).toBe('KR');
    // Canada's Quebec rating system, with or without the accent, in any case.
    for (const typed of ['québec', 'quebec', 'QUÉBEC', 'Québ']) expect(codes(typed)[0]).toBe('CA-QC');
    // The name in the country's own language, from Intl.
    expect(codes('deutschland')).toEqual(['DE']);
    expect(codes('nederland')).toEqual(['NL']);
  });
});

describe('the Certifications tab', () => {
  it('names every country, filters to Germany, and shows its labels in order with their meanings', async ({ app, tv }) => {
    const { ui } = await start(app);
    await ui.press('t');
    let frame = await ui.waitFor('TV certifications by country');
    // The list is longer than the screen: a country further down is found by filtering.
    await ui.press('/');
    await ui.type('puerto');
    await ui.waitFor('› Puerto Rico (PR)');
    await ui.press(KEY.esc, KEY.esc);
    // Clearing the filter keeps the country it found.
    await ui.waitFor((f) => f.includes('› Puerto Rico (PR)') && !f.includes('Filter:'));

    await ui.press('/');
    await ui.type('ger');
    frame = await ui.waitFor('› Germany (DE)');
    await ui.press(KEY.enter);
    frame = await ui.waitFor((f) => f.includes('Filter: ger') && !f.includes('Enter keeps the filter'));
    const germany = tv.find((c) => c.code === 'DE')!;
    expect(paneLabels(frame)).toEqual(germany.certifications.map((c) => c.certification));
    // Meanings are wrapped under themselves: each begins on its label's line.
    for (const entry of germany.certifications) expect(frame).toContain((entry.meaning ?? '').split(' ').slice(0, 3).join(' '));

    // A code finds its country first too; Esc clears the filter.
    await ui.press('/', KEY.backspace, KEY.backspace, KEY.backspace);
    await ui.type('DE');
    frame = await ui.waitFor((f) => f.split('\n').some((l) => l.startsWith('› Germany (DE)')) && f.includes('Denmark (DK)'));
    await ui.press(KEY.esc, KEY.esc);
    frame = await ui.waitFor((f) => f.includes('› Germany (DE)') && !f.includes('Filter:'));

    // Common names, typed without the accent.
    await ui.press('/');
    await ui.type('uk');
    await ui.waitFor('› United Kingdom (GB)');
    await ui.press(KEY.backspace, KEY.backspace);
    await ui.type('quebec');
    await ui.waitFor('› Canada (Quebec) (CA-QC)');
  });

  it('says so when the region has no certifications, instead of passing the first country off as it', async ({ app }) => {
    const { ui } = await start(app, (s) => s.store.getState().settings.setRegion('AQ'));
    let frame = await ui.waitFor('› Argentina (AR)');
    expect(frame).toContain('Your region, Antarctica (AQ), has no movie certifications here; / finds a country.');
    // Once a country is chosen, the list is the user's own again.
    await ui.press('j');
    frame = await ui.waitFor('› Australia (AU)');
    expect(frame).not.toContain('Your region');
  });

  it.for([
    ['one key at a time', (keys: string[]) => keys],
    ['in one read', (keys: string[]) => [keys.join('')]],
  ] as const)('opens on the region, on movies, and the country stays put across t, a filter and leaving (%s)', async ([, reads], { app }) => {
    const { ui, calls } = await start(app, (s) => s.store.getState().settings.setRegion('FR'));
    let frame = await ui.waitFor('› France (FR)');
    expect(frame).toContain('Movie certifications by country');
    expect(calls).toContain('movieCertifications');
    // t: TV, still France; a filter and its clearing; another tab and back.
    await ui.press(...reads(['t']));
    frame = await ui.waitFor((f) => f.includes('TV certifications by country') && f.includes('› France (FR)'));
    await ui.press(...reads(['/', 'u', 's', 'a', KEY.enter]));
    await ui.waitFor('› United States (US)');
    await ui.press(...reads([KEY.esc]));
    frame = await ui.waitFor((f) => f.includes('› United States (US)') && !f.includes('Filter:'));
    await ui.press(...reads(['t']));
    await ui.waitFor((f) => f.includes('Movie certifications by country') && f.includes('› United States (US)'));
    // The row above (the United States is the last), then another tab and back: still highlighted.
    await ui.press(KEY.up);
    frame = await ui.waitFor((f) => !f.includes('› United States (US)'));
    const highlighted = frame.split('\n').find((l) => l.startsWith('› '))!.slice(0, COUNTRY_COLUMNS).trim();
    await ui.press(...reads(['1', '5']));
    await ui.waitFor((f) => f.includes('Movie certifications by country') && f.includes(highlighted));
  });

  it('says when no country matches, and t switches to TV certifications', async ({ app }) => {
    const { ui, calls } = await start(app);
    await ui.waitFor('United States (US)');
    await ui.press('/');
    await ui.type('zzz');
    await ui.waitFor('No country matches "zzz"');
    await ui.press(KEY.esc, KEY.esc, 't');
    const frame = await ui.waitFor('TV certifications by country');
    // "z" alone found New Zealand ("Zealand"), highlighted as the best match then: it stays.
    await ui.waitFor('› New Zealand (NZ)');
    expect(frame).not.toContain('No country matches');
    expect(calls).toContain('tvCertifications');
  });

  it('scrolls long certification lists with J and K when they do not fit', async ({ app, tv }) => {
    const { ui } = await start(app, (s) => s.store.getState().settings.setRegion('AU'), 80, 16);
    await ui.press('t');
    let frame = await ui.waitFor((f) => f.includes('› Australia (AU)') && f.includes('TV certifications'));
    // Australia has more certifications than fit.
    const australia = tv.find((c) => c.code === 'AU')!;
    const last = australia.certifications.at(-1)!.certification;
    expect(frame).toMatch(/↓ \d+ more lines \(J\/K scroll\)/);
    expect(paneLabels(frame)).not.toContain(last);
    // Its meanings run to many lines: J pages down (ten in one read) until the end shows.
    await ui.press('J'.repeat(10));
    frame = await ui.waitFor('K scrolls back up');
    expect(paneLabels(frame)).toContain(last);
    const first = australia.certifications[0]!.certification;
    await ui.press('K'.repeat(10));
    frame = await ui.waitFor((f) => paneLabels(f)[0] === first);
  }, 180_000);

  it('shows a failed load in the panel, and r loads again', async ({ app }) => {
    const { ui } = await start(app, (started) => started.failNext('movieCertifications', 500, 11, 'Internal error: Something went wrong, contact TMDb.'));
    const frame = await ui.waitFor('Could not load the movie certifications');
    expect(frame).toContain('(HTTP 500)');
    await ui.press('r');
    await ui.waitFor('› United States (US)');
  });

  it.for([
    ['one key at a time', (keys: string[]) => keys],
    ['in one read', (keys: string[]) => [keys.join('')]],
  ] as const)("Enter shows a country's ladders with meanings and counts; Enter on a label lists its titles, b widens to or below (%s)", { timeout: 120_000 }, async ([, reads], { app, service }) => {
    const count = async (query: Record<string, string>) => (await service.client.call('discoverMovies', { query })).total_results;
    const g = await count({ certification_country: 'US', certification: 'G' });
    const upToG = await count({ certification_country: 'US', 'certification.lte': 'G' });
    const { ui, calls } = await start(app);
    await ui.waitFor('› United States (US)');
    await ui.press(...reads([KEY.enter]));
    let frame = await ui.waitFor((f) => f.includes('United States (US): certifications') && f.includes(`G  ${g} films`));
    // Movies first, then TV, each label with its meaning in full.
    expect(frame).toContain('All ages admitted. There is no content that would be objectionable');
    expect(frame.indexOf('NR  ')).toBeLessThan(frame.indexOf('G  '));
    // The cursor starts on the first label, NR, and j goes to the next label, G (a heading or a
    // meaning is no stop); Enter lists the films rated G.
    expect(frame.split('\n').find((line) => /^\s*› NR/.test(line))).toMatch(/› NR {2}\d+ films/);
    await ui.press(...reads(['j', KEY.enter]));
    frame = await ui.waitFor((f) => f.includes('Films rated G in United States') && f.includes(`${g} · by popularity`));
    expect(calls).toContain('discoverMovies');
    await ui.press(...reads(['b']));
    frame = await ui.waitFor((f) => f.includes('Films rated G or below in United States') && f.includes(`${upToG} · by popularity`));
    // The header and the footer say alike what b does next.
    expect(frame).toContain('b this label only');
    expect(frame.trimEnd().split('\n').at(-1)).toContain('b this label only');
    expect(frame).not.toContain('b or below');
    await ui.press(...reads(['b', 'o']));
    await ui.waitFor((f) => f.includes('Films rated G in United States') && f.includes(`${g} · by rating`));
  });
});
