import * as z from 'zod';
import { bool, int, num, paged } from './common.js';
import { titledMovieItem } from './movie.js';
import { tvListItem } from './tv.js';


export const ratingBody = z.strictObject({ value: z.number() });

/** The caller's rating of a title: `{ value }`, or `false` when not rated. */
export const rated = z.union([z.looseObject({ value: num }), z.literal(false)]);

/**
 * What the caller did with a film or a series: rated, on the watchlist, favourite. A guest
 * session has no watchlist or favourites: both are false for it.
 */
export const accountStates = z.looseObject({ id: int, favorite: bool, rated, watchlist: bool });

/** An episode's account states: only its rating (episodes are on no watchlist). */
export const episodeAccountStates = z.looseObject({ id: int, rated });

/** A film in a rated list: the list item plus my rating. */
export const ratedMovie = titledMovieItem.extend({ rating: num });
export const ratedMovies = paged(ratedMovie);

/** A series in a rated list: the list item plus my rating. */
export const ratedSeries = tvListItem.extend({ rating: num });
export const ratedSeriesList = paged(ratedSeries);

/** The kinds of title a watchlist or favourites entry names. */
export const MARKED_MEDIA_TYPES = ['movie', 'tv'] as const;
export type MarkedMediaType = (typeof MARKED_MEDIA_TYPES)[number];

const markTarget = { media_type: z.enum(MARKED_MEDIA_TYPES), media_id: z.number().int().positive() };

/** POST /3/account/{account_id}/watchlist: add (true) or remove (false) a film or series. */
export const watchlistBody = z.strictObject({ ...markTarget, watchlist: z.boolean() });

/** POST /3/account/{account_id}/favorite: mark (true) or unmark (false) a film or series. */
export const favoriteBody = z.strictObject({ ...markTarget, favorite: z.boolean() });
