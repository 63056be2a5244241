/**
 * IMDb-style ids of the generated catalog. Each is derived from what it names, so the find
 * operation can read one back without an index: a kind digit, then the catalog id padded.
 *   films     tt1 + id (7 digits)            tt10000042
 *   series    tt2 + id (7 digits)            tt20000007
 *   episodes  tt3 + episode id (10 digits)   tt30000070102 (series 7, season 1, episode 2)
 *   people    nm1 + id (7 digits)            nm10000315
 * Not every film, episode or person has one (as in real data): a well-formed id still names
 * nothing unless the record itself carries it, which the find handler checks.
 */

import type { Random } from './random.js';

export type ImdbTarget =
  | { readonly kind: 'movie'; readonly id: number }
  | { readonly kind: 'tv'; readonly id: number }
  | { readonly kind: 'episode'; readonly seriesId: number; readonly season: number; readonly episode: number }
  | { readonly kind: 'person'; readonly id: number };

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export function imdbIdOf(target: ImdbTarget): string {
  switch (target.kind) {
    case 'movie':
      return `tt1${pad(target.id, 7)}`;
    case 'tv':
      return `tt2${pad(target.id, 7)}`;
    case 'episode':
      return `tt3${pad(target.seriesId * 10_000 + target.season * 100 + target.episode, 10)}`;
    case 'person':
      return `nm1${pad(target.id, 7)}`;
  }
}

/** What an id of this catalog's form names, or undefined when it is not of that form. */
export function parseImdbId(text: string): ImdbTarget | undefined {
  const title = /^tt([12])(\d{7})$/.exec(text);
  if (title) {
    const id = Number(title[2]);
    return title[1] === '1' ? { kind: 'movie', id } : { kind: 'tv', id };
  }
  const episode = /^tt3(\d{10})$/.exec(text);
  if (episode) {
    const code = Number(episode[1]);
    return { kind: 'episode', seriesId: Math.floor(code / 10_000), season: Math.floor(code / 100) % 100, episode: code % 100 };
  }
  const person = /^nm1(\d{7})$/.exec(text);
  return person ? { kind: 'person', id: Number(person[1]) } : undefined;
}

/**
 * Whether a record carries an IMDb id. Ids were once random numbers: the chance and that
 * number are still drawn, so every field drawn after them keeps its value.
 */
export function carriesImdbId(r: Random, chance: number, numberDrawn: readonly [number, number]): boolean {
  if (!r.chance(chance)) return false;
  r.int(numberDrawn[0], numberDrawn[1]);
  return true;
}

/**
 * The social accounts and Wikidata item the service keeps for a film or a series: a handle made
 * from the title (as studios name theirs), each present only now and then, as in real data.
 */
export function socialIds(r: Random, title: string) {
  const handle = title.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('').slice(0, 30);
  return {
    wikidata_id: r.chance(0.6) ? `Q${r.int(1_000_000, 120_000_000)}` : null,
    facebook_id: handle && r.chance(0.4) ? handle : null,
    instagram_id: handle && r.chance(0.35) ? handle.toLowerCase() : null,
    twitter_id: handle && r.chance(0.3) ? handle : null,
  };
}
