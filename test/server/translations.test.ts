import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHRASEBOOKS } from '../../src/server/catalog/phrasebook.js';
import { translateOverview, translateTagline } from '../../src/server/catalog/translations.js';
import { ACTIONS, CLOSERS, PROTAGONISTS, TAGLINES, TWISTS } from '../../src/server/catalog/words.js';
import { type TestServer, expectSchema, startTestServer } from './harness.js';

/** The embedded catalog in German, French, Spanish and Japanese: titles, overviews and taglines. */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.dispose();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the phrasebooks', () => {
  it('translate every English list entry by entry', () => {
    for (const [code, book] of Object.entries(PHRASEBOOKS)) {
      expect(book.protagonists, code).toHaveLength(PROTAGONISTS.length);
      expect(book.actions, code).toHaveLength(ACTIONS.length);
      expect(book.twists, code).toHaveLength(TWISTS.length);
      expect(book.closers, code).toHaveLength(CLOSERS.length);
      expect(book.taglines, code).toHaveLength(TAGLINES.length);
    }
  });

  it('translate an overview the generator made, and nothing else', () => {
    const english = `${PROTAGONISTS[0]} ${ACTIONS[0]}, ${TWISTS[0]}. ${CLOSERS[5]}`;
    expect(translateOverview(english, PHRASEBOOKS.de!)).toBe(
      'Ein pensionierter Kartograf kehrt in eine überflutete Bergstadt zurück. Ein altes Versprechen wird fällig. Jede Entscheidung hat ihren Preis.',
    );
    expect(translateOverview(`${PROTAGONISTS[1]} ${ACTIONS[1]}, ${TWISTS[1]}.`, PHRASEBOOKS.ja!)).toBe('疎遠になった姉が崩れかけた海辺のホテルを相続する。だが過去は葬られたままではいない。');
    expect(translateOverview('Evil text the service was given.', PHRASEBOOKS.fr!)).toBeUndefined();
    expect(translateTagline(TAGLINES[10], PHRASEBOOKS.es!)).toBe('Escucha con atención.');
  });
});

describe('answers in the language asked for', () => {
  it('film details: title, overview and tagline change, original_title stays, and the same request gives the same answer', async () => {
    let translated = 0;
    for (const movie_id of ids(40)) {
      const english = await t.client.call('movieDetails', { path: { movie_id } });
      const german = await t.client.call('movieDetails', { path: { movie_id }, query: { language: 'de-DE' } });
      expectSchema('movieDetails', german);
      expect(german.original_title).toBe(english.original_title);
      expect(german.id).toBe(movie_id);
      if (german.title === english.title) continue;
      translated++;
      if (english.overview) expect(german.overview, `film ${movie_id}`).not.toBe(english.overview);
      expect(german.overview === '').toBe(english.overview === '');
      if (english.original_language === 'de') expect(german.title).toBe(english.original_title);
      expect(await t.client.call('movieDetails', { path: { movie_id }, query: { language: 'de-DE' } })).toEqual(german);
    }
    expect(translated).toBeGreaterThan(20);
  });

  it('some records have no translation: the English title, an empty overview and tagline', async () => {
    const untranslated: number[] = [];
    for (const movie_id of ids(40)) {
      const english = await t.client.call('movieDetails', { path: { movie_id } });
      const french = await t.client.call('movieDetails', { path: { movie_id }, query: { language: 'fr' } });
      if (french.title !== english.title) continue;
      untranslated.push(movie_id);
      expect(french.overview).toBe('');
      expect(french.tagline).toBe('');
    }
    expect(untranslated.length).toBeGreaterThan(1);
    expect(untranslated.length).toBeLessThan(20);
  });

  it('lists, search, series, seasons and episodes are translated too; English and unknown languages are not', async () => {
    const popular = await t.client.call('popularMovies', {});
    const spanish = await t.client.call('popularMovies', { query: { language: 'es-ES' } });
    expectSchema('popularMovies', spanish);
    expect(spanish.results.map((m) => m.id)).toEqual(popular.results.map((m) => m.id));
    expect(spanish.results.filter((m, i) => m.title !== popular.results[i]!.title).length).toBeGreaterThan(10);

    const search = await t.client.call('searchMulti', { query: { query: popular.results[0]!.title.split(' ')[0]!, language: 'ja' } });
    expectSchema('searchMulti', search);

    const seriesId = (await t.client.call('popularTv', {})).results[0]!.id;
    const series = await t.client.call('tvDetails', { path: { series_id: seriesId }, query: { language: 'de' } });
    expectSchema('tvDetails', series);
    expect(series.seasons.filter((s) => s.season_number > 0).map((s) => s.name)).toEqual(
      series.seasons.filter((s) => s.season_number > 0).map((s) => `Staffel ${s.season_number}`),
    );
    const season = await t.client.call('seasonDetails', { path: { series_id: seriesId, season_number: 1 }, query: { language: 'fr-FR' } });
    expectSchema('seasonDetails', season);
    expect(season.name).toBe('Saison 1');
    const englishSeason = await t.client.call('seasonDetails', { path: { series_id: seriesId, season_number: 1 } });
    expect(season.episodes.filter((e, i) => e.name !== englishSeason.episodes[i]!.name).length).toBe(season.episodes.length);
    const episode = await t.client.call('episodeDetails', { path: { series_id: seriesId, season_number: 1, episode_number: 1 }, query: { language: 'es' } });
    expectSchema('episodeDetails', episode);
    expect(episode.name).not.toBe(englishSeason.episodes[0]!.name);

    expect(await t.client.call('popularMovies', { query: { language: 'en-GB' } })).toEqual(popular);
    expect(await t.client.call('popularMovies', { query: { language: 'it-IT' } })).toEqual(popular);
  });
});
