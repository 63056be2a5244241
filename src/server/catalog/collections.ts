import { type ImageEntry, imageSet } from './images.js';
import { CatalogKind } from './kind.js';
import type { MovieFactory } from './movies.js';
import { stream } from './random.js';
import type { CatalogShape, CollectionLayout } from './shape.js';
import { inventOverview } from './text.js';

/** Collections: a base title and the 2-4 films that carry it. */
export class CollectionFactory extends CatalogKind {
  constructor(
    shape: CatalogShape,
    private readonly layout: CollectionLayout,
    private readonly movies: MovieFactory,
  ) {
    super(shape, shape.collectionCount);
  }

  /** Its name and language, which its films carry too. */
  name(id: number): { name: string; originalName: string; language: string } {
    return this.movies.collectionName(id);
  }

  private paths(id: number, language: string) {
    return this.movies.collectionImagePaths(id, language);
  }

  /** How popular the collection is: its most popular film. */
  popularity(id: number): number {
    return Math.max(...this.layout.parts(id).map((movieId) => this.movies.core(movieId).popularity));
  }

  private overview(id: number): string {
    return inventOverview(stream(this.seed, 'collection-text', id));
  }

  /** E11 result. */
  searchItem(id: number) {
    const { name, originalName, language } = this.name(id);
    const { poster_path, backdrop_path } = this.paths(id, language);
    return {
      adult: false,
      backdrop_path,
      id,
      name,
      original_language: language,
      original_name: originalName,
      overview: this.overview(id),
      poster_path,
    };
  }

  /** Posters and backdrops; the first of each is the one the collection shows. */
  images(id: number): { id: number; backdrops: ImageEntry[]; posters: ImageEntry[] } {
    const { language } = this.name(id);
    const r = stream(this.seed, 'collection-image-counts', id);
    return {
      id,
      backdrops: imageSet(this.seed, 'backdrop', 'collection', [id], r.int(1, 4), language),
      posters: imageSet(this.seed, 'poster', 'collection', [id], r.int(1, 6), language),
    };
  }

  /** E9 */
  details(id: number, today: number) {
    const { name, originalName, language } = this.name(id);
    return {
      id,
      name,
      original_language: language,
      original_name: originalName,
      overview: this.overview(id),
      ...this.paths(id, language),
      parts: this.layout.parts(id).map((movieId) => ({ ...this.movies.listItem(movieId, today), media_type: 'movie' })),
    };
  }
}
