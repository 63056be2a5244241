/**
 * E17: the real service's image sizes and change keys. Only the image addresses differ: they
 * point at this server's own `/t/p/`, which draws a PNG of the size asked.
 */

export const IMAGE_SIZES = {
  backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
  logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
  poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  profile_sizes: ['w45', 'w185', 'h632', 'original'],
  still_sizes: ['w92', 'w185', 'w300', 'original'],
} as const;

export const CHANGE_KEYS = [
  'adult', 'air_date', 'also_known_as', 'alternative_titles', 'biography', 'birthday', 'budget',
  'cast', 'certifications', 'character_names', 'created_by', 'crew', 'deathday', 'episode',
  'episode_number', 'episode_run_time', 'freebase_id', 'freebase_mid', 'general', 'genres',
  'guest_stars', 'homepage', 'images', 'imdb_id', 'languages', 'name', 'network', 'origin_country',
  'original_name', 'original_title', 'overview', 'parts', 'place_of_birth', 'plot_keywords',
  'production_code', 'production_companies', 'production_countries', 'releases', 'revenue',
  'runtime', 'season', 'season_number', 'season_regular', 'spoken_languages', 'status', 'tagline',
  'title', 'translations', 'tvdb_id', 'tvrage_id', 'type', 'video', 'videos',
] as const;

/** Every size name any image kind accepts. */
export const ALL_IMAGE_SIZES: ReadonlySet<string> = new Set(Object.values(IMAGE_SIZES).flat());

export function configurationBody(imageBaseUrl: string) {
  return {
    images: {
      base_url: imageBaseUrl,
      secure_base_url: imageBaseUrl,
      backdrop_sizes: [...IMAGE_SIZES.backdrop_sizes],
      logo_sizes: [...IMAGE_SIZES.logo_sizes],
      poster_sizes: [...IMAGE_SIZES.poster_sizes],
      profile_sizes: [...IMAGE_SIZES.profile_sizes],
      still_sizes: [...IMAGE_SIZES.still_sizes],
    },
    change_keys: [...CHANGE_KEYS],
  };
}
