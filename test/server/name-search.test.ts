import { describe, expect, it } from 'vitest';
import { searchNames } from '../../src/server/catalog/name-search.js';

const names = (...list: string[]) => list.map((name, id) => ({ id, name }));

describe('searchNames (companies, keywords)', () => {
  const items = names('Harbor Light Studios', 'Harbor', 'Northwind Harbor Films', 'Harborside Media', 'Small Hours Pictures');

  it('ranks the name as typed, then names that start with it, then whole words, then word starts', () => {
    expect(searchNames(items, 'harbor').map((i) => i.name)).toEqual([
      'Harbor', 'Harbor Light Studios', 'Harborside Media', 'Northwind Harbor Films',
    ]);
    expect(searchNames(items, 'harbor films').map((i) => i.name)).toEqual(['Northwind Harbor Films']);
    expect(searchNames(items, 'light harb').map((i) => i.name)).toEqual(['Harbor Light Studios']);
  });

  it('needs every typed word; case and accents do not matter; a one-letter word is whole', () => {
    expect(searchNames(items, 'small PICT').map((i) => i.id)).toEqual([4]);
    expect(searchNames(names('Café Noir', 'Cafeteria'), 'cafe').map((i) => i.name)).toEqual(['Café Noir', 'Cafeteria']);
    expect(searchNames(items, 'h')).toEqual([]);
    expect(searchNames(items, '  ')).toEqual([]);
  });
});
