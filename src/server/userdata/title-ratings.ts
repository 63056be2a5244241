import type { MarkedMediaType } from '../../contract/index.js';
import type { Database } from '../sqlite.js';

/** Ratings of whole films and series, by an account or a guest session (rater as in ratings.ts). */

export interface TitleRatingRow {
  media_id: number;
  value: number;
}

export class TitleRatings {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      value: db.prepare('SELECT value FROM title_ratings WHERE rater = ? AND media_type = ? AND media_id = ?').pluck(),
      upsert: db.prepare(
        `INSERT INTO title_ratings (rater, media_type, media_id, value, created_at, updated_at)
         VALUES (@rater, @mediaType, @mediaId, @value, @now, @now)
         ON CONFLICT DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      ),
      remove: db.prepare('DELETE FROM title_ratings WHERE rater = ? AND media_type = ? AND media_id = ?'),
      listAsc: db.prepare(
        `SELECT media_id, value FROM title_ratings WHERE rater = ? AND media_type = ?
         ORDER BY created_at, rowid LIMIT ? OFFSET ?`,
      ),
      listDesc: db.prepare(
        `SELECT media_id, value FROM title_ratings WHERE rater = ? AND media_type = ?
         ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      ),
      count: db.prepare('SELECT count(*) FROM title_ratings WHERE rater = ? AND media_type = ?').pluck(),
    };
  }

  /** Saves a rating; "created" the first time, "updated" when it replaced one. */
  rate(rater: string, mediaType: MarkedMediaType, mediaId: number, value: number, now: Date): 'created' | 'updated' {
    return this.db.transaction(() => {
      const existed = this.statements.value.get(rater, mediaType, mediaId) !== undefined;
      this.statements.upsert.run({ rater, mediaType, mediaId, value, now: now.getTime() });
      return existed ? ('updated' as const) : ('created' as const);
    }).immediate();
  }

  /** Deletes a rating; false when there was none. */
  remove(rater: string, mediaType: MarkedMediaType, mediaId: number): boolean {
    return this.statements.remove.run(rater, mediaType, mediaId).changes > 0;
  }

  valueOf(rater: string, mediaType: MarkedMediaType, mediaId: number): number | undefined {
    return this.statements.value.get(rater, mediaType, mediaId) as number | undefined;
  }

  list(rater: string, mediaType: MarkedMediaType, order: 'asc' | 'desc', offset: number, limit: number): { rows: TitleRatingRow[]; total: number } {
    const statement = order === 'asc' ? this.statements.listAsc : this.statements.listDesc;
    return {
      rows: statement.all(rater, mediaType, limit, offset) as TitleRatingRow[],
      total: this.statements.count.get(rater, mediaType) as number,
    };
  }
}
