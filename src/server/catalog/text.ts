import { ORIGINAL_LANGUAGES } from './languages.js';
import type { Random } from './random.js';
import {
  ACTIONS, ADJECTIVES, CLOSERS, FIRST_NAMES, NOUNS, ORIGINAL_TITLE_WORDS, PLACES, PROTAGONISTS,
  SURNAME_COMBINATIONS, TAGLINES, TOWN_HEADS, TOWN_TAILS, TWISTS, surname,
} from './words.js';

/** Invented titles, names and overviews, each a combination of the word lists. */

export function inventTitle(r: Random): string {
  const [a, b] = r.sample(NOUNS, 2) as [string, string];
  switch (r.int(0, 6)) {
    case 0:
      return `The ${r.pick(ADJECTIVES)} ${a}`;
    case 1:
      return `${a} of ${r.pick(PLACES)}`;
    case 2:
      return `${r.pick(ADJECTIVES)} ${a}`;
    case 3:
      return `${r.pick(FIRST_NAMES)}'s ${a}`;
    case 4:
      return `The ${a} and the ${b}`;
    case 5:
      return `${a} ${r.int(2, 99)}`;
    default:
      return `${r.pick(ADJECTIVES)} ${a}, ${r.pick(ADJECTIVES)} ${b}`;
  }
}

/** A title in the film's own language, when we have words for it; otherwise the title itself. */
export function inventOriginalTitle(r: Random, language: string, fallback: string): string {
  const words = ORIGINAL_TITLE_WORDS[language];
  if (!words) return fallback;
  const [a, b] = r.sample(words.nouns, 2) as [string, string];
  const template = words.template ?? '{a} {and} {b}';
  // Every German noun here starts with its article, which is lower case mid-title as in any
  // other language: "Der Sturm und die Stille".
  const lowerB = b.charAt(0).toLowerCase() + b.slice(1);
  return template.replace('{a}', a).replace('{and}', words.and).replace('{b}', lowerB);
}

/**
 * A new film's, collection's or series' original language (as common as it is in the catalog),
 * its title and its title in that language, drawn in this order: a catalog of one seed stays the same.
 */
export function inventTitleInLanguage(r: Random): { language: string; title: string; originalTitle: string } {
  const language = r.weighted(ORIGINAL_LANGUAGES);
  const title = inventTitle(r);
  return { language, title, originalTitle: inventOriginalTitle(r, language, title) };
}

const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI'];

/** The title of part `part` (0-based) of a series of films named `base`. */
export function sequelTitle(base: string, part: number, subtitle: string | undefined): string {
  if (part === 0) return base;
  return subtitle ? `${base}: ${subtitle}` : `${base} ${ROMAN[part + 1] ?? String(part + 1)}`;
}

export function inventOverview(r: Random): string {
  const first = `${r.pick(PROTAGONISTS)} ${r.pick(ACTIONS)}, ${r.pick(TWISTS)}.`;
  return r.chance(0.6) ? `${first} ${r.pick(CLOSERS)}` : first;
}

export function inventTagline(r: Random): string {
  return r.chance(0.7) ? r.pick(TAGLINES) : '';
}

export function inventPersonName(r: Random): string {
  const first = r.pick(FIRST_NAMES);
  const combination = r.int(0, SURNAME_COMBINATIONS - 1);
  return `${first} ${surname(combination)}`;
}

export function inventTown(r: Random): string {
  return r.pick(TOWN_HEADS) + r.pick(TOWN_TAILS);
}

export function inventEpisodeTitle(r: Random): string {
  switch (r.int(0, 3)) {
    case 0:
      return `The ${r.pick(NOUNS)}`;
    case 1:
      return `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
    case 2:
      return `${r.pick(NOUNS)} at ${r.pick(PLACES)}`;
    default:
      return `Chapter ${r.int(1, 40)}: ${r.pick(NOUNS)}`;
  }
}

/** A 24-digit hex id, the shape the real service uses for credit and image ids. */
export function objectId(r: Random): string {
  let out = '';
  for (let i = 0; i < 24; i++) out += '0123456789abcdef'[Math.floor(r.next() * 16)];
  return out;
}
