import { CatalogClient, ContractMismatchError, NetworkError, ServiceError, redactSecrets, type RetryPolicy } from '../api/index.js';
import { SERVICE_RATE_LIMIT } from '../contract/limits.js';
import { oneLine, terminalSafe } from '../contract/index.js';
import { ConfigFileError, resolveSettings, type Env } from '../config/settings.js';
import { LockTimeoutError, SessionFileError, fileRatingDates, loadStoredSession, serviceKey } from '../storage/index.js';
import type { RatingDatesStorage } from '../storage/rating-dates.js';
import { connectClient } from './embedded-catalog.js';

/**
 * What `marquee export` and `marquee import` share with `marquee api`: the service (the one
 * configured, else the embedded catalog started in-process), the token, and the user session
 * kept by the TUI or `marquee api` for that service. Their secrets are collected so that any
 * message can be scrubbed of them.
 */

export interface Output {
  write(text: string): unknown;
}

export interface AccountCommandIo {
  env?: Env;
  stdout?: Output & { isTTY?: boolean };
  stderr?: Output;
  retry?: Partial<RetryPolicy>;
}

export class CommandFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AccountConnection {
  readonly client: CatalogClient;
  readonly accountId: number;
  readonly username: string;
  /** Where the sessions file (and so the import journal) lives. */
  readonly dataDir: string;
  readonly secrets: readonly string[];
  /** The record of when ratings were given (the Stats timelines read it); imports add the file's dates. */
  readonly ratingDates: RatingDatesStorage;
  close(): Promise<void>;
}

export async function openAccount(
  command: string,
  flags: { baseUrl?: string },
  io: AccountCommandIo,
): Promise<AccountConnection> {
  const env = io.env ?? process.env;
  const stderr = io.stderr ?? process.stderr;
  const secrets: string[] = [];
  let settings;
  try {
    settings = await resolveSettings({ baseUrl: flags.baseUrl }, env);
  } catch (error) {
    if (error instanceof ConfigFileError) throw new CommandFailure(2, error.message);
    throw error;
  }
  for (const warning of settings.warnings) stderr.write(`marquee ${command}: warning: ${warning}\n`);
  if (settings.token) secrets.push(settings.token);
  if (settings.baseUrl && !settings.token) {
    throw new CommandFailure(2, `no access token: set MARQUEE_TOKEN or add "token" to ${settings.configFile}`);
  }
  let stored;
  try {
    stored = loadStoredSession(settings.dataDir, serviceKey(settings.baseUrl), (message) =>
      stderr.write(`marquee ${command}: ${terminalSafe(message)}\n`));
  } catch (error) {
    if (error instanceof SessionFileError || error instanceof LockTimeoutError) throw new CommandFailure(2, error.message);
    throw error;
  }
  if (stored?.kind !== 'user') {
    const what = stored?.kind === 'guest' ? 'a guest session has no watchlist, favourites or lists' : 'no one is signed in';
    throw new CommandFailure(
      2,
      `${what}: sign in from the TUI (or with marquee api /3/authentication/session/new) for this service first`,
    );
  }
  secrets.push(stored.id);

  const connected = await connectClient(settings, secrets, (service) => ({
    timeoutMs: settings.timeoutMs,
    cache: false,
    retry: io.retry,
    session: { sessionId: stored.id },
    // The real service answers 429 beyond its limit: a long run stays under it.
    ...(service === 'embedded' ? {} : { rateLimit: SERVICE_RATE_LIMIT }),
  }));
  if ('problem' in connected) throw new CommandFailure(2, connected.problem);
  const { client, close } = connected;
  try {
    const account = await client.call('accountOfSession');
    return {
      client, accountId: account.id, username: account.username ?? '', dataDir: settings.dataDir, secrets, close,
      ratingDates: fileRatingDates(settings.dataDir, settings.baseUrl),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One line for stderr: no escape sequence from the service, no secret, on one line. */
export function failureLine(command: string, message: string, secrets: readonly string[]): string {
  return `marquee ${command}: ${redactSecrets(oneLine(message), [...secrets])}\n`;
}

/** How an account command fails: a line on stderr, scrubbed of the secrets it has `learn`t so far, and its exit code. */
export interface CommandFailures {
  readonly fail: (code: number, message: string) => number;
  readonly learn: (secrets: readonly string[]) => void;
}

export function commandFailures(command: string, stderr: Output): CommandFailures {
  let secrets: readonly string[] = [];
  return {
    fail: (code, message) => {
      stderr.write(failureLine(command, message, secrets));
      return code;
    },
    learn: (known) => {
      secrets = known;
    },
  };
}

/** The account, whose secrets every later failure line is scrubbed of; or, when it cannot be opened, the exit code after saying why. */
export async function openAccountOrFail(
  command: 'export' | 'import',
  baseUrl: string | undefined,
  io: AccountCommandIo,
  failures: CommandFailures,
): Promise<AccountConnection | number> {
  try {
    const connection = await openAccount(command, { baseUrl }, io);
    failures.learn(connection.secrets);
    return connection;
  } catch (error) {
    return failure(error, failures.fail);
  }
}

/** The exit code and line for a failure of a command that talks to the account. */
export function failure(error: unknown, fail: (code: number, message: string) => number): number {
  if (error instanceof CommandFailure) return fail(error.exitCode, error.message);
  if (error instanceof ServiceError) {
    const code = error.statusCode !== undefined ? `${error.statusCode} ` : '';
    const hint = error.isAuthProblem ? '; the kept session may have ended: sign in again' : '';
    return fail(1, `${code}${error.statusMessage} (HTTP ${error.httpStatus})${hint}`);
  }
  if (error instanceof ContractMismatchError) return fail(3, error.message);
  if (error instanceof NetworkError) return fail(4, error.message);
  return fail(1, `unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
}
