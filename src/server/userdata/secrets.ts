import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Uint8Array, length: number) => Promise<Buffer>;

/** Hashing for what the user database must not hold in the clear. */

/** Request tokens and session ids are looked up by their SHA-256. */
export function lookupHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** 40 hex digits, the shape of the real service's request tokens and session ids. */
export function newSecretId(): string {
  return randomBytes(20).toString('hex');
}

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): { salt: Buffer; hash: Buffer } {
  return { salt, hash: scryptSync(password, salt, 32) };
}

/**
 * scrypt takes tens of milliseconds by design: checked on libuv's thread pool, so a sign-in
 * does not stall every other request, and start-up checks the demo password in parallel.
 */
export async function passwordMatches(password: string, salt: Uint8Array, expected: Uint8Array): Promise<boolean> {
  const actual = await scryptAsync(password, salt, expected.length);
  return timingSafeEqual(actual, expected);
}
