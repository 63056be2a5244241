import type { DiscoverFilters, TitleKind } from '../../../state/index.js';
import { sortsOf } from '../../../state/index.js';

/**
 * The Discover form's fields and how a key changes each: the form's own logic, apart from its
 * view, so that a key's effect is a plain function of the filters.
 */

export const FIELDS = [
  'genres', 'genreMatch', 'yearFrom', 'yearTo', 'voteFloor', 'language', 'sort', 'certificationCountry', 'certification', 'certificationOrBelow',
] as const;
export type Field = (typeof FIELDS)[number];

export const FIELD_LABELS: Readonly<Record<Field, string>> = {
  genres: 'Genres',
  genreMatch: 'Match',
  yearFrom: 'From year',
  yearTo: 'To year',
  voteFloor: 'Rating ≥',
  language: 'Language',
  sort: 'Sort by',
  certificationCountry: 'Rated in',
  certification: 'Rated',
  certificationOrBelow: 'Or below',
};

/** Fields a picker chooses for (Enter opens it). */
export const PICKED: ReadonlySet<Field> = new Set<Field>(['genres', 'language', 'certificationCountry', 'certification']);

type TypedField = 'yearFrom' | 'yearTo' | 'voteFloor';
const TYPED: Readonly<Record<TypedField, { max: number; chars: RegExp }>> = {
  yearFrom: { max: 4, chars: /^\d$/ },
  yearTo: { max: 4, chars: /^\d$/ },
  voteFloor: { max: 4, chars: /^[\d.]$/ },
};
const isTyped = (field: Field): field is TypedField => field in TYPED;

/** Fields that take digits (the years and the lowest rating). */
export const TYPED_FIELDS: ReadonlySet<Field> = new Set<Field>(FIELDS.filter(isTyped));

/** Where a year field starts when ←/→ first moves it. */
const FIRST_YEAR = 2000;

export function nextField(field: Field, step: 1 | -1): Field {
  return FIELDS[(FIELDS.indexOf(field) + step + FIELDS.length) % FIELDS.length]!;
}

/** A character typed into a number field; other fields ignore typing. */
export function typeInto(filters: DiscoverFilters, field: Field, char: string): Partial<DiscoverFilters> {
  if (!isTyped(field)) return {};
  const { max, chars } = TYPED[field];
  const value = filters[field];
  if (!chars.test(char) || value.length >= max) return {};
  return { [field]: value + char };
}

/** Backspace: the last character of a number field, or the whole choice of the others. */
export function erase(filters: DiscoverFilters, field: Field): Partial<DiscoverFilters> {
  if (isTyped(field)) return { [field]: filters[field].slice(0, -1) };
  if (field === 'genres') return { genres: [] };
  if (field === 'language') return { language: undefined };
  // The label belongs to the country: both go with it.
  if (field === 'certificationCountry') return { certificationCountry: undefined, certification: undefined };
  if (field === 'certification') return { certification: undefined };
  return {};
}

const stepNumber = (text: string, step: number, start: number, min: number, max: number): string => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return String(start);
  return String(Math.min(max, Math.max(min, Math.round((value + step) * 10) / 10)));
};

/** ←/→: the next or previous value of a field (a year ±1, the rating ±0.5, the match, the order, or below). */
export function change(filters: DiscoverFilters, field: Field, step: 1 | -1): Partial<DiscoverFilters> {
  switch (field) {
    case 'genreMatch':
      return { genreMatch: filters.genreMatch === 'all' ? 'any' : 'all' };
    case 'certificationOrBelow':
      return { certificationOrBelow: !filters.certificationOrBelow };
    case 'yearFrom':
    case 'yearTo':
      return { [field]: stepNumber(filters[field], step, FIRST_YEAR, 1870, 2100) };
    case 'voteFloor':
      return { voteFloor: stepNumber(filters.voteFloor, step * 0.5, 7, 0, 10) };
    case 'sort': {
      const sorts = sortsOf(filters.kind);
      return { sort: sorts[(sorts.indexOf(filters.sort) + step + sorts.length) % sorts.length]! };
    }
    default:
      return {};
  }
}

const SORT_FIELDS: Readonly<Record<string, readonly [label: string, kind: 'number' | 'date' | 'text']>> = {
  popularity: ['Popularity', 'number'],
  vote_average: ['Rating', 'number'],
  vote_count: ['Votes', 'number'],
  revenue: ['Revenue', 'number'],
  primary_release_date: ['Release date', 'date'],
  first_air_date: ['First aired', 'date'],
  title: ['Title', 'text'],
  name: ['Name', 'text'],
  original_title: ['Original title', 'text'],
  original_name: ['Original name', 'text'],
};

/** "Rating, highest first", "Title, A–Z", "Release date, newest first". */
export function sortLabel(sort: string): string {
  const [field = '', direction] = sort.split('.');
  const [label, kind] = SORT_FIELDS[field] ?? [field, 'number'];
  const ascending = direction === 'asc';
  const order = kind === 'text' ? (ascending ? 'A–Z' : 'Z–A') : kind === 'date' ? (ascending ? 'oldest first' : 'newest first') : ascending ? 'lowest first' : 'highest first';
  return `${label}, ${order}`;
}

export function kindName(kind: TitleKind): string {
  return kind === 'movie' ? 'movies' : 'TV series';
}
