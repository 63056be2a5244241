import * as z from 'zod';
import { int, paged, str } from './common.js';
import { titledMovieItem } from './movie.js';

/** A keyword, and the films that carry it (most popular first). */

export const keywordDetails = z.looseObject({ id: int, name: str });

export const keywordMovies = paged(titledMovieItem).extend({ id: int });
