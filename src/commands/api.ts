import {
  ContractMismatchError, NetworkError, RequestInputError, ServiceError, redactSecrets,
  type RetryPolicy, type SessionCredentials,
} from '../api/index.js';
import {
  GUEST_PATH_PARAM, closeMatches, isPlausibleMatch, isSessionParam, matchPath, normalizePath, operationKeys, operations, parseWith,
  jsonForTerminal, oneLine, sessionIdsIn, terminalSafe, type FieldProblem, type HttpMethod, type OperationSpec, type PathMatch,
} from '../contract/index.js';
import { ConfigFileError, configFilePath, resolveSettings, type Env } from '../config/settings.js';
import {
  LockTimeoutError, SessionFileError, loadStoredSession, saveStoredSession, serviceKey, sessionFilePath,
  type StorageNotice,
} from '../storage/index.js';
import { VERSION } from '../version.js';
import { connectClient } from './embedded-catalog.js';
import { readFlags } from './flags.js';

/**
 * `marquee api <path>`: calls one operation of the table through the client, like `gh api`,
 * and prints the validated answer as JSON. Failures are one line on stderr and an exit code:
 * 0 ok, 1 service error, 2 usage, 3 contract mismatch, 4 network.
 */

export const EXIT = { ok: 0, service: 1, usage: 2, contract: 3, network: 4 } as const;

interface Output {
  write(text: string): unknown;
}

export interface ApiCommandIo {
  env?: Env;
  stdout?: Output;
  stderr?: Output;
  /** Retry timing; tests make it fast. */
  retry?: Partial<RetryPolicy>;
}

class UsageError extends Error {}

/** The config file's path, or where it is looked for when there is no home folder to find it in. */
function configFileForHelp(env: Env): string {
  try {
    return configFilePath(env);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    return '$XDG_CONFIG_HOME/marquee/config.yaml';
  }
}

function usage(env: Env): string {
  const width = Math.max(...operationKeys.map((k) => operations[k].path.length));
  const table = operationKeys
    .map((k) => {
      const spec: OperationSpec = operations[k];
      return `  ${spec.method.padEnd(6)} ${spec.path.padEnd(width)}  ${spec.summary}`;
    })
    .join('\n');
  return `Usage: marquee api <path> [-X METHOD] [-f key=value]... [--data JSON] [--base-url URL] [--timeout MS]

Calls one operation of the catalog service and prints its answer as JSON, checked against the contract.

  <path>              an operation path such as /3/movie/550 (the leading /3 may be left out)
  -X, --method M      GET, POST or DELETE. Default: GET; POST when -f or --data is given for a
                      path that takes no GET. DELETE is never implied.
  -f, --field k=v     a parameter (repeatable). GET and DELETE: a query parameter. POST: a body
                      field, unless the operation declares k as a query parameter (e.g. confirm).
  --data JSON         the request body, as JSON (-f fields are merged into it)
  --base-url URL      the service, e.g. https://api.themoviedb.org; without one, the embedded
                      catalog answers (started in-process, as the TUI does)
  --timeout MS        give up after MS milliseconds for the whole call, retries included
                      (default 10000)
  --strict            also warn (on stderr) about each field of the full modern shape that the
                      answer lacks or sends as null; the answer is still printed and exits 0
  -h, --help          this help
  -V, --version       the version

Operations that need a session use the one kept when you signed in, from the TUI or here
(for the same service). Session ids are never printed: a session that session/new or
guest_session/new creates is kept (0600) and shown as "[kept for later calls]";
DELETE /3/authentication/session with no session_id signs out the kept session.
A guest session's rated lists take "-" for the kept guest session: /3/guest_session/-/rated/movies.

Settings (flags win over the environment, which wins over the config file):
  MARQUEE_TOKEN       the access token (API read access token), sent as a Bearer header
  MARQUEE_BASE_URL    the service address (same as --base-url)
  MARQUEE_TIMEOUT_MS  the timeout (same as --timeout)
  config file         ${configFileForHelp(env)}
                      {"token": "...", "base_url": "...", "timeout_ms": 10000}, readable only by you (0600)

The answer is printed as the service sent it (only kept session ids are masked). Old records
lack fields and send nulls: that is fine. Exit code 3 is only for an answer the client cannot
use: not JSON, a field of the wrong type, or no id (or results) where one is needed.

Exit codes: 0 ok, 1 service error, 2 usage, 3 answer does not match the contract, 4 network.

Examples:
  marquee api /3/configuration
  marquee api /3/search/multi -f query="blade runner" -f page=2
  marquee api /3/movie/550/images -f include_image_language=en,null
  marquee api /3/list -f name=Watchlist -f description="Films to see"
  marquee api /3/list/42/clear -f confirm=true
  marquee api /3/tv/1399/season/1/episode/1/rating -f value=8.5
  marquee api -X DELETE /3/list/42
  marquee api /3/account/0/rated/movies -f sort_by=created_at.desc
  marquee api /3/account/0/watchlist -f media_type=movie -f media_id=550 -f watchlist=true

Operations:
${table}`;
}

/**
 * A guest session's rated lists name the guest session in the path: "-" there stands for the
 * kept one (its id is never shown, so it cannot be typed). Returns a session id typed in the
 * path, to be hidden like any other.
 */
function guestInPath(match: PathMatch): string | undefined {
  if (match.spec.session !== 'guest-path') return undefined;
  const given = match.pathParams[GUEST_PATH_PARAM];
  if (given === KEPT_GUEST_SEGMENT) {
    delete match.pathParams[GUEST_PATH_PARAM];
    return undefined;
  }
  return given;
}

const KEPT_GUEST_SEGMENT = '-';

function parseMethod(raw: string | undefined): HttpMethod | undefined {
  if (raw === undefined) return undefined;
  const method = raw.toUpperCase();
  if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
    throw new UsageError(`-X ${raw}: the service's operations use GET, POST or DELETE`);
  }
  return method;
}

/** Finds the operation: the method given, else GET, else POST when there is something to post. */
function chooseOperation(rawPath: string, method: HttpMethod | undefined, hasInput: boolean): PathMatch {
  const matches = matchPath(rawPath).filter(isPlausibleMatch);
  if (matches.length === 0) {
    const near = closeMatches(rawPath);
    const hint = near.length > 0 ? `; did you mean ${near.join(', ')}?` : '; see marquee api --help for the operations';
    throw new UsageError(`no operation matches ${normalizePath(rawPath)}${hint}`);
  }
  const methods = [...new Set(matches.map((m) => m.spec.method))];
  if (method) {
    const chosen = matches.find((m) => m.spec.method === method);
    if (!chosen) throw new UsageError(`${normalizePath(rawPath)} takes ${methods.join(' or ')}, not ${method}`);
    return chosen;
  }
  const get = matches.find((m) => m.spec.method === 'GET');
  if (get) return get;
  // Fields go somewhere: to a POST when the path takes one (a rating path also takes DELETE,
  // which is never implied).
  const post = matches.find((m) => m.spec.method === 'POST');
  if (hasInput && post) return post;
  throw new UsageError(`${normalizePath(rawPath)} takes ${methods.join(' or ')}: pass -X ${methods[0]}`);
}

function parseField(raw: string): [string, string] {
  const at = raw.indexOf('=');
  if (at <= 0) throw new UsageError(`-f expects key=value, not "${raw.slice(0, 40)}"`);
  return [raw.slice(0, at), raw.slice(at + 1)];
}

/**
 * A body field from argv is text; the body schema says whether the operation wants a number
 * (media_id=550), a boolean or text (name=1984 stays the string "1984").
 */
function bodyFieldValue(spec: OperationSpec, key: string, raw: string): unknown {
  const shape = (spec.body as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined)?.shape;
  const field = shape?.[key];
  const candidates: unknown[] = [raw];
  if (raw.trim() !== '' && Number.isFinite(Number(raw))) candidates.push(Number(raw));
  if (raw === 'true' || raw === 'false') candidates.push(raw === 'true');
  if (raw === 'null') candidates.push(null);
  if (!field) return candidates.at(-1);
  return candidates.find((value) => field.safeParse(value).success) ?? raw;
}

interface Request {
  match: PathMatch;
  query: Record<string, string>;
  body: unknown;
}

function buildRequest(path: string, method: HttpMethod | undefined, fieldArgs: string[], data: string | undefined): Request {
  const fields: Array<[string, string]> = [];
  const inlineQuery = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  for (const [key, value] of new URLSearchParams(inlineQuery)) fields.push([key, value]);
  for (const raw of fieldArgs) fields.push(parseField(raw));

  const match = chooseOperation(path, method, fieldArgs.length > 0 || data !== undefined);
  const { spec } = match;
  const isQueryKey = (key: string) => key in spec.query || (spec.session !== 'none' && isSessionParam(key));

  let body: unknown;
  if (data !== undefined) {
    try {
      body = JSON.parse(data);
    } catch {
      throw new UsageError('--data is not valid JSON');
    }
  }
  const query: Record<string, string> = {};
  const bodyFields: Record<string, unknown> = {};
  for (const [key, value] of fields) {
    if (spec.body && !isQueryKey(key)) bodyFields[key] = bodyFieldValue(spec, key, value);
    else query[key] = value;
  }
  if (Object.keys(bodyFields).length > 0) {
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new UsageError('-f fields can only be merged into a --data JSON object');
    }
    body = { ...(body as Record<string, unknown> | undefined), ...bodyFields };
  }
  return { match, query, body };
}

/**
 * Session ids are secrets and never printed. A session an answer creates is kept instead, 0600,
 * where the TUI keeps its own, so later calls (and the TUI) use it; signing out with no id given
 * signs out the kept session and forgets it.
 */
const KEPT = '[kept for later calls]';

/** Where the session file is, and who hears about it (stderr). */
interface KeptSessions {
  dataDir: string;
  baseUrl: string | undefined;
  notice: StorageNotice;
}

function withKeptSessionToDelete(key: string, body: unknown, { dataDir, baseUrl, notice }: KeptSessions): unknown {
  if (key !== 'deleteSession') return body;
  const given = (body as { session_id?: unknown } | undefined)?.session_id;
  if (given !== undefined) return body;
  const kept = loadStoredSession(dataDir, serviceKey(baseUrl), notice);
  return kept?.kind === 'user' ? { ...(body as object | undefined), session_id: kept.id } : body;
}

function keepSessions(
  key: string,
  answer: unknown,
  body: unknown,
  { dataDir, baseUrl, notice }: KeptSessions,
): { shown: unknown; note?: string } {
  const service = serviceKey(baseUrl);
  const where = sessionFilePath(dataDir);
  const record = answer as { session_id?: unknown; guest_session_id?: unknown; expires_at?: unknown };
  if (key === 'createSession' && typeof record.session_id === 'string') {
    saveStoredSession(dataDir, service, { kind: 'user', id: record.session_id }, notice);
    return { shown: { ...record, session_id: KEPT }, note: `signed in: the session is kept in ${where} (readable only by you)` };
  }
  if (key === 'createGuestSession' && typeof record.guest_session_id === 'string') {
    const expiresAt = typeof record.expires_at === 'string' ? record.expires_at : undefined;
    saveStoredSession(dataDir, service, { kind: 'guest', id: record.guest_session_id, expiresAt }, notice);
    return { shown: { ...record, guest_session_id: KEPT }, note: `guest session kept in ${where} (readable only by you)` };
  }
  if (key === 'deleteSession') {
    const ended = (body as { session_id?: unknown } | undefined)?.session_id;
    const kept = loadStoredSession(dataDir, service, notice);
    if (kept && kept.id === ended) {
      saveStoredSession(dataDir, service, undefined, notice);
      return { shown: answer, note: 'signed out: the kept session is forgotten' };
    }
  }
  return { shown: answer };
}

/** What an answer lacks of the full modern shape: one line per field, absent or null or other. */
export function modernShapeWarnings(spec: OperationSpec, body: unknown): string[] {
  const outcome = parseWith(spec.modern, body);
  if (outcome.ok) return [];
  const kind = (problem: FieldProblem) =>
    /received undefined/.test(problem.message) ? 'absent' : /received null/.test(problem.message) ? 'null' : problem.message;
  return outcome.problems.map((problem) => `${problem.path}: ${kind(problem)}`);
}

function storedSession({ dataDir, baseUrl, notice }: KeptSessions): SessionCredentials | undefined {
  const stored = loadStoredSession(dataDir, serviceKey(baseUrl), notice);
  if (!stored) return undefined;
  return stored.kind === 'user' ? { sessionId: stored.id } : { guestSessionId: stored.id };
}

export async function runApiCommand(args: string[], io: ApiCommandIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  /** Secrets known so far; any failure line is scrubbed of them before it is written. */
  const secrets: string[] = [];
  const fail = (code: number, message: string): number => {
    // The message may quote the service (its status_message): no escape sequence reaches the terminal.
    const line = redactSecrets(oneLine(message), secrets);
    stderr.write(`marquee api: ${line}\n`);
    return code;
  };

  const parsed = readFlags(
    args,
    {
      method: { type: 'string', short: 'X' },
      field: { type: 'string', short: 'f', multiple: true },
      data: { type: 'string' },
      'base-url': { type: 'string' },
      timeout: { type: 'string' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'V' },
    },
    { positionals: true },
  );
  if (!parsed.ok) return fail(EXIT.usage, `${parsed.problem} (see marquee api --help)`);
  const { values, positionals } = parsed;
  if (values.help) {
    stdout.write(`${usage(env)}\n`);
    return EXIT.ok;
  }
  if (values.version) {
    stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }

  let request: Request;
  let timeoutMs: number | undefined;
  try {
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? 'expected an operation path, e.g. marquee api /3/configuration (see marquee api --help)'
          : `expected one path, got ${positionals.length}: ${positionals.join(' ')}`,
      );
    }
    if (values.timeout !== undefined) {
      timeoutMs = Number(values.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
        throw new UsageError(`--timeout expects a positive number of milliseconds, not "${values.timeout}"`);
      }
    }
    request = buildRequest(positionals[0]!, parseMethod(values.method), values.field ?? [], values.data);
  } catch (error) {
    if (error instanceof UsageError) return fail(EXIT.usage, error.message);
    throw error;
  }

  let settings;
  try {
    settings = await resolveSettings({ baseUrl: values['base-url'], timeoutMs }, env);
  } catch (error) {
    if (error instanceof ConfigFileError) return fail(EXIT.usage, error.message);
    throw error;
  }
  for (const warning of settings.warnings) stderr.write(`marquee api: warning: ${warning}\n`);
  if (settings.token) secrets.push(settings.token);
  if (settings.baseUrl && !settings.token) {
    return fail(EXIT.usage, `no access token: set MARQUEE_TOKEN or add "token" to ${settings.configFile}`);
  }

  const { match, query } = request;
  const pathGuest = guestInPath(match);
  if (pathGuest) secrets.push(pathGuest);
  const sessions: KeptSessions = {
    dataDir: settings.dataDir,
    baseUrl: settings.baseUrl,
    notice: (message) => stderr.write(`marquee api: ${terminalSafe(message)}\n`),
  };
  const givenSession = Object.keys(query).some(isSessionParam);
  let body: unknown;
  let session: SessionCredentials | undefined;
  try {
    body = withKeptSessionToDelete(match.key, request.body, sessions);
    session = match.spec.session !== 'none' && !givenSession ? storedSession(sessions) : undefined;
  } catch (error) {
    if (error instanceof SessionFileError || error instanceof LockTimeoutError) return fail(EXIT.usage, error.message);
    throw error;
  }
  const bodySession = (body as { session_id?: unknown } | undefined)?.session_id;
  for (const value of [session?.sessionId, session?.guestSessionId, bodySession, ...sessionIdsIn(query)]) {
    if (typeof value === 'string' && value) secrets.push(value);
  }

  // No service configured: answer from the embedded catalog, started in-process as the TUI does,
  // so `marquee api` works offline and shares the TUI's stored session for that catalog.
  const connected = await connectClient(settings, secrets, () => ({
    timeoutMs: settings.timeoutMs,
    // --timeout bounds the whole call: a service that drips a byte now and then is cut off too.
    deadlineMs: settings.timeoutMs,
    cache: false,
    retry: io.retry,
  }));
  if ('problem' in connected) return fail(EXIT.usage, connected.problem);
  const { client } = connected;
  try {
    const answer = await client.callLooseAnswer(match.key, { pathParams: match.pathParams, query, body, session });
    // The body as sent, not as read: the reader fills in nothing and converts nothing.
    const sent: unknown = JSON.parse(answer.text);
    let kept: { shown: unknown; note?: string };
    try {
      kept = keepSessions(match.key, sent, body, sessions);
    } catch (error) {
      if (!(error instanceof SessionFileError || error instanceof LockTimeoutError)) throw error;
      // The service made a session we could not keep: it is not printed (it is a secret).
      return fail(EXIT.usage, `the answer could not be kept: ${error.message}`);
    }
    // JSON.stringify escapes C0 controls but writes DEL, C1 (0x9b is CSI to many terminals) and
    // bidirectional controls as they are: jsonForTerminal escapes those too, the same JSON value.
    stdout.write(`${jsonForTerminal(JSON.stringify(kept.shown, null, 2))}\n`);
    if (kept.note) stderr.write(`marquee api: ${kept.note}\n`);
    if (values.strict) for (const line of modernShapeWarnings(match.spec, sent)) stderr.write(`marquee api: --strict: ${oneLine(line)}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ServiceError) {
      const code = error.statusCode !== undefined ? `${error.statusCode} ` : '';
      const hint =
        error.isAuthProblem && match.spec.session !== 'none' && !session && !givenSession
          ? '; this operation needs a session: sign in from the TUI first'
          : '';
      return fail(EXIT.service, `${code}${error.statusMessage} (HTTP ${error.httpStatus})${hint}`);
    }
    if (error instanceof ContractMismatchError) return fail(EXIT.contract, error.message);
    if (error instanceof NetworkError) return fail(EXIT.network, error.message);
    if (error instanceof RequestInputError) return fail(EXIT.usage, error.message);
    return fail(EXIT.service, `unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await connected.close();
  }
}
