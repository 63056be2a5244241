import type { CatalogShape } from './shape.js';

/** What every kind of thing in the catalog shares: the catalog's seed, and ids 1..count. */
export abstract class CatalogKind {
  constructor(
    protected readonly shape: CatalogShape,
    private readonly count: number,
  ) {}

  protected get seed(): number {
    return this.shape.seed;
  }

  exists(id: number): boolean {
    return Number.isInteger(id) && id >= 1 && id <= this.count;
  }
}
