import type { z } from 'zod';
import type { OperationKey, Operations, ResponseOf } from '../../contract/index.js';
import type { CatalogGenerator } from '../catalog/generator.js';
import type { CatalogIndex } from '../catalog/store.js';
import type { Account } from '../userdata/accounts.js';
import type { GuestSession } from '../userdata/sessions.js';
import type { UserStore } from '../userdata/store.js';
import type { RawQuery } from '../http/params.js';

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

/** Who is calling, from session_id or guest_session_id. */
export type Caller = { kind: 'user'; account: Account; sessionId: string } | { kind: 'guest'; guest: GuestSession };

/** One request, after the checks every operation shares (access token, path ids, page, session, body). */
export interface RequestContext<K extends OperationKey> {
  readonly server: ServerContext;
  readonly key: K;
  /** Path parameters, already checked to be int32 numbers. */
  readonly path: Readonly<Record<string, number>>;
  readonly query: RawQuery;
  /** 1..500 for paged operations; 1 for the others. */
  readonly page: number;
  readonly body: BodyOutputOf<K>;
  /** Set when the operation takes a session. */
  readonly caller?: Caller;
  readonly now: Date;
  /** Today's day number (see catalog/calendar.ts). */
  readonly today: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A handler answers at once, or later when it waits on work off the event loop (password hashing). */
export type Handler<K extends OperationKey> = (ctx: RequestContext<K>) => ResponseOf<K> | Promise<ResponseOf<K>>;

/** One handler per row of the operations table; the type makes a missing one a compile error. */
export type HandlerMap = { readonly [K in OperationKey]: Handler<K> };
