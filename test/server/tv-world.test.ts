import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, refusal, startTestServer } from './harness.js';

/**
 * Series listings, the records the service keeps beside a series' details, seasons' and
 * episodes' own operations, episode groups and networks: ids come from the catalog's own
 * answers, every answer is held to the modern shape by the test client, and what one operation
 * names another opens.
 */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

/** 2025-03-14: the test clock's today (harness FIXED_NOW). */
const TODAY = '2025-03-14';
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function allPages<T>(load: (page: number) => Promise<{ results: T[]; total_pages: number; total_results: number }>): Promise<T[]> {
  const first = await load(1);
  const all = [...first.results];
  for (let page = 2; page <= Math.min(first.total_pages, 20); page++) all.push(...(await load(page)).results);
  expect(all.length).toBe(first.total_results);
  return all;
}

/** The air dates of every episode of a series, from its seasons' own answers. */
async function airDates(seriesId: number): Promise<string[]> {
  const details = await t.client.call('tvDetails', { path: { series_id: seriesId } });
  const dates: string[] = [];
  for (const season of details.seasons) {
    if (season.season_number === 0) continue;
    const full = await t.client.call('seasonDetails', { path: { series_id: seriesId, season_number: season.season_number } });
    for (const episode of full.episodes) if (episode.air_date) dates.push(episode.air_date);
  }
  return dates;
}

describe('series listings', () => {
  it('airing today lists exactly the series with an episode dated today, most popular first', async () => {
    const airing = await allPages((page) => t.client.call('airingTodaySeries', { query: { page } }));
    expect(airing.length).toBeGreaterThan(0);
    for (const item of airing) expect(await airDates(item.id)).toContain(TODAY);
    expect(airing.map((s) => s.popularity)).toEqual([...airing.map((s) => s.popularity)].sort((a, b) => b - a));
    // A series on the air but not today is not in it.
    const onTheAir = await allPages((page) => t.client.call('onTheAirSeries', { query: { page } }));
    const ids = new Set(airing.map((s) => s.id));
    const notToday = onTheAir.filter((s) => !ids.has(s.id));
    expect(notToday.length).toBeGreaterThan(0);
    for (const item of notToday.slice(0, 5)) expect(await airDates(item.id)).not.toContain(TODAY);
  });

  it('on the air lists the series with an episode in the next seven days', async () => {
    const week = Array.from({ length: 7 }, (_, k) => addDays(TODAY, k));
    const onTheAir = await allPages((page) => t.client.call('onTheAirSeries', { query: { page } }));
    for (const item of onTheAir) expect((await airDates(item.id)).some((date) => week.includes(date))).toBe(true);
    // Every series still in production and scheduled has its next episode within a week.
    const popular = await t.client.call('popularTv');
    for (const item of popular.results.slice(0, 10)) {
      const details = await t.client.call('tvDetails', { path: { series_id: item.id } });
      const next = details.next_episode_to_air?.air_date ?? undefined;
      const last = details.last_episode_to_air?.air_date ?? undefined;
      const inWeek = (next !== undefined && week.includes(next)) || last === TODAY;
      expect(onTheAir.some((s) => s.id === item.id)).toBe(inWeek);
    }
  });

  it("airing today follows the caller's time zone: where it is already tomorrow, tomorrow's episodes", async () => {
    // 12:00 UTC is 02:00 the next day at UTC+14.
    const tomorrow = addDays(TODAY, 1);
    const there = await allPages((page) => t.client.call('airingTodaySeries', { query: { page, timezone: 'Pacific/Kiritimati' } }));
    for (const item of there) expect(await airDates(item.id)).toContain(tomorrow);
    const utc = await t.client.call('airingTodaySeries', { query: { timezone: 'UTC' } });
    expect(utc).toEqual(await t.client.call('airingTodaySeries'));
    // A zone nobody knows counts as UTC rather than failing.
    expect(await t.client.call('airingTodaySeries', { query: { timezone: 'Nowhere/Atlantis' } })).toEqual(utc);
  });

  it('top rated lists series by vote average, best first', async () => {
    const top = await t.client.call('topRatedSeries');
    expect(top.results.length).toBeGreaterThan(0);
    const averages = top.results.map((s) => s.vote_average);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    for (const item of top.results) expect(item.vote_count).toBeGreaterThanOrEqual(20);
  });
});

describe("a series' records", () => {
  it('content ratings are real labels of the TV ratings certification/tv/list answers', async () => {
    const { certifications } = await t.client.call('tvCertifications');
    for (const series_id of [1, 2, 3, 4, 5]) {
      const { id, results } = await t.client.call('seriesContentRatings', { path: { series_id } });
      expect(id).toBe(series_id);
      expect(results.length).toBeGreaterThan(0);
      for (const rating of results) {
        const labels = certifications[rating.iso_3166_1]!.map((c) => c.certification);
        expect(labels).toContain(rating.rating);
      }
    }
  });

  it('alternative titles are the names search finds the series by', async () => {
    for (let series_id = 1; series_id <= 30; series_id++) {
      const { results } = await t.client.call('seriesAlternativeTitles', { path: { series_id } });
      for (const { title } of results) {
        const found = await t.client.call('searchMulti', { query: { query: title } });
        expect(found.results.some((r) => r.media_type === 'tv' && r.id === series_id)).toBe(true);
      }
    }
  });

  it("images start with the poster and backdrop the series' details name", async () => {
    for (const series_id of [1, 2, 17, 42]) {
      const details = await t.client.call('tvDetails', { path: { series_id } });
      const images = await t.client.call('seriesImages', { path: { series_id } });
      expect(images.posters[0]?.file_path ?? null).toBe(details.poster_path);
      expect(images.backdrops[0]?.file_path ?? null).toBe(details.backdrop_path);
      const english = await t.client.call('seriesImages', { path: { series_id }, query: { language: 'en' } });
      for (const poster of english.posters) expect(poster.iso_639_1).toBe('en');
    }
  });

  it("translations say what the series' details answer in each language", async () => {
    for (const series_id of [1, 2, 3]) {
      const { translations } = await t.client.call('seriesTranslations', { path: { series_id } });
      expect(translations.find((tr) => tr.iso_639_1 === 'en')).toBeDefined();
      for (const translation of translations) {
        const details = await t.client.call('tvDetails', { path: { series_id }, query: { language: translation.iso_639_1 } });
        expect(translation.data.name).toBe(details.name);
        expect(translation.data.overview).toBe(details.overview);
        expect(translation.data.tagline).toBe(details.tagline);
      }
    }
  });

  it('screened episodes are episodes of the series that aired; lists hold none (lists here hold films)', async () => {
    let screened = 0;
    for (let series_id = 1; series_id <= 60; series_id++) {
      const { results } = await t.client.call('seriesScreenedTheatrically', { path: { series_id } });
      for (const entry of results) {
        const episode = await t.client.call('episodeDetails', { path: { series_id, season_number: entry.season_number, episode_number: entry.episode_number } });
        expect(episode.id).toBe(entry.id);
        expect(episode.air_date! <= TODAY).toBe(true);
        screened++;
      }
    }
    expect(screened).toBeGreaterThan(0);
    const lists = await t.client.call('seriesLists', { path: { series_id: 1 } });
    expect(lists).toMatchObject({ id: 1, page: 1, results: [], total_results: 0 });
  });

  it('an unknown series is 404 status_code 34 for each of them', async () => {
    for (const key of ['seriesAlternativeTitles', 'seriesContentRatings', 'seriesEpisodeGroups', 'seriesImages', 'seriesTranslations'] as const) {
      expect((await refusal(t.client.call(key, { path: { series_id: 999_999 } }))).statusCode).toBe(34);
    }
  });
});

describe('episode groups', () => {
  async function seriesWithGroups(): Promise<number[]> {
    const out: number[] = [];
    for (let series_id = 1; series_id <= 40; series_id++) {
      const { results } = await t.client.call('seriesEpisodeGroups', { path: { series_id } });
      if (results.length > 0) out.push(series_id);
    }
    return out;
  }

  it("list real episodes of their series, each named as the episode's own answer names it", async () => {
    const found = await seriesWithGroups();
    expect(found.length).toBeGreaterThan(2);
    const types = new Set<number>();
    for (const series_id of found.slice(0, 6)) {
      const { results } = await t.client.call('seriesEpisodeGroups', { path: { series_id } });
      for (const summary of results) {
        types.add(summary.type);
        expect(summary.type).toBeGreaterThanOrEqual(1);
        expect(summary.type).toBeLessThanOrEqual(7);
        const group = await t.client.call('episodeGroupDetails', { path: { tv_episode_group_id: summary.id } });
        expect(group).toMatchObject({ id: summary.id, name: summary.name, type: summary.type, group_count: group.groups.length });
        expect(group.groups.map((g) => g.order)).toEqual(group.groups.map((_, i) => i + 1));
        const episodes = group.groups.flatMap((g) => g.episodes);
        expect(episodes.length).toBe(summary.episode_count);
        expect(new Set(episodes.map((e) => e.id)).size).toBe(episodes.length);
        for (const episode of episodes.slice(0, 8)) {
          const own = await t.client.call('episodeDetails', {
            path: { series_id, season_number: episode.season_number, episode_number: episode.episode_number },
          });
          expect(own.id).toBe(episode.id);
          expect(own.name).toBe(episode.name);
          expect(own.air_date).toBe(episode.air_date);
        }
        if (summary.network) {
          const details = await t.client.call('tvDetails', { path: { series_id } });
          expect(details.networks.map((n) => n.id)).toContain(summary.network.id);
        }
      }
    }
    expect(types.size).toBeGreaterThan(1);
  });

  it('an id that names no group is 404 status_code 34', async () => {
    const [series_id] = await seriesWithGroups();
    const { results } = await t.client.call('seriesEpisodeGroups', { path: { series_id: series_id! } });
    const real = results[0]!.id;
    const altered = `${real.slice(0, 23)}${real[23] === '0' ? '1' : '0'}`;
    for (const id of [altered, 'not-a-group', '000000000000000000000000']) {
      expect((await refusal(t.client.call('episodeGroupDetails', { path: { tv_episode_group_id: id } }))).statusCode).toBe(34);
    }
  });
});

describe('networks', () => {
  it("a series' network opens, and discover with_networks lists the series it airs", async () => {
    const seen = new Set<number>();
    for (const series_id of [1, 2, 3, 4, 5, 6]) {
      const details = await t.client.call('tvDetails', { path: { series_id } });
      for (const network of details.networks) {
        const own = await t.client.call('networkDetails', { path: { network_id: network.id } });
        expect(own).toMatchObject({ id: network.id, name: network.name, logo_path: network.logo_path, origin_country: network.origin_country });
        expect(own.headquarters).not.toBe('');
        const logos = await t.client.call('networkImages', { path: { network_id: network.id } });
        expect(logos.logos[0]?.file_path).toBe(network.logo_path);
        const names = await t.client.call('networkAlternativeNames', { path: { network_id: network.id } });
        expect(names.id).toBe(network.id);
        if (seen.has(network.id)) continue;
        seen.add(network.id);
        const aired = await allPages((page) => t.client.call('discoverSeries', { query: { with_networks: String(network.id), page } }));
        expect(aired.map((s) => s.id)).toContain(series_id);
        for (const other of aired.slice(0, 5)) {
          const otherDetails = await t.client.call('tvDetails', { path: { series_id: other.id } });
          expect(otherDetails.networks.map((n) => n.id)).toContain(network.id);
        }
      }
    }
  });

  it('an unknown network is 404 status_code 34', async () => {
    expect((await refusal(t.client.call('networkDetails', { path: { network_id: 1 } }))).statusCode).toBe(34);
    expect((await refusal(t.client.call('networkImages', { path: { network_id: 99_999 } }))).statusCode).toBe(34);
  });
});

describe('seasons and episodes', () => {
  it("a season's credits are its regulars and its episodes' crew, and agree with the aggregate credits", async () => {
    for (const series_id of [1, 2, 3]) {
      const details = await t.client.call('tvDetails', { path: { series_id } });
      const seriesAggregate = await t.client.call('seriesAggregateCredits', { path: { series_id } });
      for (const { season_number } of details.seasons) {
        const path = { series_id, season_number };
        const credits = await t.client.call('seasonCredits', { path });
        const aggregate = await t.client.call('seasonAggregateCredits', { path });
        const season = await t.client.call('seasonDetails', { path });
        expect(credits.id).toBe(season.id);
        expect(aggregate.id).toBe(season.id);
        // Every regular is in the season's aggregate with every episode of the season.
        for (const member of credits.cast) {
          const entry = aggregate.cast.find((c) => c.id === member.id);
          expect(entry?.total_episode_count).toBe(season.episodes.length);
        }
        // Each person's count in a season is at most their count in the whole series.
        for (const member of aggregate.cast) {
          const whole = seriesAggregate.cast.find((c) => c.id === member.id)!;
          expect(member.total_episode_count).toBeLessThanOrEqual(whole.total_episode_count);
        }
        // The crew is exactly the crew of its episodes.
        const episodeCrew = new Set<string>();
        for (const episode of season.episodes) {
          const own = await t.client.call('episodeCredits', { path: { ...path, episode_number: episode.episode_number } });
          for (const member of own.crew) episodeCrew.add(member.credit_id);
        }
        expect(new Set(credits.crew.map((c) => c.credit_id))).toEqual(episodeCrew);
      }
      // Adding up the seasons gives the series.
      const sums = new Map<number, number>();
      for (const { season_number } of details.seasons) {
        const aggregate = await t.client.call('seasonAggregateCredits', { path: { series_id, season_number } });
        for (const member of aggregate.cast) sums.set(member.id, (sums.get(member.id) ?? 0) + member.total_episode_count);
      }
      for (const member of seriesAggregate.cast) expect(sums.get(member.id)).toBe(member.total_episode_count);
    }
  });

  it("a season's images, ids, translations, videos and providers; its parts equal their own answers", async () => {
    const path = { series_id: 1, season_number: 1 };
    const season = await t.client.call('seasonDetails', { path });
    const images = await t.client.call('seasonImages', { path });
    expect(images.id).toBe(season.id);
    expect(images.posters[0]?.file_path ?? null).toBe(season.poster_path);
    const parts = 'aggregate_credits,credits,external_ids,images,translations,videos,watch/providers';
    const withParts = await t.client.call('seasonDetails', { path, query: { append_to_response: parts } });
    const own = {
      aggregate_credits: await t.client.call('seasonAggregateCredits', { path }),
      credits: await t.client.call('seasonCredits', { path }),
      external_ids: await t.client.call('seasonExternalIds', { path }),
      images: await t.client.call('seasonImages', { path, query: { language: 'en-US' } }),
      translations: await t.client.call('seasonTranslations', { path }),
      videos: await t.client.call('seasonVideos', { path }),
      'watch/providers': await t.client.call('seasonWatchProviders', { path }),
    };
    for (const [name, answer] of Object.entries(own)) {
      expect(answer.id).toBe(season.id);
      const { id: _id, ...rest } = answer;
      expect(withParts[name as keyof typeof withParts]).toEqual(rest);
    }
    for (const translation of own.translations.translations) {
      const inLanguage = await t.client.call('seasonDetails', { path, query: { language: translation.iso_639_1 } });
      expect(translation.data.overview).toBe(inLanguage.overview);
    }
  });

  it("an episode's translations and videos, alone and appended", async () => {
    const path = { series_id: 2, season_number: 1, episode_number: 1 };
    const translations = await t.client.call('episodeTranslations', { path });
    const videos = await t.client.call('episodeVideos', { path });
    const episode = await t.client.call('episodeDetails', { path, query: { append_to_response: 'translations,videos' } });
    expect(translations.id).toBe(episode.id);
    expect(videos.id).toBe(episode.id);
    expect(episode.translations).toEqual({ translations: translations.translations });
    expect(episode.videos).toEqual({ results: videos.results });
    const english = translations.translations.find((tr) => tr.iso_639_1 === 'en')!;
    expect(english.data.name).toBe(episode.name);
  });

  it("a series' new parts equal their own operations' answers", async () => {
    const path = { series_id: 3 };
    const parts = 'alternative_titles,content_ratings,episode_groups,images,lists,screened_theatrically,translations';
    const details = await t.client.call('tvDetails', { path, query: { append_to_response: parts } });
    const own = {
      alternative_titles: await t.client.call('seriesAlternativeTitles', { path }),
      content_ratings: await t.client.call('seriesContentRatings', { path }),
      episode_groups: await t.client.call('seriesEpisodeGroups', { path }),
      // Details answer in en-US by default, and images in the request's language (and untagged ones asked for).
      images: await t.client.call('seriesImages', { path, query: { language: 'en-US' } }),
      lists: await t.client.call('seriesLists', { path }),
      screened_theatrically: await t.client.call('seriesScreenedTheatrically', { path }),
      translations: await t.client.call('seriesTranslations', { path }),
    };
    for (const [name, answer] of Object.entries(own)) {
      const { id: _id, ...rest } = answer;
      expect(details[name as keyof typeof details]).toEqual(rest);
    }
  });

  it('an unknown season or episode is 404 status_code 34', async () => {
    for (const key of ['seasonCredits', 'seasonAggregateCredits', 'seasonImages', 'seasonVideos', 'seasonWatchProviders'] as const) {
      expect((await refusal(t.client.call(key, { path: { series_id: 1, season_number: 99 } }))).statusCode).toBe(34);
    }
    expect((await refusal(t.client.call('episodeVideos', { path: { series_id: 1, season_number: 1, episode_number: 99 } }))).statusCode).toBe(34);
  });
});
