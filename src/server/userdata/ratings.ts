import type { Database } from '../sqlite.js';

/** Episode ratings by an account ("account:<id>") or a guest session ("guest:<id hash>"). */

export interface EpisodeKey {
  seriesId: number;
  season: number;
  episode: number;
}

export interface RatingRow {
  series_id: number;
  season_number: number;
  episode_number: number;
  value: number;
}

export function accountRater(accountId: number): string {
  return `account:${accountId}`;
}

export function guestRater(guestIdHash: string): string {
  return `guest:${guestIdHash}`;
}

export class Ratings {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      exists: db.prepare(
        'SELECT 1 FROM episode_ratings WHERE rater = ? AND series_id = ? AND season_number = ? AND episode_number = ?',
      ).pluck(),
      upsert: db.prepare(
        `INSERT INTO episode_ratings (rater, series_id, season_number, episode_number, value, created_at, updated_at)
         VALUES (@rater, @seriesId, @season, @episode, @value, @now, @now)
         ON CONFLICT DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      ),
      remove: db.prepare(
        'DELETE FROM episode_ratings WHERE rater = ? AND series_id = ? AND season_number = ? AND episode_number = ?',
      ),
      listAsc: db.prepare(
        `SELECT series_id, season_number, episode_number, value FROM episode_ratings
         WHERE rater = ? ORDER BY created_at, series_id, season_number, episode_number LIMIT ? OFFSET ?`,
      ),
      listDesc: db.prepare(
        `SELECT series_id, season_number, episode_number, value FROM episode_ratings
         WHERE rater = ? ORDER BY created_at DESC, series_id DESC, season_number DESC, episode_number DESC LIMIT ? OFFSET ?`,
      ),
      count: db.prepare('SELECT count(*) FROM episode_ratings WHERE rater = ?').pluck(),
      season: db.prepare(
        'SELECT episode_number, value FROM episode_ratings WHERE rater = ? AND series_id = ? AND season_number = ?',
      ),
    };
  }

  /** Saves a rating; "created" the first time, "updated" when it replaced one. */
  rate(rater: string, key: EpisodeKey, value: number, now: Date): 'created' | 'updated' {
    return this.db.transaction(() => {
      const existed = this.statements.exists.get(rater, key.seriesId, key.season, key.episode) !== undefined;
      this.statements.upsert.run({ rater, ...key, value, now: now.getTime() });
      return existed ? ('updated' as const) : ('created' as const);
    }).immediate();
  }

  /** Deletes a rating; false when there was none. */
  remove(rater: string, key: EpisodeKey): boolean {
    return this.statements.remove.run(rater, key.seriesId, key.season, key.episode).changes > 0;
  }

  /** The rater's ratings of one season's episodes, by episode number. */
  ofSeason(rater: string, seriesId: number, season: number): Map<number, number> {
    const rows = this.statements.season.all(rater, seriesId, season) as Array<{ episode_number: number; value: number }>;
    return new Map(rows.map((row) => [row.episode_number, row.value]));
  }

  list(rater: string, order: 'asc' | 'desc', offset: number, limit: number): { rows: RatingRow[]; total: number } {
    const statement = order === 'asc' ? this.statements.listAsc : this.statements.listDesc;
    return { rows: statement.all(rater, limit, offset) as RatingRow[], total: this.statements.count.get(rater) as number };
  }
}
