import { searchWords } from './store.js';

/**
 * Search over a short list of names (companies, keywords: a few hundred at most, so no index):
 * ranked in the tiers the title search uses (see CatalogIndex.search), then in list order.
 * Every typed word must start a word of the name; a one-letter word must be a whole word, as
 * in the title search, or "a" would match nearly everything.
 */
export function searchNames<T extends { name: string }>(items: readonly T[], text: string): T[] {
  const typed = searchWords(text).slice(0, 12);
  if (typed.length === 0) return [];
  const typedKey = typed.join(' ');
  const ranked: Array<{ item: T; tier: number; order: number }> = [];
  items.forEach((item, order) => {
    const words = searchWords(item.name);
    const matches = (t: string) => words.some((w) => ([...t].length === 1 ? w === t : w.startsWith(t)));
    if (!typed.every(matches)) return;
    const key = words.join(' ');
    const tier = key === typedKey ? 0 : key.startsWith(typedKey) ? 1 : typed.every((t) => words.includes(t)) ? 2 : 3;
    ranked.push({ item, tier, order });
  });
  return ranked.sort((a, b) => a.tier - b.tier || a.order - b.order).map((entry) => entry.item);
}
