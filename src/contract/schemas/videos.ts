import * as z from 'zod';
import type { Read } from '../reading.js';
import { bool, int, str } from './common.js';

/**
 * A video of a film or series: `site` says where it is (YouTube, Vimeo) and `key` which one
 * there (https://www.youtube.com/watch?v=KEY); `type` is Trailer, Teaser, Clip, Featurette,
 * Behind the Scenes, Bloopers or Opening Credits. Its `id` is a string.
 */
export const video = z.looseObject({
  iso_639_1: str,
  iso_3166_1: str,
  name: str,
  key: str,
  site: str,
  size: int,
  type: str,
  official: bool,
  published_at: str,
  id: str,
});
export type Video = Read<typeof video>;

export const videos = z.looseObject({ id: int, results: z.array(video) });

export { videoAddress } from '../vocabulary.js';
