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
// A season's and an episode's code (their ids in the ids of every site), and back.
const seasonCode = (seriesId: number, season: number) => seriesId * 100 + season;
const episodeCode = (seriesId: number, season: number, episode: number) => seriesId * 10_000 + season * 100 + episode;
const seasonOf = (code: number) => ({ seriesId: Math.floor(code / 100), season: code % 100 });
const episodeOf = (code: number) => ({ seriesId: Math.floor(code / 10_000), season: Math.floor(code / 100) % 100, episode: code % 100 });

export function imdbIdOf(target: ImdbTarget): string {
  switch (target.kind) {
    case 'movie':
      return `tt1${pad(target.id, 7)}`;
    case 'tv':
      return `tt2${pad(target.id, 7)}`;
    case 'episode':
      return `tt3${pad(episodeCode(target.seriesId, target.season, target.episode), 10)}`;
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
  if (episode) return { kind: 'episode', ...episodeOf(Number(episode[1])) };
  const person = /^nm1(\d{7})$/.exec(text);
  return person ? { kind: 'person', id: Number(person[1]) } : undefined;
}

/**
 * Whether a record carries an id of another site. Ids were once random numbers: the chance and
 * that number are still drawn, so every field drawn after them keeps its value.
 */
export function carriesId(r: Random, chance: number, numberDrawn: readonly [number, number]): boolean {
  if (!r.chance(chance)) return false;
  r.int(numberDrawn[0], numberDrawn[1]);
  return true;
}

/**
 * A record of the catalog that another site's id can name. The other sites' ids are derived from
 * what they name, as the IMDb ids are, so the find operation reads each one back without an index
 * and then checks that the record it points at carries exactly that id:
 *   TheTVDB   series 1 + id (7 digits), seasons 2 + season id (9), episodes 3 + episode id (10)
 *   Wikidata  Q, then films 1, series 2, episodes 3, people 4, seasons 5, and the padded id
 *   accounts  (Facebook, Instagram, X, TikTok, YouTube) a handle made from the title or name,
 *             then Film + id for a film, TV + id for a series, the bare id for a person
 */
export type ExternalTarget =
  | ImdbTarget
  | { readonly kind: 'season'; readonly seriesId: number; readonly season: number };

export function tvdbIdOf(target: Extract<ExternalTarget, { kind: 'tv' | 'season' | 'episode' }>): number {
  switch (target.kind) {
    case 'tv':
      return Number(`1${pad(target.id, 7)}`);
    case 'season':
      return Number(`2${pad(seasonCode(target.seriesId, target.season), 9)}`);
    case 'episode':
      return Number(`3${pad(episodeCode(target.seriesId, target.season, target.episode), 10)}`);
  }
}

export function parseTvdbId(text: string): ExternalTarget | undefined {
  const match = /^([123])(\d+)$/.exec(text);
  if (!match) return undefined;
  const [, kind, digits] = match;
  if (kind === '1' && digits!.length === 7) return { kind: 'tv', id: Number(digits) };
  if (kind === '2' && digits!.length === 9) return { kind: 'season', ...seasonOf(Number(digits)) };
  if (kind === '3' && digits!.length === 10) return { kind: 'episode', ...episodeOf(Number(digits)) };
  return undefined;
}

export function wikidataIdOf(target: ExternalTarget): string {
  switch (target.kind) {
    case 'movie':
      return `Q1${pad(target.id, 7)}`;
    case 'tv':
      return `Q2${pad(target.id, 7)}`;
    case 'episode':
      return `Q3${pad(episodeCode(target.seriesId, target.season, target.episode), 10)}`;
    case 'person':
      return `Q4${pad(target.id, 7)}`;
    case 'season':
      return `Q5${pad(seasonCode(target.seriesId, target.season), 9)}`;
  }
}

export function parseWikidataId(text: string): ExternalTarget | undefined {
  const match = /^Q([1-5])(\d+)$/.exec(text);
  if (!match) return undefined;
  const [, kind, digits] = match;
  const code = Number(digits);
  const width = digits!.length;
  if (kind === '1' && width === 7) return { kind: 'movie', id: code };
  if (kind === '2' && width === 7) return { kind: 'tv', id: code };
  if (kind === '3' && width === 10) return { kind: 'episode', ...episodeOf(code) };
  if (kind === '4' && width === 7) return { kind: 'person', id: code };
  if (kind === '5' && width === 9) return { kind: 'season', ...seasonOf(code) };
  return undefined;
}

type AccountOwner = Extract<ExternalTarget, { kind: 'movie' | 'tv' | 'person' }>;

/** The tail that makes a handle name one record: Film42, TV7, or a person's bare 833. */
function handleTail(owner: AccountOwner): string {
  return owner.kind === 'movie' ? `Film${owner.id}` : owner.kind === 'tv' ? `TV${owner.id}` : String(owner.id);
}

/** Every record a handle could name by its tail; the caller keeps the one that carries it. */
export function parseHandle(text: string): AccountOwner[] {
  const out: AccountOwner[] = [];
  const film = /film(\d+)$/i.exec(text);
  if (film) out.push({ kind: 'movie', id: Number(film[1]) });
  const series = /tv(\d+)$/i.exec(text);
  if (series) out.push({ kind: 'tv', id: Number(series[1]) });
  const person = /[a-z](\d+)$/i.exec(text);
  if (person) out.push({ kind: 'person', id: Number(person[1]) });
  return out;
}

/** A handle made from a title or a name, as studios and people name their accounts, kept unique by its tail. */
export function handleOf(owner: AccountOwner, title: string): string {
  const words = title.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  const stem = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('').slice(0, 30);
  return stem ? `${stem}${handleTail(owner)}` : '';
}

/**
 * The social accounts and Wikidata item the service keeps for a film, a series or a person,
 * each present only now and then, as in real data.
 */
export function socialIds(r: Random, owner: AccountOwner, title: string) {
  const handle = handleOf(owner, title);
  return {
    wikidata_id: carriesId(r, 0.6, [1_000_000, 120_000_000]) ? wikidataIdOf(owner) : null,
    facebook_id: handle && r.chance(0.4) ? handle : null,
    instagram_id: handle && r.chance(0.35) ? handle.toLowerCase() : null,
    twitter_id: handle && r.chance(0.3) ? handle : null,
  };
}
