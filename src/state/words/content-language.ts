import type { CallArgs } from '../../api/types.js';
// The contract's modules by name, not its index: the index would load every schema at start-up.
import { endpoints } from '../../contract/endpoints.js';
import type { OperationKey, ResponseOf } from '../../contract/index.js';
import { SERVICE_LANGUAGE, imageLanguagesFor, isEnglish } from '../../contract/locale.js';
import { passImageBytes, type CatalogApi } from '../deps.js';

/**
 * The content language, applied in one place: every read whose contract row takes `language`
 * is asked in the chosen language, and image reads (and image appends) also take the untagged
 * images (`include_image_language=de,null`), or a poster without text would be left out. A
 * caller that names a language or an image filter itself keeps it.
 *
 * A record whose overview or tagline has no translation answers them empty: it is asked again
 * in English (one request, which the client caches like any other) and the English text is
 * used, marked so a screen can say it is not in the chosen language.
 */

/** Fields a record may show in English because the chosen language has no text for them. */
export type EnglishField = 'overview' | 'tagline';

const ENGLISH = new WeakMap<object, readonly EnglishField[]>();

/** The fields of `record` (an answer, or an episode of a season's answer) that are the English text. */
export function englishFields(record: object | null | undefined): readonly EnglishField[] {
  return (record && ENGLISH.get(record)) || [];
}

/** Records whose overview and tagline are worth asking again in English: the details screens. */
const DETAILS: ReadonlySet<OperationKey> = new Set<OperationKey>([
  'movieDetails', 'tvDetails', 'seasonDetails', 'episodeDetails', 'collectionDetails',
]);

type Query = Readonly<Record<string, string | number | boolean | undefined>>;

const appends = (query: Query, part: string) =>
  String(query.append_to_response ?? '').split(',').map((p) => p.trim()).includes(part);

/** The query a read is sent with in `language`. */
export function withLanguage(op: OperationKey, query: Query, language: string): Query {
  const spec = endpoints[op];
  if (spec.method !== 'GET') return query;
  const takes = (name: string) => Object.hasOwn(spec.query, name);
  const out: Record<string, string | number | boolean | undefined> = { ...query };
  // An image read with a filter of its own: the language would widen it.
  const ownImageFilter = takes('include_image_language') && query.include_image_language !== undefined;
  if (takes('language') && query.language === undefined && !ownImageFilter) out.language = language;
  const readsImages = !takes('append_to_response') || appends(query, 'images');
  if (takes('include_image_language') && query.include_image_language === undefined && readsImages) {
    out.include_image_language = imageLanguagesFor(String(out.language ?? language));
  }
  return out;
}

const isBlank = (text: unknown) => typeof text !== 'string' || text.trim() === '';

interface TextRecord {
  readonly overview?: string | null;
  readonly tagline?: string | null;
}

/** `record` with its blank overview and tagline taken from `english`, marked; itself when none was. */
function filledIn<T extends TextRecord>(record: T, english: TextRecord | undefined): T {
  if (!english) return record;
  const fields = (['overview', 'tagline'] as const).filter(
    (field) => field in record && isBlank(record[field]) && !isBlank(english[field]),
  );
  if (fields.length === 0) return record;
  const out = { ...record, ...Object.fromEntries(fields.map((field) => [field, english[field]])) } as T;
  ENGLISH.set(out, fields);
  return out;
}

function needsEnglish(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const record = answer as TextRecord & { episodes?: readonly TextRecord[] | null };
  return (
    ('overview' in record && isBlank(record.overview)) ||
    ('tagline' in record && isBlank(record.tagline)) ||
    (record.episodes ?? []).some((episode) => isBlank(episode.overview))
  );
}

/** A season's episodes are filled in from the English season, matched by episode number. */
function withEnglish<T>(answer: T, english: unknown): T {
  const record = filledIn(answer as TextRecord, english as TextRecord);
  const episodes = (answer as { episodes?: readonly (TextRecord & { episode_number?: number })[] | null }).episodes;
  const englishEpisodes = (english as { episodes?: readonly (TextRecord & { episode_number?: number })[] | null }).episodes;
  if (!episodes || !englishEpisodes) return record as T;
  const byNumber = new Map(englishEpisodes.map((episode) => [episode.episode_number, episode]));
  const filled = episodes.map((episode) => filledIn(episode, byNumber.get(episode.episode_number)));
  if (filled.every((episode, i) => episode === episodes[i])) return record as T;
  const out = { ...record, episodes: filled };
  const marked = ENGLISH.get(record);
  if (marked) ENGLISH.set(out, marked);
  return out as T;
}

/** The client as the store uses it, asking every read in `language()` (read at each call, so a change applies at once). */
export function withContentLanguage(client: CatalogApi, language: () => string): CatalogApi {
  return {
    async call<K extends OperationKey>(op: K, args: CallArgs<K>): Promise<ResponseOf<K>> {
      const query = withLanguage(op, (args.query ?? {}), language());
      const answer = await client.call(op, { ...args, query });
      const asked = typeof query.language === 'string' ? query.language : undefined;
      if (!DETAILS.has(op) || asked === undefined || isEnglish(asked) || !needsEnglish(answer)) return answer;
      // The record itself in English, without the parts appended to it: only its text is wanted.
      const english = await client
        .call(op, { ...args, query: { language: SERVICE_LANGUAGE } })
        // Without the English text the record still shows, with its blanks.
        .catch(() => undefined);
      return english === undefined ? answer : withEnglish(answer, english);
    },
    imageBytes: passImageBytes(client),
    close: client.close ? () => client.close?.() : undefined,
  };
}
