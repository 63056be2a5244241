import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_APPENDED_PARTS, STATUS_CODES } from '../../src/contract/index.js';
import { type RawResponse, type TestServer, rawJson, signedInTestServer } from './harness.js';
import { expectModern } from './modern-client.js';

/**
 * append_to_response: one request answers a record's details and the parts asked for, each as
 * its own operation answers without the id; parts the server does not answer are left out; more
 * than 20 parts is refused in the service's envelope.
 */

let t: TestServer;
let sessionId: string;

beforeAll(async () => ({ t, sessionId } = await signedInTestServer()));
afterAll(() => t.dispose());

const json = (path: string) => rawJson(t, path);

const withoutId = (body: Record<string, unknown>) => {
  const { id: _id, ...rest } = body;
  return rest;
};

function expectEnvelope(response: RawResponse, code: keyof typeof STATUS_CODES): void {
  expect(response.status).toBe(STATUS_CODES[code].http);
  expect(response.json).toEqual({ success: false, status_code: code, status_message: STATUS_CODES[code].message });
}

describe('append_to_response', () => {
  it('adds a film’s images, filtered by the request’s languages like the images operation', async () => {
    const details = await json('/3/movie/1');
    const withImages = await json('/3/movie/1?append_to_response=images');
    expect(withoutId(await json('/3/movie/1/images?language=en-US'))).toEqual(withImages.images);
    const { images: _images, ...rest } = withImages;
    expect(rest).toEqual(details);
    expectModern('movieDetails', withImages);

    const languages = 'language=fr-FR&include_image_language=en,null';
    const filtered = await json(`/3/movie/1?append_to_response=images&${languages}`);
    expect(filtered.images).toEqual(withoutId(await json(`/3/movie/1/images?${languages}`)));

    const read = await t.client.call('movieDetails', { path: { movie_id: 1 }, query: { append_to_response: 'images' } });
    expect(read.images?.posters.length).toBe((withImages.images as { posters: unknown[] }).posters.length);
  });

  it('adds a series’ keywords, an episode’s images and external ids, a person’s images', async () => {
    const series = await json('/3/tv/1?append_to_response=keywords');
    expect(series.keywords).toEqual(withoutId(await json('/3/tv/1/keywords')));
    expectModern('tvDetails', series);

    const episodePath = '/3/tv/1/season/1/episode/1';
    const episode = await json(`${episodePath}?append_to_response=images,external_ids&include_image_language=null`);
    expect(episode.images).toEqual(withoutId(await json(`${episodePath}/images?language=en-US&include_image_language=null`)));
    expect(episode.external_ids).toEqual(withoutId(await json(`${episodePath}/external_ids`)));
    expectModern('episodeDetails', episode);

    const person = await json('/3/person/1?append_to_response=images');
    expect(person.images).toEqual(withoutId(await json('/3/person/1/images')));
    expectModern('personDetails', person);
  });

  it('adds the parts a film and a series screen show, each as its own operation answers in the same language', async () => {
    const language = 'language=de-DE';
    const film = await json(`/3/movie/3?append_to_response=videos,watch/providers,recommendations,similar,lists,external_ids&${language}`);
    expectModern('movieDetails', film);
    expect(film.videos).toEqual(withoutId(await json(`/3/movie/3/videos?${language}`)));
    expect(film['watch/providers']).toEqual(withoutId(await json('/3/movie/3/watch/providers')));
    expect(film.recommendations).toEqual(await json(`/3/movie/3/recommendations?${language}`));
    expect(film.similar).toEqual(await json(`/3/movie/3/similar?${language}`));
    expect(film.lists).toEqual(withoutId(await json(`/3/movie/3/lists?${language}`)));
    expect(film.external_ids).toEqual(withoutId(await json('/3/movie/3/external_ids')));
    expect((film.recommendations as { page: number; results: unknown[] }).results.length).toBeGreaterThan(0);

    const series = await json(`/3/tv/2?append_to_response=keywords,videos,watch/providers,recommendations,similar,external_ids&${language}`);
    expectModern('tvDetails', series);
    expect(series.videos).toEqual(withoutId(await json(`/3/tv/2/videos?${language}`)));
    expect(series['watch/providers']).toEqual(withoutId(await json('/3/tv/2/watch/providers')));
    expect(series.recommendations).toEqual(await json(`/3/tv/2/recommendations?${language}`));
    expect(series.similar).toEqual(await json(`/3/tv/2/similar?${language}`));
    expect(series.external_ids).toEqual(withoutId(await json('/3/tv/2/external_ids')));

    const read = await t.client.call('movieDetails', { path: { movie_id: 3 }, query: { append_to_response: 'recommendations,watch/providers' } });
    expect(read.recommendations?.results.map((r) => r.id)).toEqual((film.recommendations as { results: Array<{ id: number }> }).results.map((r) => r.id));
    expect(read['watch/providers']?.results).toEqual((film['watch/providers'] as { results: unknown }).results);
  });

  it("adds a season's account states for the caller a session names, and keeps that answer private", async () => {
    await t.client.call('rateEpisode', { path: { series_id: 1, season_number: 1, episode_number: 2 }, body: { value: 7.5 }, session: { sessionId } });
    const path = `/3/tv/1/season/1?append_to_response=account_states&session_id=${sessionId}`;
    const response = await t.raw('GET', path);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const season = response.json as Record<string, unknown>;
    expectModern('seasonDetails', season);
    expect(season.account_states).toEqual(withoutId(await json(`/3/tv/1/season/1/account_states?session_id=${sessionId}`)));
    const states = season.account_states as { results: Array<{ episode_number: number; rated: unknown }> };
    expect(states.results.find((e) => e.episode_number === 2)?.rated).toEqual({ value: 7.5 });

    // A guest session sees its own ratings, not the user's.
    const { guest_session_id } = await t.client.call('createGuestSession');
    const guest = await json(`/3/tv/1/season/1?append_to_response=account_states&guest_session_id=${guest_session_id}`);
    expect((guest.account_states as typeof states).results.every((e) => e.rated === false)).toBe(true);

    // Without a session the part is left out, and the answer may be cached like any season.
    const anonymous = await t.raw('GET', '/3/tv/1/season/1?append_to_response=account_states');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).not.toHaveProperty('account_states');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    // A session that does not exist is refused, as by the account states operation itself.
    expectEnvelope(await t.raw('GET', '/3/tv/1/season/1?append_to_response=account_states&session_id=not-a-session'), 3);
  });

  it('leaves out parts it does not answer, and answers each part once', async () => {
    const details = await json('/3/movie/2');
    const unknown = 'changes,account_states,no_such_part,__proto__,constructor,id,title';
    expect(await json(`/3/movie/2?append_to_response=${unknown}`)).toEqual(details);
    expect(await json('/3/movie/2?append_to_response=')).toEqual(details);
    const twice = await json('/3/movie/2?append_to_response=images,,images,%20images%20');
    expect(Object.keys(twice).filter((key) => key === 'images')).toHaveLength(1);
    const person = await json('/3/person/2');
    expect(await json('/3/person/2?append_to_response=movie_credits,tagged_images,changes')).toEqual(person);
  });

  it(`takes at most ${MAX_APPENDED_PARTS} parts; more is 400 status_code 27 on every record`, async () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'images' : `part${i}`)).join(',');
    const twenty = await json(`/3/movie/1?append_to_response=${parts(MAX_APPENDED_PARTS)}`);
    expect(twenty).toHaveProperty('images');
    for (const record of ['/3/movie/1', '/3/tv/1', '/3/tv/1/season/1', '/3/tv/1/season/1/episode/1', '/3/person/1']) {
      expectEnvelope(await t.raw('GET', `${record}?append_to_response=${parts(MAX_APPENDED_PARTS + 1)}`), 27);
    }
    // Repeating a part still counts: the service counts what it is asked, not what it answers.
    expectEnvelope(await t.raw('GET', `/3/movie/1?append_to_response=${Array(MAX_APPENDED_PARTS + 1).fill('images').join(',')}`), 27);
  });

  it('refuses a record that does not exist, whatever it appends', async () => {
    expectEnvelope(await t.raw('GET', '/3/movie/999999?append_to_response=images'), 34);
    expectEnvelope(await t.raw('GET', '/3/tv/1/season/99?append_to_response=account_states'), 34);
  });
});
