/**
 * Session parameters: user writes, account reads and ratings name their caller with a session
 * id in the query (never a header), as the real service wants. Every side reads the names here:
 * the client to send them, the server to read them, `marquee api` to keep them out of output.
 */

/**
 * Which session query parameter an operation takes:
 * - none: no session;
 * - session: `session_id` is required (user writes, account reads);
 * - session-or-guest: `session_id` or `guest_session_id` (ratings);
 * - guest-path: the guest session is the `guest_session_id` path parameter (a guest session's
 *   rated lists). The client fills it in from the credentials, so callers never spell it out.
 */
export type SessionUse = 'none' | 'session' | 'session-or-guest' | 'guest-path';

export const SESSION_PARAM = { user: 'session_id', guest: 'guest_session_id' } as const;

export type SessionParamName = (typeof SESSION_PARAM)[keyof typeof SESSION_PARAM];

export const SESSION_PARAM_NAMES: readonly SessionParamName[] = [SESSION_PARAM.user, SESSION_PARAM.guest];

/** The path parameter that carries the guest session on 'guest-path' operations: a secret too. */
export const GUEST_PATH_PARAM = SESSION_PARAM.guest;

/** Credentials for user-scoped calls. */
export interface SessionCredentials {
  sessionId?: string;
  guestSessionId?: string;
}

export function isSessionParam(name: string): name is SessionParamName {
  return (SESSION_PARAM_NAMES as readonly string[]).includes(name);
}

/** The session parameters an operation reads, in the order it tries them: a user session first. */
export function sessionParamsOf(use: SessionUse): readonly SessionParamName[] {
  switch (use) {
    case 'none':
    case 'guest-path':
      return [];
    case 'session':
      return [SESSION_PARAM.user];
    case 'session-or-guest':
      return SESSION_PARAM_NAMES;
  }
}

function credentialOf(credentials: SessionCredentials, name: SessionParamName): string | undefined {
  return name === SESSION_PARAM.user ? credentials.sessionId : credentials.guestSessionId;
}

/** The one session parameter a call sends, or none when the operation or the caller has none. */
export function sessionParamFor(
  use: SessionUse,
  credentials: SessionCredentials | undefined,
): [SessionParamName, string] | undefined {
  if (!credentials) return undefined;
  for (const name of sessionParamsOf(use)) {
    const id = credentialOf(credentials, name);
    if (id) return [name, id];
  }
  return undefined;
}

/**
 * Session ids given as plain parameters (`marquee api ... -f session_id=...`) become credentials,
 * so they are sent, and kept out of messages, like any other session; the rest is returned.
 */
export function splitSessionParams<V>(
  params: Readonly<Record<string, V>> | undefined,
  credentials: SessionCredentials | undefined,
): { params: Record<string, V>; credentials: SessionCredentials | undefined } {
  if (!params || !SESSION_PARAM_NAMES.some((name) => name in params)) return { params: { ...params }, credentials };
  const { [SESSION_PARAM.user]: sessionId, [SESSION_PARAM.guest]: guestSessionId, ...rest } = params;
  return {
    params: rest,
    credentials: {
      ...credentials,
      ...(sessionId !== undefined ? { sessionId: String(sessionId) } : {}),
      ...(guestSessionId !== undefined ? { guestSessionId: String(guestSessionId) } : {}),
    },
  };
}

/** The session ids among some parameters (for redaction); empty values are not secrets. */
export function sessionIdsIn(params: Readonly<Record<string, unknown>> | undefined): string[] {
  return SESSION_PARAM_NAMES.map((name) => params?.[name]).filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * The path parameters of a call on a 'guest-path' operation, with the guest session filled in
 * from the credentials when the caller left it out; other operations' parameters as given.
 */
export function withGuestPathParam(
  use: SessionUse,
  pathParams: Readonly<Record<string, string | number>>,
  credentials: SessionCredentials | undefined,
): Record<string, string | number> {
  if (use !== 'guest-path' || pathParams[GUEST_PATH_PARAM] !== undefined || !credentials?.guestSessionId) return { ...pathParams };
  return { ...pathParams, [GUEST_PATH_PARAM]: credentials.guestSessionId };
}

/**
 * The credentials of a call, with a guest session named in the path of a 'guest-path'
 * operation added, so messages hide it like any other session id.
 */
export function credentialsWithPathGuest(
  use: SessionUse,
  pathParams: Readonly<Record<string, string | number>> | undefined,
  credentials: SessionCredentials | undefined,
): SessionCredentials | undefined {
  const inPath = use === 'guest-path' ? pathParams?.[GUEST_PATH_PARAM] : undefined;
  if (inPath === undefined || String(inPath) === credentials?.guestSessionId) return credentials;
  return { ...credentials, guestSessionId: String(inPath) };
}
