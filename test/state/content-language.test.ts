import { describe, expect, it } from 'vitest';
import type { CallArgs } from '../../src/api/types.js';
import type { OperationKey } from '../../src/contract/index.js';
import { englishFields, withLanguage, withContentLanguage } from '../../src/state/words/content-language.js';
import type { CatalogApi } from '../../src/state/index.js';

type Sent = { op: OperationKey; query: Record<string, unknown> };

/** A client that answers from `answer` and records what it was asked. */
function recordingClient(answer: (op: OperationKey, query: Record<string, unknown>) => unknown) {
  const sent: Sent[] = [];
  const client: CatalogApi = {
    call: async <K extends OperationKey>(op: K, args: CallArgs<K>) => {
      const query = { ...(args.query ?? {}) } as Record<string, unknown>;
      sent.push({ op, query });
      return answer(op, query) as never;
    },
  };
  return { client, sent };
}

describe('the content language on each read', () => {
  it('goes on every read whose contract row takes a language, and on no write', () => {
    expect(withLanguage('popularMovies', { page: 2 }, 'de-DE')).toEqual({ page: 2, language: 'de-DE' });
    expect(withLanguage('searchMulti', { query: 'x' }, 'ja')).toEqual({ query: 'x', language: 'ja' });
    expect(withLanguage('tvDetails', {}, 'fr-FR')).toEqual({ language: 'fr-FR' });
    // No language parameter in the row: nothing is added.
    expect(withLanguage('tvKeywords', {}, 'fr-FR')).toEqual({});
    expect(withLanguage('createList', {}, 'fr-FR')).toEqual({});
    // A caller that names a language keeps it.
    expect(withLanguage('collectionDetails', { language: 'es' }, 'de-DE')).toEqual({ language: 'es' });
  });

  it('asks image reads and image appends for the language and the untagged images', () => {
    expect(withLanguage('movieImages', {}, 'de-DE')).toEqual({ language: 'de-DE', include_image_language: 'de,null' });
    expect(withLanguage('episodeImages', {}, 'pt-BR')).toEqual({ language: 'pt-BR', include_image_language: 'pt,null' });
    expect(withLanguage('movieDetails', { append_to_response: 'images,videos' }, 'ja-JP')).toEqual({
      append_to_response: 'images,videos', language: 'ja-JP', include_image_language: 'ja,null',
    });
    // No images appended: no image filter.
    expect(withLanguage('movieDetails', {}, 'ja-JP')).toEqual({ language: 'ja-JP' });
    // A screen's own image filter stays exactly as it is.
    expect(withLanguage('episodeImages', { include_image_language: 'null' }, 'de-DE')).toEqual({ include_image_language: 'null' });
  });
});

describe('the English fallback of an overview or tagline', () => {
  const german = { id: 5, title: 'Der Fluss', overview: '', tagline: 'Hör genau hin.' };
  const english = { id: 5, title: 'The River', overview: 'A retired cartographer returns.', tagline: 'Listen closely.' };

  it('asks the record once more in English and marks the field it took from there', async () => {
    const { client, sent } = recordingClient((_op, query) => (query.language === 'en-US' ? english : german));
    const api = withContentLanguage(client, () => 'de-DE');
    const movie = (await api.call('movieDetails', { path: { movie_id: 5 }, query: { append_to_response: 'images' } })) as typeof german;
    expect(movie).toMatchObject({ title: 'Der Fluss', overview: 'A retired cartographer returns.', tagline: 'Hör genau hin.' });
    expect(englishFields(movie)).toEqual(['overview']);
    expect(sent).toEqual([
      { op: 'movieDetails', query: { append_to_response: 'images', language: 'de-DE', include_image_language: 'de,null' } },
      { op: 'movieDetails', query: { language: 'en-US' } },
    ]);
  });

  it('asks nothing more when the text is there, the language is English, or the read is a list', async () => {
    const { client, sent } = recordingClient((op) => (op === 'popularMovies' ? { page: 1, results: [german] } : german));
    await withContentLanguage(client, () => 'de-DE').call('popularMovies', {});
    await withContentLanguage(client, () => 'en-GB').call('movieDetails', { path: { movie_id: 5 } });
    const full = await withContentLanguage(recordingClient(() => english).client, () => 'de').call('movieDetails', { path: { movie_id: 5 } });
    expect(sent.map((s) => s.query.language)).toEqual(['de-DE', 'en-GB']);
    expect(englishFields(full)).toEqual([]);
  });

  it("fills a season's episodes from the English season, by episode number", async () => {
    const season = { id: 9, name: 'Staffel 1', overview: 'Alles beginnt.', episodes: [{ episode_number: 1, overview: '' }, { episode_number: 2, overview: 'Zwei.' }] };
    const englishSeason = { id: 9, name: 'Season 1', overview: 'It starts.', episodes: [{ episode_number: 1, overview: 'One.' }, { episode_number: 2, overview: 'Two.' }] };
    const { client } = recordingClient((_op, query) => (query.language === 'en-US' ? englishSeason : season));
    const answer = (await withContentLanguage(client, () => 'de-DE').call('seasonDetails', { path: { series_id: 1, season_number: 1 } })) as typeof season;
    expect(answer.overview).toBe('Alles beginnt.');
    expect(answer.episodes.map((e) => e.overview)).toEqual(['One.', 'Zwei.']);
    expect(englishFields(answer.episodes[0])).toEqual(['overview']);
    expect(englishFields(answer.episodes[1])).toEqual([]);
  });

  it('shows the record with its blanks when the English request fails', async () => {
    const { client } = recordingClient((_op, query) => {
      if (query.language === 'en-US') throw new Error('network down');
      return german;
    });
    const movie = await withContentLanguage(client, () => 'de-DE').call('movieDetails', { path: { movie_id: 5 } });
    expect(movie).toEqual(german);
    expect(englishFields(movie)).toEqual([]);
  });
});
