import type { CatalogGenerator } from './generator.js';
import { mainImagePath } from './images.js';
import { stream } from './random.js';
import { inventOverview } from './text.js';

/** Collections: a base title and the 2-4 films that carry it. */
export class CollectionFactory {
  constructor(private readonly gen: CatalogGenerator) {}

  exists(id: number): boolean {
    return Number.isInteger(id) && id >= 1 && id <= this.gen.shape.collectionCount;
  }

  name(id: number): { name: string; originalName: string; language: string } {
    const base = this.gen.movies.collectionBase(id);
    const name = `${base.title} Collection`;
    return { name, originalName: base.originalTitle === base.title ? name : `${base.originalTitle} Collection`, language: base.language };
  }

  private paths(id: number, language: string) {
    const seed = this.gen.shape.seed;
    return {
      poster_path: mainImagePath(seed, 'poster', 'collection', [id], language),
      backdrop_path: mainImagePath(seed, 'backdrop', 'collection', [id], language),
    };
  }

  /** `belongs_to_collection` of a film. */
  reference(id: number) {
    const { name, language } = this.name(id);
    return { id, name, ...this.paths(id, language) };
  }

  /** How popular the collection is: its most popular film. */
  popularity(id: number): number {
    return Math.max(...this.gen.layout.parts(id).map((movieId) => this.gen.movies.core(movieId).popularity));
  }

  private overview(id: number): string {
    return inventOverview(stream(this.gen.shape.seed, 'collection-text', id));
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
      parts: this.gen.layout.parts(id).map((movieId) => ({ ...this.gen.movies.listItem(movieId, today), media_type: 'movie' })),
    };
  }
}
