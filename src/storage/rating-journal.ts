import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { serviceKey } from './sessions.js';
import { writeSecretFile } from './secret-file.js';

/**
 * Episode ratings asked for while the service could not take them (it was unreachable, or the
 * session had expired): kept on disk beside the sessions file until they are sent, so that
 * `kill -9` at any moment loses nothing the screen showed as pending. One file for every
 * service, each service's entries apart; written whole and atomically, 0600 (it names the
 * account, never a session id).
 */
export const RATING_JOURNAL_FILE = 'pending-ratings.json';

export interface JournaledRating {
  /** Whose rating: "user:<account id>" or "guest". */
  readonly account: string;
  readonly seriesId: number;
  readonly season: number;
  readonly episode: number;
  /** The rating asked for; null for a delete. */
  readonly value: number | null;
  /** What the service held as far as this machine knew when it was asked (null: no rating): a different value there later was set elsewhere. */
  readonly before: number | null;
}

export interface RatingJournal {
  load(): JournaledRating[];
  save(entries: readonly JournaledRating[]): void;
}

const isEntry = (value: unknown): value is JournaledRating => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const rating = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
  return (
    typeof entry.account === 'string' &&
    Number.isInteger(entry.seriesId) &&
    Number.isInteger(entry.season) &&
    Number.isInteger(entry.episode) &&
    rating(entry.value) &&
    rating(entry.before)
  );
};

function readAll(path: string): Record<string, JournaledRating[]> {
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const all: Record<string, JournaledRating[]> = {};
    for (const [service, entries] of Object.entries(parsed)) if (Array.isArray(entries)) all[service] = entries.filter(isEntry);
    return all;
  } catch {
    // A damaged file cannot be read back; the next write replaces it.
    return {};
  }
}

export function fileRatingJournal(dataDir: string, baseUrl: string | undefined): RatingJournal {
  const path = join(dataDir, RATING_JOURNAL_FILE);
  const key = serviceKey(baseUrl);
  return {
    load: () => readAll(path)[key] ?? [],
    save(entries) {
      const all = readAll(path);
      if (entries.length > 0) all[key] = [...entries];
      else delete all[key];
      if (Object.keys(all).length === 0) rmSync(path, { force: true });
      else writeSecretFile(path, `${JSON.stringify(all, null, 1)}\n`);
    },
  };
}
