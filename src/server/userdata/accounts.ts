import type { Database } from '../sqlite.js';
import { randomBytes } from 'node:crypto';
import { hashPassword, passwordMatches } from './secrets.js';

/**
 * Compared against when the user name is unknown: random bytes no password hashes to in
 * practice. Not a scrypt hash of anything, so loading this module costs no scrypt (tens of
 * milliseconds at every start); a sign-in with an unknown name still costs one scrypt, as a known one does.
 */
const UNKNOWN_USER = { salt: randomBytes(16), hash: randomBytes(32) };

export interface Account {
  id: number;
  username: string;
  name: string;
  iso_639_1: string;
  iso_3166_1: string;
}

interface AccountRow extends Account {
  password_salt: Uint8Array;
  password_hash: Uint8Array;
}

export class AccountExistsError extends Error {
  override readonly name = 'AccountExistsError';
}

/** User accounts (the demo account, and any a test or an operator adds). */
export class Accounts {
  private readonly statements;

  constructor(db: Database) {
    this.statements = {
      insert: db.prepare(
        'INSERT INTO accounts (username, name, password_salt, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      byId: db.prepare('SELECT * FROM accounts WHERE id = ?'),
      byUsername: db.prepare('SELECT * FROM accounts WHERE username = ?'),
      setPassword: db.prepare('UPDATE accounts SET password_salt = ?, password_hash = ? WHERE id = ?'),
    };
  }

  private static public(row: AccountRow | undefined): Account | undefined {
    if (!row) return undefined;
    return { id: row.id, username: row.username, name: row.name, iso_639_1: row.iso_639_1, iso_3166_1: row.iso_3166_1 };
  }

  create(input: { username: string; name?: string; password: string }, now: Date): Account {
    if (this.byUsername(input.username)) throw new AccountExistsError(`an account named ${input.username} already exists`);
    const { salt, hash } = hashPassword(input.password);
    const info = this.statements.insert.run(input.username, input.name ?? input.username, salt, hash, now.getTime());
    return this.byId(Number(info.lastInsertRowid))!;
  }

  byId(id: number): Account | undefined {
    return Accounts.public(this.statements.byId.get(id) as AccountRow | undefined);
  }

  byUsername(username: string): Account | undefined {
    return Accounts.public(this.statements.byUsername.get(username) as AccountRow | undefined);
  }

  /** The account when the password is right; undefined for an unknown name or a wrong password. */
  async verify(username: string, password: string): Promise<Account | undefined> {
    const row = this.statements.byUsername.get(username) as AccountRow | undefined;
    // An unknown name costs the same scrypt as a known one: timing does not tell which names exist.
    const matches = await passwordMatches(password, row?.password_salt ?? UNKNOWN_USER.salt, row?.password_hash ?? UNKNOWN_USER.hash);
    if (!row || !matches) return undefined;
    return Accounts.public(row);
  }

  async passwordMatches(accountId: number, password: string): Promise<boolean> {
    const row = this.statements.byId.get(accountId) as AccountRow | undefined;
    return row !== undefined && (await passwordMatches(password, row.password_salt, row.password_hash));
  }

  setPassword(accountId: number, password: string): void {
    const { salt, hash } = hashPassword(password);
    this.statements.setPassword.run(salt, hash, accountId);
  }
}
