import * as z from 'zod';
import { int, keyword, nullableStr, paged, str } from './common.js';

/**
 * Searches of one kind: films (movie.movieList), series (tv.tvList) and people
 * (discover.popularPeople) answer as their lists do; companies and keywords are here.
 */

export const companySearchItem = z.looseObject({ id: int, logo_path: nullableStr, name: str, origin_country: str });
export const companySearch = paged(companySearchItem);

export const keywordSearch = paged(keyword);
