import { PHRASEBOOKS, type Phrasebook } from './phrasebook.js';
import { stream } from './random.js';
import { inventOriginalTitle } from './text.js';
import { ACTIONS, CLOSERS, PROTAGONISTS, TAGLINES, TWISTS } from './words.js';

/**
 * Answers in the language a request asks for, as the real service gives them: a translated
 * record's title (or name), overview and tagline replace the English ones, and `original_title`
 * stays; a record with no translation in that language keeps its English title and answers an
 * empty overview and tagline. About one record in five has none, so clients meet that offline.
 * Languages the catalog has no text in (and English) answer in English.
 */

/** Share of records with no translation in a language. */
const UNTRANSLATED_SHARE = 0.2;

export type RecordKind = 'movie' | 'series' | 'collection' | 'season' | 'episode';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (record: Json, key: string, type: 'string' | 'number') => typeof record[key] === type;

/** What an object of an answer is, by the keys the service gives each kind. */
function kindOf(record: Json): RecordKind | undefined {
  if (!has(record, 'id', 'number')) return undefined;
  if (has(record, 'title', 'string') && 'original_title' in record) return 'movie';
  if (!has(record, 'name', 'string')) return undefined;
  if (has(record, 'episode_number', 'number')) return 'episode';
  if (has(record, 'season_number', 'number')) return 'season';
  if (!('original_name' in record)) return undefined;
  return 'first_air_date' in record || 'origin_country' in record ? 'series' : 'collection';
}

/** Each English list's entries, by text, to find which ones an overview is made of. */
const lookup = (list: readonly string[]) => list.map((text, index) => [text, index] as const);
const PARTS = {
  protagonists: lookup(PROTAGONISTS),
  actions: lookup(ACTIONS),
  twists: lookup(TWISTS),
  closers: lookup(CLOSERS),
};
const TAGLINE_INDEX = new Map(TAGLINES.map((text, index) => [text as string, index]));

/**
 * An overview of the generator ("<protagonist> <action>, <twist>.[ <closer>]") in `book`'s
 * language; undefined for text it did not make.
 */
export function translateOverview(english: string, book: Phrasebook): string | undefined {
  if (english === '') return '';
  const protagonist = PARTS.protagonists.find(([text]) => english.startsWith(`${text} `));
  if (!protagonist) return undefined;
  const afterProtagonist = english.slice(protagonist[0].length + 1);
  const action = PARTS.actions.find(([text]) => afterProtagonist.startsWith(`${text}, `));
  if (!action) return undefined;
  const afterAction = afterProtagonist.slice(action[0].length + 2);
  const twist = PARTS.twists.find(([text]) => afterAction.startsWith(`${text}.`));
  if (!twist) return undefined;
  const rest = afterAction.slice(twist[0].length + 1).trim();
  const closer = rest === '' ? undefined : PARTS.closers.find(([text]) => text === rest);
  if (rest !== '' && !closer) return undefined;
  const sentences = [
    book.opening(book.protagonists[protagonist[1]]!, book.actions[action[1]]!),
    `${book.twists[twist[1]]!}${book.fullStop}`,
    ...(closer ? [book.closers[closer[1]]!] : []),
  ];
  return sentences.join(book.sentenceGap);
}

export function translateTagline(english: string, book: Phrasebook): string | undefined {
  if (english === '') return '';
  const index = TAGLINE_INDEX.get(english);
  return index === undefined ? undefined : book.taglines[index];
}

/** "de" from "de-DE" or "DE"; undefined for English and for languages the catalog has no text in. */
function phrasebookFor(language: string | undefined): [string, Phrasebook] | undefined {
  const code = /^([A-Za-z]{2})(?:-[A-Za-z]{2})?$/.exec(language ?? '')?.[1]?.toLowerCase();
  const book = code === undefined ? undefined : PHRASEBOOKS[code];
  return code !== undefined && book ? [code, book] : undefined;
}

/** Translates the records of one answer; the catalog's seed makes every choice repeatable. */
class Translator {
  constructor(
    private readonly seed: number,
    private readonly code: string,
    private readonly book: Phrasebook,
  ) {}

  translated(kind: RecordKind, id: number): boolean {
    return !stream(this.seed, `translation-${this.code}-${kind}`, id).chance(UNTRANSLATED_SHARE);
  }

  /** A title in this language: the original when the record is in it, else one made of its words. */
  title(kind: RecordKind, id: number, english: string, original: unknown, originalLanguage: unknown): string {
    if (originalLanguage === this.code && typeof original === 'string') return original;
    return inventOriginalTitle(stream(this.seed, `title-${this.code}-${kind}`, id), this.code, english);
  }

  text(record: Json, translated: boolean): Json {
    const out: Json = {};
    for (const [field, translate] of [['overview', translateOverview], ['tagline', translateTagline]] as const) {
      const english = record[field];
      if (typeof english !== 'string') continue;
      out[field] = translated ? (translate(english, this.book) ?? '') : '';
    }
    return out;
  }

  record(record: Json): Json {
    const kind = kindOf(record);
    if (!kind) return record;
    const id = record.id as number;
    const translated = this.translated(kind, id);
    const text = this.text(record, translated);
    switch (kind) {
      case 'movie':
        return translated
          ? { ...record, ...text, title: this.title(kind, id, record.title as string, record.original_title, record.original_language) }
          : { ...record, ...text };
      case 'series':
        return translated
          ? { ...record, ...text, name: this.title(kind, id, record.name as string, record.original_name, record.original_language) }
          : { ...record, ...text };
      case 'collection':
        return translated
          ? { ...record, ...text, name: this.book.collection(this.title(kind, id, record.name as string, undefined, undefined)) }
          : { ...record, ...text };
      case 'season': {
        // Seasons are named by number, in every language.
        const number = record.season_number as number;
        return { ...record, ...text, name: number === 0 ? this.book.specials : this.book.season(number) };
      }
      case 'episode': {
        const name = translated
          ? this.title(kind, id, record.name as string, undefined, undefined)
          : this.book.episode(record.episode_number as number);
        return { ...record, ...text, name };
      }
    }
  }

  answer(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.answer(item));
    if (!isRecord(value)) return value;
    const inner = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.answer(item)]));
    return this.record(inner);
  }
}

/**
 * Whether the catalog has a record in a language (English always): the languages a record's
 * translations list, and those whose requests answer it translated.
 */
export function hasTranslation(seed: number, language: string, kind: RecordKind, id: number): boolean {
  const found = phrasebookFor(language);
  return found === undefined ? language.slice(0, 2).toLowerCase() === 'en' : new Translator(seed, found[0], found[1]).translated(kind, id);
}

/** The languages the catalog has text in besides English. */
export const TRANSLATED_LANGUAGES: readonly string[] = Object.keys(PHRASEBOOKS);

/** `answer` in `language` (a new value; the answer given is not changed). */
export function inLanguage(answer: unknown, language: string | undefined, seed: number): unknown {
  const found = phrasebookFor(language);
  return found ? new Translator(seed, found[0], found[1]).answer(answer) : answer;
}

/**
 * The languages other than English a record has a translation in: those its answers in that
 * language carry translated text for (a translations answer lists these, and English).
 */
export function translatedLanguages(kind: RecordKind, id: number, seed: number): string[] {
  return Object.entries(PHRASEBOOKS)
    .filter(([code, book]) => new Translator(seed, code, book).translated(kind, id))
    .map(([code]) => code);
}
