import type * as z from 'zod';
import type { ModernResponseOf, OperationKey, Operations, PathValuesOf, QueryValuesOf } from '../../contract/index.js';
import type { CatalogGenerator } from '../catalog/generator.js';
import type { CatalogIndex } from '../catalog/store.js';
import type { Account } from '../userdata/accounts.js';
import type { GuestSession } from '../userdata/sessions.js';
import type { UserStore } from '../userdata/store.js';

/** What every handler can reach: the catalog, user data, the clock and the server's address. */
export interface ServerContext {
  readonly catalog: CatalogGenerator;
  readonly index: CatalogIndex;
  readonly users: UserStore;
  readonly now: () => Date;
  /** Origin of this server as clients reach it (http://host:port), for image addresses. */
  origin(hostHeader: string | undefined): string;
  /** The account the approval page approves tokens for. */
  /** Set once the demo account is checked, before the server listens. */
  demoUsername: string;
}

/** The validated body of an operation (after defaults), or undefined when it takes none. */
export type BodyOutputOf<K extends OperationKey> = Operations[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;

export interface UserCaller {
  kind: 'user';
  account: Account;
  sessionId: string;
}

export interface GuestCaller {
  kind: 'guest';
  guest: GuestSession;
}

/** Who is calling, from session_id or guest_session_id. */
export type Caller = UserCaller | GuestCaller;

/** The caller an operation has by the time its handler runs: the pipeline refused the others. */
export type CallerOf<K extends OperationKey> = {
  none: undefined;
  session: UserCaller;
  'session-or-guest': Caller;
  'guest-path': GuestCaller;
}[Operations[K]['session']];

/** The operations only a signed-in user may call. */
export type UserOperation = {
  [K in OperationKey]: Operations[K]['session'] extends 'session' ? K : never;
}[OperationKey];

/** The operations whose path names parameter P. */
export type OperationWithPath<P extends string> = {
  [K in OperationKey]: P extends keyof Operations[K]['pathParams'] ? K : never;
}[OperationKey];

/**
 * One request, after the checks every operation shares (access token, path ids, session,
 * query, body), with its path and query read once from the operation's row of the table.
 */
export interface HandlerContext<K extends OperationKey> {
  readonly server: ServerContext;
  readonly key: K;
  /** Path parameters, read as ids: a path that names no id was answered 404 already. */
  readonly path: PathValuesOf<K>;
  /** The query, typed by the row, with the table's defaults (page is 1..MAX_PAGE). */
  readonly query: QueryValuesOf<K>;
  readonly body: BodyOutputOf<K>;
  readonly caller: CallerOf<K>;
  /**
   * The caller that session_id or guest_session_id names on an operation that needs none (a
   * season's details with its account states appended): undefined when neither is given; an
   * unknown one is refused as on the operations that need one (401 status_code 3).
   */
  readonly optionalCaller: () => Caller | undefined;
  readonly now: Date;
  /** Today's day number (see catalog/calendar.ts). */
  readonly today: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A handler answers at once, or later when it waits on work off the event loop (password hashing). */
export type Handler<K extends OperationKey> = (ctx: HandlerContext<K>) => ModernResponseOf<K> | Promise<ModernResponseOf<K>>;

/** One handler per row of the operations table; the type makes a missing one a compile error. */
export type HandlerMap = { readonly [K in OperationKey]: Handler<K> };
