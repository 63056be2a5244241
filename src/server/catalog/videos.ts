import { dateAt } from './calendar.js';
import { stream } from './random.js';

/**
 * The videos of a film or series: mostly YouTube trailers and teasers, with real-looking keys
 * (11 characters of YouTube's alphabet) and ids (24 hex digits), drawn per title from the seed.
 * Most titles have a trailer; a few have none. Videos are in English, and some also in the
 * title's original language.
 */

export type VideoEntry = {
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  key: string;
  site: string;
  size: number;
  type: string;
  official: boolean;
  published_at: string;
  id: string;
};

const EXTRA_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['Teaser', 4],
  ['Clip', 3],
  ['Featurette', 2],
  ['Behind the Scenes', 1],
];

const YOUTUBE_KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';

function drawn(next: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

const REGION_OF_LANGUAGE: Readonly<Record<string, string>> = { en: 'US', fr: 'FR', de: 'DE', es: 'ES', it: 'IT', ja: 'JP', ko: 'KR', pt: 'BR', hi: 'IN', sv: 'SE', nl: 'NL' };

/**
 * A title's videos, newest first as the service lists them. `releaseOffset` is the day the
 * title came out (or comes out), from today: videos are published before it and up to today.
 */
export function titleVideos(seed: number, kind: 'movie' | 'tv' | 'season' | 'episode', id: number, title: string, originalLanguage: string, releaseOffset: number, today: number): VideoEntry[] {
  const r = stream(seed, `videos-${kind}`, id);
  if (r.chance(0.08)) return [];
  const next = () => r.next();
  const count = r.int(1, 5);
  const videos: VideoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const type = i === 0 ? 'Trailer' : r.weighted([...EXTRA_TYPES, ['Trailer', 2]]);
    const language = i > 0 && originalLanguage !== 'en' && r.chance(0.4) ? originalLanguage : 'en';
    // Published up to four months before the release, and never after today.
    const publishedOffset = Math.min(0, releaseOffset - r.int(0, 120));
    const seconds = r.int(0, 86_399);
    const time = new Date(((today + publishedOffset) * 86_400 + seconds) * 1000).toISOString().slice(10, 19);
    videos.push({
      iso_639_1: language,
      iso_3166_1: REGION_OF_LANGUAGE[language] ?? 'US',
      name: type === 'Trailer' && i === 0 ? `${title} | Official Trailer` : `${title} - ${type}${i > 1 ? ` ${i}` : ''}`,
      key: drawn(next, YOUTUBE_KEY, 11),
      site: 'YouTube',
      size: r.pick([720, 1080, 1080, 2160]),
      type,
      official: r.chance(0.8),
      published_at: `${dateAt(today, publishedOffset)}${time}.000Z`,
      id: drawn(next, HEX, 24),
    });
  }
  return videos.sort((a, b) => b.published_at.localeCompare(a.published_at));
}

/** The languages a videos request asks for: `language`'s, plus include_video_language's. */
export function videoLanguages(language: string | undefined, include: string | undefined): Set<string> {
  const wanted = new Set<string>();
  if (language) wanted.add(language.slice(0, 2).toLowerCase());
  for (const code of (include ?? '').split(',')) if (code.trim()) wanted.add(code.trim().toLowerCase());
  return wanted;
}

