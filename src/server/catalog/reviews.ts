import { dateAt } from './calendar.js';
import { type Random, base62, stream } from './random.js';
import { FIRST_NAMES, surname, SURNAME_COMBINATIONS } from './words.js';

/**
 * Reviews of films and series: one catalog, each review with an id of the service's shape (24
 * hex digits) that says whose it is, so a review id taken from any list opens on its own. The
 * text is as users write it on the real service: paragraphs split by \r\n, markdown-ish
 * emphasis, quotes and lists, and now and then a terminal escape pasted in with it.
 */

export type ReviewedKind = 'movie' | 'tv';

/** The first hex digit of a review id: whose review it is. */
const KIND_DIGIT: Readonly<Record<ReviewedKind, string>> = { movie: '5', tv: '6' };

export interface ReviewedTitle {
  kind: ReviewedKind;
  id: number;
  title: string;
  /** Its release or first air day, as an offset from today. */
  releaseOffset: number;
  popularity: number;
}

const OPENINGS = [
  'I went in expecting very little and came out **genuinely moved**.',
  'This is one of those titles that gets better the more you think about it.',
  'Honestly? _Overrated._ But not without its charms.',
  'A slow start, but the second half more than makes up for it.',
  'The performances carry it, even when the script stumbles.',
  'I have watched it three times now and still notice new things.',
  'Not for everyone, and that is exactly why I liked it.',
  'Gorgeous to look at, frustrating to sit through.',
];
const MIDDLES = [
  'The score does a lot of the heavy lifting, and the editing keeps things moving without feeling rushed.',
  'Some of the dialogue is clunky, but the quieter scenes are **beautifully** judged.',
  'The supporting cast deserves more credit than it will get; every small part feels lived in.',
  'It borrows freely from older films, yet somehow never feels like a copy.',
  'The pacing in the middle sags, and one subplot goes nowhere at all.',
  'What stayed with me was the ending: earned, unshowy and a little cruel.',
  'The camera work is patient in a way that rewards paying attention.',
];
const LISTS = [
  ['the opening ten minutes', 'the night-time chase', 'that final shot'],
  ['great lead performance', 'muddled third act', 'a soundtrack worth buying'],
  ['pacing', 'photography', 'the ending'],
];
const QUOTES = [
  '> Some doors, once opened, never close.',
  '> Every choice has a price.',
  '> Hold on to what matters.',
];
const CLOSINGS = [
  'Recommended.', 'Worth a watch on a rainy evening.', 'I will be thinking about this one for a while.',
  'Skip it unless you are a completist.', 'Go in knowing as little as possible.', 'A solid effort overall.',
];
/** Text pasted from a terminal or another site: what a client must show safely. */
const PASTED = ['\u001b[1mMUST SEE\u001b[0m', '\u001b[31mspoilers below\u001b[0m', '\u001b]0;hello\u0007', '\u001b[2J'];

function reviewCount(seed: number, title: ReviewedTitle): number {
  if (title.releaseOffset > 0) return 0;
  const r = stream(seed, `review-count-${title.kind}`, title.id);
  const base = r.weighted([[0, 5], [1, 3], [2, 2], [3, 1]] as const);
  // The titles people talk about get reviewed most: the most popular ones over more than a page.
  return title.popularity >= 200 ? base + r.int(21, 40) : title.popularity >= 40 ? base + r.int(1, 6) : base;
}

function content(r: Random): string {
  const paragraphs = [r.pick(OPENINGS)];
  for (let i = r.int(1, 4); i > 0; i--) {
    switch (r.int(0, 4)) {
      case 0:
        paragraphs.push(r.pick(QUOTES));
        break;
      case 1:
        paragraphs.push(r.pick(LISTS).map((item) => `- ${item}`).join('\r\n'));
        break;
      default:
        paragraphs.push(r.sample(MIDDLES, r.int(1, 3)).join(' '));
    }
  }
  if (r.chance(0.08)) paragraphs.push(`${r.pick(PASTED)} ${r.pick(MIDDLES)}`);
  paragraphs.push(r.pick(CLOSINGS));
  return paragraphs.join('\r\n\r\n');
}

/** 2023-04-01T17:51:53.359Z: a moment of the day `offset` days from today. */
function timestamp(r: Random, today: number, offset: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${dateAt(today, offset)}T${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}.${pad(r.int(0, 999), 3)}Z`;
}

/** The review id: kind digit, title id and review number in hex, then digits drawn from the seed. */
function reviewId(seed: number, title: ReviewedTitle, index: number): string {
  const tail = base62(stream(seed, 'review-id', title.id, index, title.kind === 'movie' ? 0 : 1), 13)
    .split('')
    .map((c) => (c.charCodeAt(0) % 16).toString(16))
    .join('');
  return `${KIND_DIGIT[title.kind]}${title.id.toString(16).padStart(8, '0')}${index.toString(16).padStart(2, '0')}${tail}`;
}

/** What a review id names: whose review, and which; undefined for ids of no review's shape. */
export function parseReviewId(text: string): { kind: ReviewedKind; id: number; index: number } | undefined {
  const match = /^([56])([0-9a-f]{8})([0-9a-f]{2})[0-9a-f]{13}$/.exec(text);
  if (!match) return undefined;
  return { kind: match[1] === '5' ? 'movie' : 'tv', id: Number.parseInt(match[2]!, 16), index: Number.parseInt(match[3]!, 16) };
}

/** One review of a title's list, in the shape a list gives it. */
function review(seed: number, title: ReviewedTitle, index: number, today: number) {
  const r = stream(seed, `review-${title.kind}`, title.id, index);
  const first = r.pick(FIRST_NAMES);
  const family = surname(r.int(0, SURNAME_COMBINATIONS - 1));
  const username = r.chance(0.5) ? `${first.toLowerCase()}${r.int(1, 99)}` : `${first}${family}`.slice(0, 14);
  const named = r.chance(0.5);
  const released = Math.min(0, title.releaseOffset);
  const created = r.int(released, 0);
  const updated = r.chance(0.3) ? r.int(created, 0) : created;
  const createdAt = timestamp(r, today, created);
  const updatedAt = updated === created ? createdAt : timestamp(r, today, updated);
  const id = reviewId(seed, title, index);
  return {
    author: named ? `${first} ${family}` : username,
    author_details: {
      name: named ? `${first} ${family}` : '',
      username,
      avatar_path: r.chance(0.6) ? `/${base62(r, 27)}.jpg` : null,
      // Many reviewers give no score.
      rating: r.chance(0.75) ? r.int(1, 10) : null,
    },
    content: content(r),
    created_at: createdAt,
    id,
    updated_at: updatedAt,
    url: `https://www.themoviedb.org/review/${id}`,
  };
}

export type Review = ReturnType<typeof review>;

/** Every review of a title, oldest first as the service lists them. */
export function reviewsOf(seed: number, title: ReviewedTitle, today: number): Review[] {
  const out: Review[] = [];
  for (let index = 0; index < reviewCount(seed, title); index++) out.push(review(seed, title, index, today));
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** A review on its own: the list's fields plus the title it is about. */
export function reviewDetails(seed: number, title: ReviewedTitle, index: number, today: number) {
  if (index >= reviewCount(seed, title)) return undefined;
  const { author, author_details, content: text, created_at, id, updated_at, url } = review(seed, title, index, today);
  return {
    author,
    author_details,
    content: text,
    created_at,
    id,
    iso_639_1: 'en',
    media_id: title.id,
    media_title: title.title,
    media_type: title.kind,
    updated_at,
    url,
  };
}
