import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { serviceAddress } from '../contract/address.js';
import { SERVICE_LANGUAGE, localeRegion, parseContentLanguage, parseRegionCode, type CodeOutcome } from '../contract/locale.js';
import { readPreferences, type Preferences } from '../storage/preferences.js';
import type { ConfigFile } from './file-check.js';
import { findConfigFile, readConfig, type ReadConfig } from './file.js';
import { ConfigFileError, describeProblem, tokenProblem } from './file-terms.js';

/**
 * Settings, by precedence: flags > environment > config file > embedded default.
 * Secrets (the access token, session ids) are only ever read from the environment or from
 * files created 0600; they never come from argv in examples and never go to output.
 */

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The folder an XDG base-directory variable names, else `underHome` in the home folder. As the
 * XDG spec says, a relative path in the variable is ignored. With no usable home either (HOME
 * empty or relative, as `HOME= marquee` gives), Marquee refuses rather than keep secrets in
 * whatever folder it was started in.
 */
function baseFolder(env: Env, variable: 'XDG_CONFIG_HOME' | 'XDG_DATA_HOME' | 'XDG_CACHE_HOME', underHome: string): string {
  const named = env[variable];
  if (named && isAbsolute(named)) return named;
  // HOME as this environment gives it; when it has none, the system's (the password database's).
  const home = env.HOME ?? homedir();
  if (home && isAbsolute(home)) return join(home, underHome);
  const problem = home ? 'HOME is not an absolute path' : 'HOME is empty';
  const ignored = named ? ` and ${variable} is not an absolute path (so it is ignored)` : ` and ${variable} is not set`;
  throw new ConfigFileError(
    `no folder to keep Marquee's files in: ${problem}${ignored}; set HOME to your home folder, or ${variable} to an absolute path`,
  );
}

export function configDir(env: Env = process.env): string {
  return join(baseFolder(env, 'XDG_CONFIG_HOME', '.config'), 'marquee');
}

export function dataDir(env: Env = process.env): string {
  return env.MARQUEE_DATA_DIR || join(baseFolder(env, 'XDG_DATA_HOME', join('.local', 'share')), 'marquee');
}

/**
 * The client's disk cache: `$XDG_CACHE_HOME/marquee` (default ~/.cache/marquee); undefined when
 * MARQUEE_CACHE=off (or 0, false, no) turns it off.
 */
export function cacheDir(env: Env = process.env): string | undefined {
  if (['off', '0', 'false', 'no'].includes((env.MARQUEE_CACHE ?? '').trim().toLowerCase())) return undefined;
  return join(baseFolder(env, 'XDG_CACHE_HOME', '.cache'), 'marquee');
}

/**
 * The disk cache's folder; off for the run when there is no folder for it but the others are
 * set, said in `warnings` (the caller passes none to fill where the cache is not used: the
 * embedded catalog).
 */
function cacheDirOrOff(env: Env, warnings: string[]): string | undefined {
  try {
    return cacheDir(env);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    warnings.push(`${error.message}: the disk cache is off for this run`);
    return undefined;
  }
}

/** The config file read (config.yaml, config.yml or config.json), or where a new one would go. */
export function configFilePath(env: Env = process.env): string {
  return findConfigFile(configDir(env)) ?? join(configDir(env), 'config.json');
}

/** What the TUI's settings screen chose, beside the config file (which stays the user's own). */
export function settingsFilePath(env: Env = process.env): string {
  return join(configDir(env), 'settings.json');
}

export { ConfigFileError, type ConfigFile };

/** The config file as it stands (marquee serve reads its own keys from it, such as faults). */
export async function readConfigFile(env: Env = process.env): Promise<ConfigFile> {
  return (await readConfig(configDir(env))).config;
}

export interface SettingsFlags {
  baseUrl?: string;
  timeoutMs?: number;
}

export interface Settings {
  /** undefined: use the embedded catalog. */
  baseUrl?: string;
  token?: string;
  tokenSource: 'environment' | 'config file' | 'none';
  timeoutMs: number;
  dataDir: string;
  /** The disk cache's directory; undefined when it is turned off. */
  cacheDir: string | undefined;
  configFile: string;
  /** Where the settings screen keeps its choices. */
  settingsFile: string;
  /** The language titles and overviews are asked in, and where that came from. */
  language: ResolvedSetting;
  /** The region "where to watch" shows, and where that came from. */
  region: ResolvedSetting;
  /** What the user should fix but need not stop for (a config file others can read). */
  warnings: string[];
  /** The config file as read: its keys and theme, and where each setting stands in it. */
  config: ReadConfig;
}

/** A config file holds the token: say so when others can read it. */
export function configFileWarnings(path: string): string[] {
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) {
      return [`${path} can be read by other users (mode ${mode.toString(8).padStart(3, '0')}) and may hold your token: chmod 600 ${path}`];
    }
  } catch {
    // No file: nothing to warn about.
  }
  return [];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Where a language or region setting came from, as the settings screen names it. */
export type SettingSource = 'environment' | 'config file' | 'settings file' | 'locale' | 'default';

export interface ResolvedSetting {
  readonly value: string;
  readonly source: SettingSource;
  /** MARQUEE_LANGUAGE or the config file's key, when that decided: a choice on the screen does not outlast the run. */
  readonly lockedBy?: string;
}

/** Where "where to watch" looks when nothing names a region. */
export const DEFAULT_REGION = 'US';

interface Candidate {
  readonly text: string | undefined;
  readonly source: SettingSource;
  /** How the user would name where it came from, in a warning. */
  readonly where: string;
}

/**
 * The first candidate that is set and valid, by precedence. One that is set but is no code
 * gives a warning naming where it came from, and the next one is used.
 */
function firstValid(
  candidates: readonly Candidate[],
  parse: (text: string) => CodeOutcome,
  fallback: Omit<ResolvedSetting, 'lockedBy'>,
  warnings: string[],
): ResolvedSetting {
  for (const candidate of candidates) {
    if (candidate.text === undefined || candidate.text.trim() === '') continue;
    const outcome = parse(candidate.text);
    if (!outcome.ok) {
      warnings.push(`${candidate.where}: ${outcome.problem}; it is not used`);
      continue;
    }
    const locked = candidate.source === 'environment' || candidate.source === 'config file';
    return { value: outcome.code, source: candidate.source, ...(locked ? { lockedBy: candidate.where } : {}) };
  }
  return fallback;
}

/** The region of the locale, as the C library reads the variables: the first one set decides. */
function localeRegionOf(env: Env): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return localeRegion(value);
  }
  return undefined;
}

/**
 * Content language and region, by precedence: the environment (MARQUEE_LANGUAGE, MARQUEE_REGION),
 * the config file, the settings screen's file, then the service's default language and the
 * locale's region (else the United States).
 */
export function resolveLanguageAndRegion(
  env: Env,
  file: ConfigFile,
  preferences: Preferences,
  paths: { configFile: string; settingsFile: string },
  warnings: string[],
): { language: ResolvedSetting; region: ResolvedSetting } {
  const language = firstValid(
    [
      { text: env.MARQUEE_LANGUAGE, source: 'environment', where: 'MARQUEE_LANGUAGE' },
      { text: file.language, source: 'config file', where: `${paths.configFile} (language)` },
      { text: preferences.language, source: 'settings file', where: `${paths.settingsFile} (language)` },
    ],
    parseContentLanguage,
    { value: SERVICE_LANGUAGE, source: 'default' },
    warnings,
  );
  const fromLocale = localeRegionOf(env);
  const localeValid = fromLocale !== undefined && parseRegionCode(fromLocale).ok;
  const region = firstValid(
    [
      { text: env.MARQUEE_REGION, source: 'environment', where: 'MARQUEE_REGION' },
      { text: file.region, source: 'config file', where: `${paths.configFile} (region)` },
      { text: preferences.region, source: 'settings file', where: `${paths.settingsFile} (region)` },
    ],
    parseRegionCode,
    localeValid ? { value: fromLocale, source: 'locale' } : { value: DEFAULT_REGION, source: 'default' },
    warnings,
  );
  return { language, region };
}

export async function resolveSettings(flags: SettingsFlags = {}, env: Env = process.env): Promise<Settings> {
  const config = await readConfig(configDir(env));
  const file = config.config;
  const token = env.MARQUEE_TOKEN || file.token;
  // The config file's token is checked with the file (by line); the environment's here.
  const envTokenProblem = env.MARQUEE_TOKEN ? tokenProblem(env.MARQUEE_TOKEN) : undefined;
  if (envTokenProblem) throw new ConfigFileError(`MARQUEE_TOKEN ${envTokenProblem}`);
  const timeoutFromEnv = env.MARQUEE_TIMEOUT_MS ? Number(env.MARQUEE_TIMEOUT_MS) : undefined;
  if (timeoutFromEnv !== undefined && !(timeoutFromEnv > 0)) {
    throw new ConfigFileError('MARQUEE_TIMEOUT_MS must be a positive number of milliseconds');
  }
  const configFile = configFilePath(env);
  const settingsFile = settingsFilePath(env);
  const warnings = [...configFileWarnings(configFile), ...config.warnings.map((problem) => describeProblem(configFile, problem))];
  const preferences = readPreferences(settingsFile);
  if (preferences.problem) warnings.push(preferences.problem);
  const { language, region } = resolveLanguageAndRegion(env, file, preferences.preferences, { configFile, settingsFile }, warnings);
  const baseUrl = normalizeBaseUrl(flags.baseUrl || env.MARQUEE_BASE_URL || file.base_url);
  return {
    baseUrl,
    token,
    tokenSource: env.MARQUEE_TOKEN ? 'environment' : file.token ? 'config file' : 'none',
    timeoutMs: flags.timeoutMs ?? timeoutFromEnv ?? file.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    dataDir: dataDir(env),
    cacheDir: cacheDirOrOff(env, baseUrl === undefined ? [] : warnings),
    configFile,
    settingsFile,
    language,
    region,
    warnings,
    config,
  };
}

/** "https://api.themoviedb.org/3/" -> "https://api.themoviedb.org": operation paths carry /3. */
export function normalizeBaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const address = serviceAddress(raw);
  if (!address.ok) throw new ConfigFileError(address.problem);
  return `${address.url.origin}${address.url.pathname === '/' ? '' : address.url.pathname}`;
}
