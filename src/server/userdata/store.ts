import type { Database } from '../sqlite.js';
import { join } from 'node:path';
import { Accounts } from './accounts.js';
import { openUserDatabase } from './database.js';
import { Lists } from './lists.js';
import { Marks } from './marks.js';
import { Ratings } from './ratings.js';
import { Sessions } from './sessions.js';
import { TitleRatings } from './title-ratings.js';

export const USER_DATABASE_FILE = 'user-data.sqlite';

/** Everything users create: accounts, request tokens and sessions, lists, ratings, watchlists and favourites. */
export class UserStore {
  readonly accounts: Accounts;
  readonly sessions: Sessions;
  readonly lists: Lists;
  readonly ratings: Ratings;
  readonly titleRatings: TitleRatings;
  readonly marks: Marks;

  private constructor(private readonly db: Database) {
    this.accounts = new Accounts(db);
    this.sessions = new Sessions(db, this.accounts);
    this.lists = new Lists(db);
    this.ratings = new Ratings(db);
    this.titleRatings = new TitleRatings(db);
    this.marks = new Marks(db);
  }

  /** Opens (creating and migrating as needed) the user database of a data directory. */
  static open(dataDir: string): UserStore {
    return new UserStore(openUserDatabase(join(dataDir, USER_DATABASE_FILE)));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
