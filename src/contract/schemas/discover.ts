import * as z from 'zod';
import type { Read } from '../reading.js';
import { genre, paged } from './common.js';
import { multiMovie, multiPerson, multiTv } from './search.js';

/** The genres of films or of series: ids and names as the service lists them. */
export const genreList = z.looseObject({ genres: z.array(genre) });

/** Trending titles and people: each item tagged with its media_type, as multi search tags them. */
export const trendingItem = z.discriminatedUnion('media_type', [multiMovie, multiTv, multiPerson]);
export type TrendingItem = Read<typeof trendingItem>;
export const trendingAll = paged(trendingItem);
export const trendingMovies = paged(multiMovie);
export const trendingSeries = paged(multiTv);
export const trendingPeople = paged(multiPerson);

/** A popular person: a person result without its media_type (what they are known for is tagged). */
export const popularPerson = multiPerson.omit({ media_type: true });
export const popularPeople = paged(popularPerson);
