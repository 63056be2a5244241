import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { nodeSqlite } from '../storage/node-sqlite.js';

/**
 * The server's SQLite, on Node's built-in `node:sqlite`: no native addon to compile, no install
 * script, and nothing that can abort when a worker thread ends (better-sqlite3 12 did on Node 24).
 *
 * This is the small part of better-sqlite3's interface the server was written against (pluck,
 * pragma, transaction functions with an immediate variant), so the data modules read the same.
 * It uses only what node:sqlite has had since it left its flag in Node 22.13.
 */

export type SqlValue = SQLInputValue;
/** A positional value, or (first) an object of named values for `@name` parameters. */
export type SqlParam = SqlValue | Record<string, SqlValue>;
type Row = Record<string, unknown>;
type Params = Parameters<StatementSync['all']>;

export class Statement {
  constructor(protected readonly statement: StatementSync) {}

  run(...params: SqlParam[]): { changes: number; lastInsertRowid: number } {
    const result = this.statement.run(...(params as Params));
    return { changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) };
  }

  get(...params: SqlParam[]): unknown {
    return this.statement.get(...(params as Params));
  }

  all(...params: SqlParam[]): unknown[] {
    return this.statement.all(...(params as Params));
  }

  /** The rows one at a time: a whole table read without holding every row at once. */
  iterate(...params: SqlParam[]): IterableIterator<unknown> {
    return this.statement.iterate(...(params as Params));
  }

  /** The same statement answering with each row's first column instead of the row. */
  pluck(): PluckedStatement {
    return new PluckedStatement(this.statement);
  }
}

function firstColumn(row: Row | undefined): unknown {
  if (row === undefined) return undefined;
  for (const key in row) return row[key];
  return undefined;
}

export class PluckedStatement extends Statement {
  override get(...params: SqlParam[]): unknown {
    return firstColumn(super.get(...params) as Row | undefined);
  }

  override all(...params: SqlParam[]): unknown[] {
    return (super.all(...params) as Row[]).map(firstColumn);
  }
}

/** Rolls back, unless SQLite already did (it does on some errors, e.g. a full disk). */
function rollBack(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // No transaction was active any more.
  }
}

export interface Transaction<Args extends unknown[], Result> {
  (...args: Args): Result;
  /** Takes the write lock at the start (BEGIN IMMEDIATE), so a read-then-write cannot be raced. */
  immediate(...args: Args): Result;
}

export interface OpenOptions {
  readonly?: boolean;
}

export class Database {
  private readonly db: DatabaseSync;
  private isOpen = true;
  private depth = 0;

  /** Opens (or creates, unless read-only) the database file at `path`. */
  constructor(path: string, options: OpenOptions = {}) {
    const { DatabaseSync } = nodeSqlite();
    this.db = new DatabaseSync(path, { readOnly: options.readonly ?? false });
  }

  get open(): boolean {
    return this.isOpen;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  prepare(sql: string): Statement {
    return new Statement(this.db.prepare(sql));
  }

  /** Makes `fn` callable from this connection's SQL as `name(...)`; deterministic, so SQLite may reuse a result. */
  function(name: string, fn: (...args: SqlValue[]) => SqlValue): void {
    this.db.function(name, { deterministic: true }, fn);
  }

  /** `pragma('journal_mode = WAL')` sets; `pragma('user_version')` reads the single value. */
  pragma(source: string): unknown {
    return firstColumn(this.db.prepare(`PRAGMA ${source}`).get());
  }

  /**
   * Wraps `fn` so that each call runs in one transaction, rolled back if it throws. A call made
   * inside another transaction runs in a savepoint of it.
   */
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): Transaction<Args, Result> {
    const run = (begin: string, args: Args): Result => {
      if (this.depth > 0) {
        const name = `nested_${this.depth}`;
        this.db.exec(`SAVEPOINT ${name}`);
        this.depth++;
        try {
          const result = fn(...args);
          this.db.exec(`RELEASE ${name}`);
          return result;
        } catch (error) {
          this.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
          throw error;
        } finally {
          this.depth--;
        }
      }
      this.db.exec(begin);
      this.depth++;
      try {
        const result = fn(...args);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        rollBack(this.db);
        throw error;
      } finally {
        this.depth--;
      }
    };
    const deferred = ((...args: Args) => run('BEGIN', args)) as Transaction<Args, Result>;
    deferred.immediate = (...args: Args) => run('BEGIN IMMEDIATE', args);
    return deferred;
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.db.close();
  }
}
