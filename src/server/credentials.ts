import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createSecretFileOnce, readSecretFile, UserFileError, writeSecretFile } from '../storage/index.js';
import type { Accounts } from './userdata/accounts.js';

/**
 * The server's two secrets, each kept in a file only its owner can read (0600) in the data
 * directory: the access token clients must send, and the demo account's password. They are
 * created on first start and read back afterwards; they are never printed.
 */

export const TOKEN_FILE = 'server-token';
export const DEMO_ACCOUNT_FILE = 'demo-account.json';
export const DEMO_USERNAME = 'marquee-demo';

export class CredentialsError extends Error {
  override readonly name = 'CredentialsError';
}

/** A token must fit in an Authorization header and a query string as it is. */
export function checkToken(token: string, origin: string): string {
  if (!/^[\x21-\x7e]{8,512}$/.test(token)) {
    throw new CredentialsError(`${origin}: an access token must be 8 to 512 printable characters without spaces`);
  }
  return token;
}

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads the token file, or creates it with a new random token. Two processes starting on a fresh
 * data dir agree on one token: the file is created exclusively and the loser reads the winner's.
 */
export function loadOrCreateTokenFile(path: string): { token: string; created: boolean } {
  if (!existsSync(path)) {
    const token = newAccessToken();
    if (createSecretFileOnce(path, `${token}\n`)) return { token, created: true };
  }
  try {
    // Checked before the file is made 0600: a file refused is left as it was.
    return { token: readSecretFile(path, (text) => checkToken(text.trim(), path)), created: false };
  } catch (error) {
    if (error instanceof UserFileError) throw new CredentialsError(error.message);
    throw error;
  }
}

export function defaultTokenFile(dataDir: string): string {
  return join(dataDir, TOKEN_FILE);
}

export interface DemoAccount {
  username: string;
  password: string;
  file: string;
  created: boolean;
}

function readDemoFile(path: string): { username: string; password: string } | undefined {
  try {
    return readSecretFile(path, (text) => {
      const parsed = JSON.parse(text) as { username?: unknown; password?: unknown };
      if (typeof parsed.username === 'string' && parsed.username && typeof parsed.password === 'string' && parsed.password) {
        return { username: parsed.username, password: parsed.password };
      }
      throw new Error('no username and password');
    });
  } catch {
    // Missing or unreadable: a new password is written below.
  }
  return undefined;
}

/**
 * The account `validate_with_login` and the approval page use. The file is the source of
 * truth: the account is created to match it, and without a usable file a new password is
 * generated and written. An account that already exists is only made to match by `check`
 * (its password reset when the file's differs), which costs a scrypt: the embedded catalog
 * leaves it to the first request that needs the password, so that its start does not wait
 * for it.
 */
export function openDemoAccount(dataDir: string, accounts: Accounts, now: Date): { account: DemoAccount; check(): Promise<void> } {
  const file = join(dataDir, DEMO_ACCOUNT_FILE);
  let stored = readDemoFile(file);
  let created = false;
  if (!stored) {
    const fresh = { username: DEMO_USERNAME, password: randomBytes(12).toString('base64url') };
    // Exclusive: a second process starting at the same moment reads the first one's password.
    created = createSecretFileOnce(file, `${JSON.stringify(fresh, null, 2)}\n`);
    stored = created ? fresh : readDemoFile(file);
    if (!stored) {
      // The file exists but is unusable: it is the source of truth, so it is replaced.
      writeSecretFile(file, `${JSON.stringify(fresh, null, 2)}\n`);
      stored = fresh;
      created = true;
    }
  }
  const { username, password } = stored;
  const account = { username, password, file, created };
  let existing = accounts.byUsername(username);
  if (!existing) {
    try {
      accounts.create({ username, name: 'Demo User', password }, now);
      return { account, check: async () => undefined };
    } catch (error) {
      // Another process starting on the same data dir created it a moment ago: check it below.
      existing = accounts.byUsername(username);
      if (!existing) throw error;
    }
  }
  const id = existing.id;
  return {
    account,
    async check() {
      if (!(await accounts.passwordMatches(id, password))) accounts.setPassword(id, password);
    },
  };
}
