import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../src/server/catalog/calendar.js';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { ListItemCache, estimatedBytes } from '../../src/server/catalog/list-item-cache.js';
import { DEFAULT_SEED } from '../../src/server/catalog/shape.js';
import { FIXED_NOW, TEST_CATALOG_SIZE } from './harness.js';

const today = dayNumber(new Date(FIXED_NOW));

describe('ListItemCache', () => {
  it('makes an item once a day and hands the same one out after', () => {
    const cache = new ListItemCache<{ id: number; day: number }>();
    let made = 0;
    const make = (id: number, day: number) => () => ({ id, day, made: ++made });
    const first = cache.get(7, today, make(7, today));
    expect(cache.get(7, today, make(7, today))).toBe(first);
    expect(made).toBe(1);
    // Dates in an item count from today: another day is another item.
    expect(cache.get(7, today + 1, make(7, today + 1))).toMatchObject({ id: 7, day: today + 1 });
    expect(made).toBe(2);
  });

  it('keeps no more than its bound in bytes, the least recently used going first', () => {
    const item = (id: number) => ({ id, overview: 'x'.repeat(500) });
    const oneItem = estimatedBytes(item(1));
    const cache = new ListItemCache<ReturnType<typeof item>>(oneItem * 3);
    let made = 0;
    const get = (id: number) => cache.get(id, today, () => (made++, item(id)));
    get(1);
    get(2);
    get(3);
    get(1); // 1 is now the most recently used
    get(4); // over the bound: 2 goes
    expect(cache.bytes).toBeLessThanOrEqual(oneItem * 3);
    const before = made;
    get(1);
    get(3);
    get(4);
    expect(made).toBe(before);
    get(2);
    expect(made).toBe(before + 1);
  });

  it('hands out frozen items: a caller that wrote into one would change every later answer', () => {
    const cache = new ListItemCache<{ id: number; genre_ids: number[] }>();
    const kept = cache.get(1, today, () => ({ id: 1, genre_ids: [18] }));
    expect(() => {
      kept.genre_ids.push(35);
    }).toThrow(TypeError);
    expect(() => {
      kept.id = 2;
    }).toThrow(TypeError);
    expect(cache.get(1, today, () => ({ id: 1, genre_ids: [] }))).toEqual({ id: 1, genre_ids: [18] });
  });
});

describe('list items of the catalog', () => {
  it('are what the generator makes, whether kept or made afresh, and whether or not a core is given', () => {
    const kept = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
    const fresh = () => new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
    for (const id of [1, 2, 3, 50]) {
      const movie = kept.movies.listItem(id, today);
      expect(kept.movies.listItem(id, today)).toBe(movie);
      expect(fresh().movies.listItem(id, today, fresh().movies.core(id))).toEqual(movie);
      const series = kept.series.listItem(id, today);
      expect(kept.series.listItem(id, today)).toBe(series);
      expect(fresh().series.listItem(id, today)).toEqual(series);
      expect(kept.movies.details(id, today)).toMatchObject({ id, title: movie.title, release_date: movie.release_date });
      const person = kept.people.searchItem(id, today);
      expect(kept.people.searchItem(id, today)).toBe(person);
      expect(fresh().people.searchItem(id, today)).toEqual(person);
      expect(Object.isFrozen(person.known_for)).toBe(true);
    }
  });

  it('count the titles a person is known for in their estimated size', () => {
    const generator = new CatalogGenerator(DEFAULT_SEED, TEST_CATALOG_SIZE);
    const person = generator.people.searchItem(1, today);
    expect(person.known_for.length).toBeGreaterThan(0);
    const titles = person.known_for.reduce((sum, title) => sum + estimatedBytes(title), 0);
    expect(estimatedBytes(person)).toBeGreaterThan(titles);
  });
});
