import * as z from 'zod';
import type { Read } from '../reading.js';
import { int, nullableStr, num, paged, str } from './common.js';

/**
 * Reviews of films and series. The content is the reviewer's own text: paragraphs split by
 * \r\n, markdown-ish markup, and whatever else was pasted in; a client shows it sanitised.
 * `rating` is the reviewer's score out of 10, null when they gave none.
 */
export const reviewAuthor = z.looseObject({
  name: str,
  username: str,
  avatar_path: nullableStr,
  rating: num.nullable(),
});

export const reviewItem = z.looseObject({
  author: str,
  author_details: reviewAuthor,
  content: str,
  created_at: str,
  id: str,
  updated_at: str,
  url: str,
});
export type ReviewItem = Read<typeof reviewItem>;

/** A film's or series' reviews, a page at a time. */
export const reviews = paged(reviewItem).extend({ id: int });

/** A review on its own, with what it is about. */
export const reviewDetails = reviewItem.extend({
  iso_639_1: str,
  media_id: int,
  media_title: str,
  media_type: str,
});
