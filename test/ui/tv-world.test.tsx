import { act } from 'react';
import { describe, expect } from 'vitest';
import { KEY, type Rendered } from './harness.js';
import { storeTest as it } from '../store-test.js';

/**
 * The TV tab's sections (popular, airing today, on the air, top rated), and from a series to its
 * network (and the series it airs) and to its episode groups (and their episodes), on the
 * embedded server's catalog.
 */

type SeriesPage = { results: Array<{ id: number; name: string }>; total_results: number };
type Groups = { results: Array<{ id: string; name: string }> };

/** The time zone the app asks airing today and on the air in (this machine's). */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The line the cursor is on. */
const cursorLine = (frame: string) => frame.split('\n').find((line) => line.startsWith('›')) ?? '';

/** Moves the cursor down until its line holds `text`. */
async function cursorTo(ui: Rendered, text: string): Promise<string> {
  for (let i = 0; i < 80 && !cursorLine(ui.frame()).includes(text); i++) await ui.press('j');
  return ui.waitFor((frame) => cursorLine(frame).includes(text));
}

/** The first row of a section, or its empty text. */
const firstRowOf = (page: SeriesPage, what: string) => page.results[0]?.name ?? `The service lists no ${what}.`;

describe('the TV tab', () => {
  it('has Popular, Airing today, On the air and Top rated, each by its key, ←/→ and as a burst', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('2');
    await ui.waitFor('Popular TV series');
    expect(ui.frame()).toMatch(/p Popular\s+a Airing today\s+o On the air\s+t Top rated/);
    const airing = await service.get<SeriesPage>(`/3/tv/airing_today?timezone=${encodeURIComponent(zone)}`);
    const onTheAir = await service.get<SeriesPage>(`/3/tv/on_the_air?timezone=${encodeURIComponent(zone)}`);
    const top = await service.get<SeriesPage>('/3/tv/top_rated');
    await ui.press('a');
    let frame = await ui.waitFor((f) => f.includes('Series with an episode today') && f.includes(firstRowOf(airing, 'series airing today')));
    expect(frame).toContain('TV › Airing today');
    await ui.press('o');
    await ui.waitFor((f) => f.includes('Series airing in the next 7 days') && f.includes(firstRowOf(onTheAir, 'series on the air')));
    await ui.press('t');
    frame = await ui.waitFor((f) => f.includes('Top rated TV series') && cursorLine(f).includes(top.results[0]!.name));
    expect(frame).toContain('TV › Top rated');
    await ui.press(KEY.right);
    await ui.waitFor((f) => f.includes('Popular TV series') && f.includes('TV › Popular'));
    await ui.press(KEY.left);
    await ui.waitFor('Top rated TV series');
    // Several keys in one read act as if typed one at a time: the last one wins.
    await act(async () => ui.stdin.write('tao'));
    await ui.waitFor((f) => f.includes('Series airing in the next 7 days') && f.includes('TV › On the air'));
    // Enter opens a series as elsewhere; Esc comes back to the same section.
    if (onTheAir.results[0]) {
      await ui.press(KEY.enter);
      await ui.waitFor((f) => f.includes('Seasons') && f.includes(onTheAir.results[0]!.name));
      await ui.press(KEY.esc);
      await ui.waitFor('Series airing in the next 7 days');
    }
    // The help names the sections' keys.
    await ui.press('?');
    await ui.waitFor('Switch section: popular, airing today, on the air');
  });

  it('goes from a series to its network, to the series the network airs, and into one of them', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('2');
    const popular = await service.get<SeriesPage>('/3/tv/popular');
    const first = popular.results[0]!;
    await ui.waitFor(first.name);
    await ui.press(KEY.enter);
    await ui.waitFor('Seasons');
    const details = await service.get<{ networks: Array<{ id: number; name: string }> }>(`/3/tv/${first.id}`);
    const network = details.networks[0]!;
    await cursorTo(ui, network.name);
    await ui.press(KEY.enter);
    const aired = await service.get<SeriesPage>(`/3/discover/tv?with_networks=${network.id}`);
    const frame = await ui.waitFor((f) => f.includes(`${network.name}: series it airs`) && f.includes(aired.results[0]!.name));
    expect(frame).toContain(`1/${aired.total_results}`);
    // The series itself is among them (the most popular of all comes first).
    expect(cursorLine(frame)).toContain(first.name);
    await ui.press('j', KEY.enter);
    await ui.waitFor((f) => f.includes('Seasons') && f.includes(aired.results[1]!.name));
  });

  it('goes from a series to an episode group, and from an episode of the group to its screen', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('2');
    const popular = await service.get<SeriesPage>('/3/tv/popular');
    let position = -1;
    let groups: Groups = { results: [] };
    for (const [index, series] of popular.results.entries()) {
      groups = await service.get<Groups>(`/3/tv/${series.id}/episode_groups`);
      if (groups.results.length > 0) {
        position = index;
        break;
      }
    }
    expect(position).toBeGreaterThanOrEqual(0);
    const series = popular.results[position]!;
    const group = groups.results[0]!;
    await ui.waitFor(popular.results[0]!.name);
    for (let i = 0; i < position; i++) await ui.press('j');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Seasons') && f.includes(series.name));
    await cursorTo(ui, group.name);
    expect(ui.frame()).toContain('Episode groups');
    await ui.press(KEY.enter);
    const details = await service.get<{ groups: Array<{ name: string; episodes: Array<{ name: string; season_number: number; episode_number: number }> }> }>(
      `/3/tv/episode_group/${group.id}`,
    );
    const episode = details.groups[0]!.episodes[0]!;
    const frame = await ui.waitFor((f) => f.includes('Enter opens an episode') && cursorLine(f).includes(episode.name));
    expect(frame).toContain(details.groups[0]!.name);
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes(`S${episode.season_number} E${episode.episode_number}`) && f.includes(episode.name) && f.includes('aired'));
    await ui.press(KEY.esc);
    await ui.waitFor('Enter opens an episode');
  });
});
