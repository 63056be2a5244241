/**
 * What a record is called on screen when the service gives it no name (old records, partial
 * answers): "Movie 550", "Series 1399", "Person 287", "Collection 10". An empty name counts as
 * none. One place, so every screen, breadcrumb and message calls the same record the same.
 */

type Named = { readonly id: number; readonly name?: string | null };

/** A film: `title`, or `name` as collection parts in newer data carry it. */
export const movieName = (movie: { readonly id: number; readonly title?: string | null; readonly name?: string | null }): string =>
  movie.title || movie.name || `Movie ${movie.id}`;
export const seriesName = (series: Named): string => series.name || `Series ${series.id}`;
export const personName = (person: Named): string => person.name || `Person ${person.id}`;
export const collectionName = (collection: Named): string => collection.name || `Collection ${collection.id}`;
