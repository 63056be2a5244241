import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationKey } from '../../src/contract/index.js';
import { expectModern } from './modern-client.js';
import { type TestServer, rawJson as rawJsonOf, signedInTestServer } from './harness.js';

/**
 * The embedded server sends what the real service sends today, and the writer's check of the
 * server's tests fails when a field of today's shape is missing or a key it never sends appears.
 */

let t: TestServer;
let sessionId: string;

beforeAll(async () => ({ t, sessionId } = await signedInTestServer()));
afterAll(() => t.dispose());

const rawJson = (path: string) => rawJsonOf(t, path);

const copy = <T>(value: T): T => structuredClone(value);

function expectRefused(key: OperationKey, body: unknown, field: string): void {
  expect(() => expectModern(key, body), `${key} without ${field}`).toThrow(new RegExp(`${key}: not`));
}

describe('today’s fields', () => {
  it('films and series say softcore, in lists and in details', async () => {
    const movie = await rawJson('/3/movie/1');
    expect(movie.softcore).toBe(false);
    const { softcore: _movieSoftcore, ...oldMovie } = movie;
    expectRefused('movieDetails', oldMovie, 'softcore');

    const popular = await rawJson('/3/movie/popular');
    const items = popular.results as Array<Record<string, unknown>>;
    expect(items.every((item) => item.softcore === false)).toBe(true);
    const oldPopular = copy(popular);
    delete (oldPopular.results as Array<Record<string, unknown>>)[0]!.softcore;
    expectRefused('popularMovies', oldPopular, 'softcore on an item');

    const series = await rawJson('/3/tv/1');
    expect(series.softcore).toBe(false);
    const { softcore: _seriesSoftcore, ...oldSeries } = series;
    expectRefused('tvDetails', oldSeries, 'softcore');

    const popularTv = await rawJson('/3/tv/popular');
    expect((popularTv.results as Array<Record<string, unknown>>).every((item) => item.softcore === false)).toBe(true);
    const multi = await rawJson('/3/search/multi?query=the');
    for (const item of multi.results as Array<Record<string, unknown>>) {
      if (item.media_type !== 'person') expect(item.softcore, `${String(item.media_type)} ${String(item.id)}`).toBe(false);
    }
  });

  it('image entries carry their country, null when untagged', async () => {
    const images = await rawJson('/3/movie/1/images');
    const all = [...(images.posters as object[]), ...(images.backdrops as object[]), ...(images.logos as object[])] as Array<
      Record<string, unknown>
    >;
    expect(all.length).toBeGreaterThan(0);
    for (const image of all) {
      expect('iso_3166_1' in image).toBe(true);
      if (image.iso_639_1 === null) expect(image.iso_3166_1).toBeNull();
      else expect(image.iso_3166_1).toMatch(/^[A-Z]{2}$/);
    }
    const old = copy(images);
    delete (old.posters as Array<Record<string, unknown>>)[0]!.iso_3166_1;
    expectRefused('movieImages', old, 'iso_3166_1 on an image');

    const profiles = await rawJson('/3/person/1/images');
    for (const image of profiles.profiles as Array<Record<string, unknown>>) expect('iso_3166_1' in image).toBe(true);
    const stills = await rawJson('/3/tv/1/season/1/episode/1/images');
    for (const image of stills.stills as Array<Record<string, unknown>>) expect('iso_3166_1' in image).toBe(true);
  });

  it('tagged images carry their country, and a tagged series counts its episodes', async () => {
    let found: Record<string, unknown> | undefined;
    for (let person = 1; person <= 40 && !found; person++) {
      const tagged = await rawJson(`/3/person/${person}/tagged_images`);
      for (const image of tagged.results as Array<Record<string, unknown>>) expect('iso_3166_1' in image).toBe(true);
      if ((tagged.results as Array<Record<string, unknown>>).some((image) => image.media_type === 'tv')) found = tagged;
    }
    expect(found, 'a person tagged in a series').toBeDefined();
    const series = (found!.results as Array<{ media_type: string; media: Record<string, unknown> }>).filter((i) => i.media_type === 'tv');
    for (const image of series) expect(image.media.episode_count).toEqual(expect.any(Number));
    const old = copy(found!);
    delete (old.results as Array<{ media_type: string; media: Record<string, unknown> }>).find((i) => i.media_type === 'tv')!.media.episode_count;
    expectRefused('personTaggedImages', old, 'media.episode_count');
  });

  it('a season names its networks; an episode on its own does not name its series', async () => {
    const season = await rawJson('/3/tv/1/season/1');
    expect((season.networks as unknown[]).length).toBeGreaterThan(0);
    const { networks: _networks, ...oldSeason } = season;
    expectRefused('seasonDetails', oldSeason, 'networks');

    const episode = await rawJson('/3/tv/1/season/1/episode/1');
    expect('show_id' in episode).toBe(false);
    expectRefused('episodeDetails', { ...episode, show_id: 1 }, 'show_id (a key it never sends)');
  });

  it('lists: country on the lists of a film, numeric ids in every list answer, list details too', async () => {
    const session = `session_id=${sessionId}`;
    const created = await t.raw('POST', `/3/list?${session}`, {
      body: JSON.stringify({ name: 'Numbers' }),
      headers: { 'content-type': 'application/json' },
    });
    const listId = (created.json as { list_id: unknown }).list_id;
    expect(listId).toEqual(expect.any(Number));
    await t.raw('POST', `/3/list/${String(listId)}/add_item?${session}`, {
      body: JSON.stringify({ media_id: 1 }),
      headers: { 'content-type': 'application/json' },
    });

    const lists = await rawJson('/3/movie/1/lists');
    const summary = (lists.results as Array<Record<string, unknown>>).find((list) => list.id === listId);
    expect(summary).toMatchObject({ id: listId, iso_639_1: 'en', iso_3166_1: 'US' });
    const old = copy(lists);
    delete (old.results as Array<Record<string, unknown>>)[0]!.iso_3166_1;
    expectRefused('movieLists', old, 'iso_3166_1 on a list');

    const account = await rawJson(`/3/account?${session}`);
    const mine = await rawJson(`/3/account/${String(account.id)}/lists?${session}`);
    expect((mine.results as Array<{ id: unknown }>).every((list) => typeof list.id === 'number')).toBe(true);
    expect((await rawJson(`/3/list/${String(listId)}/item_status?movie_id=1`)).id).toBe(listId);
    // List details too, as the newest real answer (2026) writes it; the documented example has a string.
    expect((await rawJson(`/3/list/${String(listId)}`)).id).toBe(listId);
  });
});
