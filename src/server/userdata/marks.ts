import type { MarkedMediaType } from '../../contract/index.js';
import type { Database } from '../sqlite.js';

/** The watchlist and favourites of accounts: which films and series each holds, in the order added. */

export type Mark = 'watchlist' | 'favorite';

export class Marks {
  private readonly statements;

  constructor(db: Database) {
    this.statements = {
      has: db.prepare('SELECT 1 FROM account_marks WHERE account_id = ? AND mark = ? AND media_type = ? AND media_id = ?').pluck(),
      add: db.prepare(
        `INSERT INTO account_marks (account_id, mark, media_type, media_id, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      ),
      remove: db.prepare('DELETE FROM account_marks WHERE account_id = ? AND mark = ? AND media_type = ? AND media_id = ?'),
      listAsc: db.prepare(
        `SELECT media_id FROM account_marks WHERE account_id = ? AND mark = ? AND media_type = ?
         ORDER BY created_at, rowid LIMIT ? OFFSET ?`,
      ).pluck(),
      listDesc: db.prepare(
        `SELECT media_id FROM account_marks WHERE account_id = ? AND mark = ? AND media_type = ?
         ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      ).pluck(),
      count: db.prepare('SELECT count(*) FROM account_marks WHERE account_id = ? AND mark = ? AND media_type = ?').pluck(),
    };
  }

  /** Adds a title; false when it was there already. */
  add(accountId: number, mark: Mark, mediaType: MarkedMediaType, mediaId: number, now: Date): boolean {
    return this.statements.add.run(accountId, mark, mediaType, mediaId, now.getTime()).changes > 0;
  }

  /** Removes a title; false when it was not there. */
  remove(accountId: number, mark: Mark, mediaType: MarkedMediaType, mediaId: number): boolean {
    return this.statements.remove.run(accountId, mark, mediaType, mediaId).changes > 0;
  }

  has(accountId: number, mark: Mark, mediaType: MarkedMediaType, mediaId: number): boolean {
    return this.statements.has.get(accountId, mark, mediaType, mediaId) !== undefined;
  }

  list(accountId: number, mark: Mark, mediaType: MarkedMediaType, order: 'asc' | 'desc', offset: number, limit: number) {
    const statement = order === 'asc' ? this.statements.listAsc : this.statements.listDesc;
    return {
      ids: statement.all(accountId, mark, mediaType, limit, offset) as number[],
      total: this.statements.count.get(accountId, mark, mediaType) as number,
    };
  }
}
