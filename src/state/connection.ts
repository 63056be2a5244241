import type { CallArgs } from '../api/types.js';
import { terminalSafeDeep, type Configuration, type OperationKey } from '../contract/index.js';
import { describeFailure } from './failures.js';
import { withStaleReads } from './queries.js';
import { patchSlice, type SliceContext } from './slice.js';
import type { QueriesSlice } from './queries.js';
import type { SessionSlice } from './session.js';
import type { CatalogApi, ServiceInfo, ServiceTarget } from './deps.js';

export type ConnectionStatus = 'starting' | 'connecting' | 'ready' | 'failed';

/** Why the TUI cannot show the catalog, and what a person can do about it. */
export type ConnectionProblem =
  | { readonly kind: 'token-missing' | 'token-rejected'; readonly message: string; readonly configFile: string }
  | { readonly kind: 'unreachable' | 'failed'; readonly message: string };

export interface ConnectionSlice {
  readonly status: ConnectionStatus;
  readonly service: ServiceInfo;
  readonly problem?: ConnectionProblem;
  /** E17: image base addresses and sizes, loaded once on start. */
  readonly configuration?: Configuration;
  /** From the service target: a hint for signing in with a name and password. */
  readonly signInHint?: string;
  /** Brings the service up, checks the token (E3), loads the configuration (E17), restores the session. */
  start(): Promise<void>;
}

/**
 * Everything the TUI shows comes through here: the service's answers are made terminal-safe
 * once, as they arrive, so no screen can draw an escape sequence a title or overview carried.
 * (Failure messages are made safe in describeFailure, toasts in notify.)
 */
function terminalSafeAnswers(client: CatalogApi): CatalogApi {
  return {
    call: async <K extends OperationKey>(key: K, args: CallArgs<K>) => terminalSafeDeep(await client.call(key, args)),
    close: () => client.close?.(),
  };
}

/** The parts of the store this slice uses. */
type ConnectionStore = { readonly connection: ConnectionSlice; readonly queries: QueriesSlice; readonly session: SessionSlice };

export function createConnectionSlice({ set, get, runtime }: SliceContext<ConnectionStore>): ConnectionSlice {
  const { deps } = runtime;
  const fail = (problem: ConnectionProblem) => patchSlice(set, 'connection', { status: 'failed', problem });

  return {
    status: 'starting',
    service: deps.service,
    async start() {
      if (get().connection.status === 'connecting') return;
      patchSlice(set, 'connection', { status: 'connecting', problem: undefined });

      let target: ServiceTarget;
      try {
        // Asked every time: a retry may find the service somewhere else (the connector keeps
        // an embedded server it already started).
        target = await deps.connect();
      } catch (error) {
        const what = deps.service.kind === 'embedded' ? 'The embedded catalog could not start' : 'Could not connect';
        return fail({ kind: 'failed', message: `${what}: ${describeFailure(error).message}` });
      }
      if (!target.token) {
        return fail({
          kind: 'token-missing',
          message: `No access token is configured for ${deps.service.label}.`,
          configFile: deps.configFile,
        });
      }
      if (!runtime.client || runtime.target?.baseUrl !== target.baseUrl || runtime.target.token !== target.token) {
        const previous = runtime.client;
        // The old client's connections are of no further use; closing them may fail quietly.
        if (previous?.close) void Promise.resolve().then(() => previous.close?.()).catch(() => {});
        runtime.client = undefined;
        try {
          const client = terminalSafeAnswers(await deps.createClient(target, () => runtime.credentials));
          runtime.client = withStaleReads(client, (stale) => get().queries.written(stale));
        } catch (error) {
          return fail({ kind: 'failed', message: describeFailure(error).message });
        }
      }
      runtime.target = target;
      patchSlice(set, 'connection', { signInHint: target.signInHint });
      const client = runtime.client;

      try {
        // Both at once: a rejected token fails either, and the first data row waits on both.
        const [, configuration] = await Promise.all([client.call('validateKey', {}), client.call('configuration', {})]);
        patchSlice(set, 'connection', { configuration });
      } catch (error) {
        const failure = describeFailure(error);
        if (failure.kind === 'auth') {
          return fail({
            kind: 'token-rejected',
            message: `${deps.service.label} rejected the access token: ${failure.message}`,
            configFile: deps.configFile,
          });
        }
        return fail({ kind: failure.kind === 'network' ? 'unreachable' : 'failed', message: failure.message });
      }

      await get().session.restore();
      patchSlice(set, 'connection', { status: 'ready', problem: undefined });
    },
  };
}
