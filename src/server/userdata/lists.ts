import type { Database } from '../sqlite.js';

/**
 * User lists of films. Every change is one SQLite transaction, so concurrent adds and removes
 * on one list always leave exactly the films that were added and not removed.
 */

export interface ListRow {
  id: number;
  account_id: number;
  username: string;
  name: string;
  description: string;
  iso_639_1: string;
  /** The owner's country: the real service gives a list its creator's. */
  iso_3166_1: string;
  item_count: number;
  /** The first film on the list (its poster is the list's), or null when empty. */
  first_movie_id: number | null;
}

const LIST_COLUMNS = `
  l.id, l.account_id, a.username, l.name, l.description, l.iso_639_1, a.iso_3166_1,
  (SELECT count(*) FROM list_items i WHERE i.list_id = l.id) AS item_count,
  (SELECT i.movie_id FROM list_items i WHERE i.list_id = l.id ORDER BY i.added_seq LIMIT 1) AS first_movie_id
`;

export class Lists {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      insert: db.prepare(
        'INSERT INTO lists (account_id, name, description, iso_639_1, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      get: db.prepare(`SELECT ${LIST_COLUMNS} FROM lists l JOIN accounts a ON a.id = l.account_id WHERE l.id = ?`),
      items: db.prepare('SELECT movie_id FROM list_items WHERE list_id = ? ORDER BY added_seq LIMIT ? OFFSET ?').pluck(),
      has: db.prepare('SELECT 1 FROM list_items WHERE list_id = ? AND movie_id = ?').pluck(),
      add: db.prepare(
        `INSERT INTO list_items (list_id, movie_id, added_seq)
         VALUES (@listId, @movieId, (SELECT coalesce(max(added_seq), 0) + 1 FROM list_items WHERE list_id = @listId))
         ON CONFLICT DO NOTHING`,
      ),
      remove: db.prepare('DELETE FROM list_items WHERE list_id = ? AND movie_id = ?'),
      clear: db.prepare('DELETE FROM list_items WHERE list_id = ?'),
      delete: db.prepare('DELETE FROM lists WHERE id = ?'),
      touch: db.prepare('UPDATE lists SET updated_at = ? WHERE id = ?'),
      byAccount: db.prepare(
        `SELECT ${LIST_COLUMNS} FROM lists l JOIN accounts a ON a.id = l.account_id
         WHERE l.account_id = ? ORDER BY l.id DESC LIMIT ? OFFSET ?`,
      ),
      countByAccount: db.prepare('SELECT count(*) FROM lists WHERE account_id = ?').pluck(),
      containing: db.prepare(
        `SELECT ${LIST_COLUMNS} FROM list_items c JOIN lists l ON l.id = c.list_id JOIN accounts a ON a.id = l.account_id
         WHERE c.movie_id = ? ORDER BY item_count DESC, l.id LIMIT ? OFFSET ?`,
      ),
      countContaining: db.prepare('SELECT count(*) FROM list_items WHERE movie_id = ?').pluck(),
    };
  }

  create(accountId: number, input: { name: string; description: string; language: string }, now: Date): number {
    const info = this.statements.insert.run(accountId, input.name, input.description, input.language, now.getTime(), now.getTime());
    return Number(info.lastInsertRowid);
  }

  get(listId: number): ListRow | undefined {
    return this.statements.get.get(listId) as ListRow | undefined;
  }

  /** Film ids on the list, in the order they were added. */
  items(listId: number, offset: number, limit: number): number[] {
    return this.statements.items.all(listId, limit, offset) as number[];
  }

  has(listId: number, movieId: number): boolean {
    return this.statements.has.get(listId, movieId) !== undefined;
  }

  /** Adds a film; false when it was already there. */
  add(listId: number, movieId: number, now: Date): boolean {
    return this.db.transaction(() => {
      const added = this.statements.add.run({ listId, movieId }).changes > 0;
      if (added) this.statements.touch.run(now.getTime(), listId);
      return added;
    }).immediate();
  }

  /** Removes a film; false when it was not there. */
  remove(listId: number, movieId: number, now: Date): boolean {
    return this.db.transaction(() => {
      const removed = this.statements.remove.run(listId, movieId).changes > 0;
      if (removed) this.statements.touch.run(now.getTime(), listId);
      return removed;
    }).immediate();
  }

  clear(listId: number, now: Date): void {
    this.db.transaction(() => {
      this.statements.clear.run(listId);
      this.statements.touch.run(now.getTime(), listId);
    }).immediate();
  }

  delete(listId: number): void {
    this.statements.delete.run(listId);
  }

  /** An account's lists, newest first. */
  byAccount(accountId: number, offset: number, limit: number): { rows: ListRow[]; total: number } {
    return {
      rows: this.statements.byAccount.all(accountId, limit, offset) as ListRow[],
      total: this.statements.countByAccount.get(accountId) as number,
    };
  }

  /** E12: every list holding a film, biggest first. */
  containing(movieId: number, offset: number, limit: number): { rows: ListRow[]; total: number } {
    return {
      rows: this.statements.containing.all(movieId, limit, offset) as ListRow[],
      total: this.statements.countContaining.get(movieId) as number,
    };
  }
}
