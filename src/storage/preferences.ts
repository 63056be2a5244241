import { existsSync } from 'node:fs';
import { writeSecretFile } from './secret-file.js';
import { readUserFile, UserFileError } from './user-file.js';

/**
 * settings.json beside the config file: what the user chose on the TUI's settings screen, kept
 * for later runs. Only the program writes it (whole, 0600, by rename), so a file that cannot be
 * read is reported and otherwise left alone; the next choice replaces it.
 */

/** The choices kept: codes as the settings screen chose them, and what the TUI last showed. */
export interface Preferences {
  language?: string;
  region?: string;
  /** The Certifications tab's movies or TV, as last used. */
  certificationsKind?: 'movie' | 'tv';
}

export interface PreferencesRead {
  readonly preferences: Preferences;
  /** Why the file was not used, for the user; undefined when it was read or there is none. */
  readonly problem?: string;
}

export function readPreferences(path: string): PreferencesRead {
  if (!existsSync(path)) return { preferences: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readUserFile(path));
  } catch (error) {
    const why =
      error instanceof SyntaxError ? 'is not valid JSON'
      : error instanceof UserFileError ? error.why
      : `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    return { preferences: {}, problem: `${path} ${why}: it is ignored, and replaced by the next choice on the settings screen` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { preferences: {}, problem: `${path} does not hold a JSON object: it is ignored, and replaced by the next choice on the settings screen` };
  }
  const file = parsed as Record<string, unknown>;
  const preferences: Preferences = {};
  if (typeof file.language === 'string') preferences.language = file.language;
  if (typeof file.region === 'string') preferences.region = file.region;
  if (file.certificationsKind === 'movie' || file.certificationsKind === 'tv') preferences.certificationsKind = file.certificationsKind;
  else if (file.certificationsKind !== undefined) {
    // Hand-edited: the rest of the file still counts; this key is left to the next choice.
    const problem = `${path}: certificationsKind ${JSON.stringify(file.certificationsKind)} is neither "movie" nor "tv": the Certifications tab opens on movies, and t replaces it`;
    return { preferences, problem };
  }
  return { preferences };
}

/** Replaces the file with `preferences` (0600, atomically: a reader sees the old file or the new one). */
export function writePreferences(path: string, preferences: Preferences): void {
  writeSecretFile(path, `${JSON.stringify(preferences, null, 2)}\n`);
}
