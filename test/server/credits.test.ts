import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { SlotSpace } from '../../src/server/catalog/credit-slots.js';
import { DEPARTMENT_SHARES, PeoplePools } from '../../src/server/catalog/people-pools.js';
import { catalogShape } from '../../src/server/catalog/shape.js';
import { type TestServer, TEST_CATALOG_SIZE, rawJson, refusal, startTestServer } from './harness.js';

/**
 * Cast and crew, and filmographies: every answer in the modern shape (the test client holds each
 * to it), consistent across the catalog both ways, as the catalog's own answers say.
 */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const call = <K extends Parameters<TestServer['client']['call']>[0]>(...args: Parameters<typeof t.client.call<K>>) => t.client.call<K>(...args);

describe('slots read both ways', () => {
  it('the titles a slot gives for a person are exactly those whose slot names the person', () => {
    const departments = ['Acting', 'Directing', 'Acting', 'Art', 'Writing'] as const;
    for (const [people, titles] of [[50, 70], [150, 210], [97, 400]] as const) {
      const pools = new PeoplePools(7, people);
      const space = new SlotSpace(7, 'test', pools, titles, departments);
      for (let k = 0; k < departments.length; k++) {
        for (let person = 1; person <= people; person++) {
          const expected = Array.from({ length: titles }, (_, i) => i + 1).filter((title) => space.person(title, k) === person);
          expect(space.titles(person, k)).toEqual(expected);
          // A slot names only people of its department.
          if (expected.length > 0) expect(pools.departmentOf(person)).toBe(departments[k]);
        }
      }
    }
  });

  it('deals every person into exactly one department, each place of a department to one person', () => {
    for (const people of [50, 97, 1000]) {
      const pools = new PeoplePools(3, people);
      const seen = new Set<number>();
      for (const [department] of DEPARTMENT_SHARES) {
        for (let index = 0; index < pools.size(department); index++) {
          const person = pools.person(department, index);
          expect(pools.placeOf(person)).toEqual({ department, index });
          seen.add(person);
        }
      }
      expect(seen.size).toBe(people);
    }
  });
});

describe('a film', () => {
  it('has a cast in billing order, each once with a character, and a crew as the service spells it', async () => {
    for (const movie_id of [1, 2, 3, 50]) {
      const credits = await call('movieCredits', { path: { movie_id } });
      expect(credits.id).toBe(movie_id);
      expect(credits.cast.length).toBeGreaterThanOrEqual(1);
      expect(credits.cast.map((c) => c.order)).toEqual(credits.cast.map((_, i) => i));
      expect(new Set(credits.cast.map((c) => c.id)).size).toBe(credits.cast.length);
      for (const member of credits.cast) expect(member.character).not.toBe('');
      const director = credits.crew.find((c) => c.job === 'Director');
      expect(director?.department).toBe('Directing');
      for (const member of credits.crew) {
        expect(['Directing', 'Writing', 'Production', 'Sound', 'Camera', 'Editing', 'Art', 'Costume & Make-Up']).toContain(member.department);
      }
    }
    const again = await call('movieCredits', { path: { movie_id: 1 } });
    expect(again).toEqual(await call('movieCredits', { path: { movie_id: 1 } }));
    expect((await refusal(call('movieCredits', { path: { movie_id: 999_999 } }))).statusCode).toBe(34);
  });

  it('is the same film in another catalog of the same seed and size', () => {
    const a = new CatalogGenerator(5, TEST_CATALOG_SIZE).movies.cast.credits(9);
    const b = new CatalogGenerator(5, TEST_CATALOG_SIZE).movies.cast.credits(9);
    expect(a).toEqual(b);
    expect(new CatalogGenerator(6, TEST_CATALOG_SIZE).movies.cast.credits(9)).not.toEqual(a);
  });
});

describe('a series', () => {
  it('adds up its episodes: aggregate credits count the episodes each role and job is in', async () => {
    const series_id = 3;
    const details = await call('tvDetails', { path: { series_id } });
    const roles = new Map<string, number>();
    const jobs = new Map<string, number>();
    let episodes = 0;
    for (const season of details.seasons) {
      for (let episode_number = 1; episode_number <= season.episode_count; episode_number++) {
        const episode = await call('episodeCredits', { path: { series_id, season_number: season.season_number, episode_number } });
        episodes++;
        for (const member of [...episode.cast, ...episode.guest_stars]) roles.set(member.credit_id, (roles.get(member.credit_id) ?? 0) + 1);
        for (const member of episode.crew) jobs.set(member.credit_id, (jobs.get(member.credit_id) ?? 0) + 1);
      }
    }
    expect(episodes).toBeGreaterThan(0);
    const aggregate = await call('seriesAggregateCredits', { path: { series_id } });
    const aggregateRoles = new Map(aggregate.cast.flatMap((m) => m.roles.map((r) => [r.credit_id, r.episode_count] as const)));
    const aggregateJobs = new Map(aggregate.crew.flatMap((m) => m.jobs.map((j) => [j.credit_id, j.episode_count] as const)));
    expect(aggregateRoles).toEqual(roles);
    expect(aggregateJobs).toEqual(jobs);
    for (const member of [...aggregate.cast]) {
      expect(member.total_episode_count).toBe(member.roles.reduce((n, r) => n + r.episode_count, 0));
    }
    expect(aggregate.cast.map((m) => m.order)).toEqual(aggregate.cast.map((_, i) => i));
    for (const member of aggregate.crew) expect(member.total_episode_count).toBe(member.jobs.reduce((n, j) => n + j.episode_count, 0));
  });

  it("an episode's details list the guest stars and crew its credits do, and guests are there", async () => {
    let guests = 0;
    for (const series_id of [1, 2, 3, 4]) {
      const path = { series_id, season_number: 1, episode_number: 1 };
      const credits = await call('episodeCredits', { path });
      const details = await call('episodeDetails', { path });
      expect(details.guest_stars).toEqual(credits.guest_stars);
      expect((details.crew ?? []).map((c) => c.credit_id)).toEqual(credits.crew.map((c) => c.credit_id));
      expect(credits.crew.map((c) => c.job)).toEqual(expect.arrayContaining(['Director', 'Writer']));
      guests += credits.guest_stars.length;
    }
    expect(guests).toBeGreaterThan(0);
  });

  it("a series' credits are the regulars and crew of its latest season", async () => {
    const credits = await call('seriesCredits', { path: { series_id: 2 } });
    const aggregate = await call('seriesAggregateCredits', { path: { series_id: 2 } });
    const regularIds = credits.cast.map((c) => c.id);
    expect(regularIds.length).toBeGreaterThan(0);
    expect(aggregate.cast.slice(0, regularIds.length).map((c) => c.id)).toEqual(regularIds);
  });
});

describe('a filmography', () => {
  type Named = { id: number; credit_id: string };
  const key = (kind: string, title: number, credit: string) => `${kind}:${title}:${credit}`;

  it("lists exactly the titles whose credits name the person, with the same credits, both ways", async () => {
    // The counts of a catalog of this size, whatever its seed.
    const shape = catalogShape(1, TEST_CATALOG_SIZE);
    // Every credit of every title, as the titles' own answers give it.
    const byPerson = new Map<number, Set<string>>();
    const note = (person: number, entry: string) => byPerson.set(person, (byPerson.get(person) ?? new Set()).add(entry));
    for (let movie_id = 1; movie_id <= shape.movieCount; movie_id++) {
      const credits = await call('movieCredits', { path: { movie_id } });
      for (const member of [...credits.cast, ...credits.crew] as Named[]) note(member.id, key('movie', movie_id, member.credit_id));
    }
    for (let series_id = 1; series_id <= shape.seriesCount; series_id++) {
      const credits = await call('seriesAggregateCredits', { path: { series_id } });
      for (const member of credits.cast) for (const role of member.roles) note(member.id, key('tv', series_id, role.credit_id));
      for (const member of credits.crew) for (const job of member.jobs) note(member.id, key('tv', series_id, job.credit_id));
    }
    // Each person's combined credits, as the person's own answer gives them.
    for (let person_id = 1; person_id <= shape.personCount; person_id++) {
      const combined = await call('personCombinedCredits', { path: { person_id } });
      const listed = new Set([...combined.cast, ...combined.crew].map((c) => key(c.media_type, c.id, c.credit_id)));
      expect(listed, `person ${person_id}`).toEqual(byPerson.get(person_id) ?? new Set());
    }
  }, 120_000);

  it('gives each credit its character or job and, for a series, its episode count; movie and TV credits split it', async () => {
    const person_id = 7;
    const combined = await call('personCombinedCredits', { path: { person_id } });
    const movies = await call('personMovieCredits', { path: { person_id } });
    const series = await call('personTvCredits', { path: { person_id } });
    const strip = <T extends { media_type: string }>({ media_type: _m, ...rest }: T) => rest;
    // Series credits in the combined answer also carry first_credit_air_date (recorded-shapes.test.ts).
    const stripSeries = <T extends { media_type: string; first_credit_air_date?: unknown }>({ first_credit_air_date: first, ...rest }: T) => {
      expect(first === null || typeof first === 'string').toBe(true);
      return strip(rest);
    };
    expect(combined.cast.filter((c) => c.media_type === 'movie').map(strip)).toEqual(movies.cast);
    expect(combined.cast.filter((c) => c.media_type === 'tv').map(stripSeries)).toEqual(series.cast);
    expect(combined.crew.filter((c) => c.media_type === 'movie').map(strip)).toEqual(movies.crew);
    expect(combined.crew.filter((c) => c.media_type === 'tv').map(stripSeries)).toEqual(series.crew);
    for (const film of movies.cast) {
      const credits = await call('movieCredits', { path: { movie_id: film.id } });
      expect(credits.cast.find((c) => c.credit_id === film.credit_id)).toMatchObject({ id: person_id, character: film.character, order: film.order });
    }
    for (const show of series.cast) {
      const credits = await call('seriesAggregateCredits', { path: { series_id: show.id } });
      const role = credits.cast.find((c) => c.id === person_id)?.roles.find((r) => r.credit_id === show.credit_id);
      expect(role).toEqual({ credit_id: show.credit_id, character: show.character, episode_count: show.episode_count });
    }
    expect((await refusal(call('personCombinedCredits', { path: { person_id: 999_999 } }))).statusCode).toBe(34);
  });
});

describe('append_to_response', () => {
  const withoutId = (body: Record<string, unknown>) => {
    const { id: _id, ...rest } = body;
    return rest;
  };

  it('adds credits, aggregate credits and combined credits as their own operations answer them', async () => {
    const movie = await rawJson(t, '/3/movie/4?append_to_response=credits');
    expect(movie.credits).toEqual(withoutId(await rawJson(t, '/3/movie/4/credits')));
    const series = await rawJson(t, '/3/tv/4?append_to_response=credits,aggregate_credits');
    expect(series.credits).toEqual(withoutId(await rawJson(t, '/3/tv/4/credits')));
    expect(series.aggregate_credits).toEqual(withoutId(await rawJson(t, '/3/tv/4/aggregate_credits')));
    const episode = await rawJson(t, '/3/tv/4/season/1/episode/2?append_to_response=credits');
    expect(episode.credits).toEqual(withoutId(await rawJson(t, '/3/tv/4/season/1/episode/2/credits')));
    const person = await rawJson(t, '/3/person/4?append_to_response=combined_credits');
    expect(person.combined_credits).toEqual(withoutId(await rawJson(t, '/3/person/4/combined_credits')));
  });
});
