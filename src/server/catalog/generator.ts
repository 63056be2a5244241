import { CollectionFactory } from './collections.js';
import { PersonCredits } from './credits.js';
import { MovieFactory } from './movies.js';
import { PeoplePools } from './people-pools.js';
import { PersonFactory } from './people.js';
import { SeriesFactory } from './series.js';
import { type CatalogShape, CollectionLayout, catalogShape } from './shape.js';

/**
 * The generated catalog. Every film, series, episode, person and collection is a pure function
 * of (seed, size, id): the same seed and size give the same catalog everywhere. Dates come out
 * relative to the `today` each method is given (see calendar.ts). The SQLite index (store.ts)
 * holds only what must be sorted or searched; response bodies are built here on demand, which
 * keeps a 100,000-title catalog small on disk and quick to open.
 */
export class CatalogGenerator {
  readonly shape: CatalogShape;
  readonly layout: CollectionLayout;
  readonly movies: MovieFactory;
  readonly series: SeriesFactory;
  readonly people: PersonFactory;
  readonly collections: CollectionFactory;
  /** Which department each person works in: every credit slot draws from one (people-pools.ts). */
  readonly pools: PeoplePools;

  constructor(seed: number, size: number) {
    this.shape = catalogShape(seed, size);
    this.layout = new CollectionLayout(this.shape);
    this.pools = new PeoplePools(seed, this.shape.personCount);
    // Each kind is handed the kinds it names, in that order; none reaches back for the whole catalog.
    this.movies = new MovieFactory(this.shape, this.layout, this.pools);
    this.collections = new CollectionFactory(this.shape, this.layout, this.movies);
    this.series = new SeriesFactory(this.shape, new PersonCredits(this.shape, this.pools), this.pools);
    this.people = new PersonFactory(this.shape, this.pools, this.movies, this.series);
  }
}
