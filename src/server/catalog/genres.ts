/** The real service's genre ids and names (movies and TV use different lists). */

export const MOVIE_GENRES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 28, name: 'Action' }, { id: 12, name: 'Adventure' }, { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' }, { id: 80, name: 'Crime' }, { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' }, { id: 10751, name: 'Family' }, { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' }, { id: 27, name: 'Horror' }, { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' }, { id: 10749, name: 'Romance' }, { id: 878, name: 'Science Fiction' },
  { id: 10770, name: 'TV Movie' }, { id: 53, name: 'Thriller' }, { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
];

export const TV_GENRES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 10759, name: 'Action & Adventure' }, { id: 16, name: 'Animation' }, { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' }, { id: 99, name: 'Documentary' }, { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' }, { id: 10762, name: 'Kids' }, { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' }, { id: 10764, name: 'Reality' }, { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' }, { id: 10767, name: 'Talk' }, { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
];

const byId = new Map([...MOVIE_GENRES, ...TV_GENRES].map((g) => [g.id, g]));

export function genresOf(ids: readonly number[]): Array<{ id: number; name: string }> {
  return ids.map((id) => ({ ...byId.get(id)! }));
}

/**
 * A title's genres as one integer, a bit per genre of its kind's list (the list's order), so
 * the catalog's index filters by genre (all of some, any of some, none of some) within a row.
 */
export function genreBits(kind: 'movie' | 'tv', ids: readonly number[]): number {
  return ids.reduce((bits, id) => bits | genreBit(kind, id), 0);
}

/** The bit of one genre of a kind; 0 for an id that is not a genre of that kind. */
export function genreBit(kind: 'movie' | 'tv', id: number): number {
  const index = (kind === 'movie' ? MOVIE_GENRES : TV_GENRES).findIndex((g) => g.id === id);
  return index < 0 ? 0 : 2 ** index;
}
