import { isUnreachable } from '../../api/network-errors.js';
import type { CallArgs, Reachability } from '../../api/types.js';
import type { Configuration, OperationKey } from '../../contract/index.js';
import { boundServiceText, terminalSafeDeep } from '../../contract/text.js';
import { describeFailure } from '../words/failures.js';
import { withContentLanguage } from '../words/content-language.js';
import { withStaleReads } from './queries.js';
import { patchSlice, type SliceContext } from '../slice.js';
import type { PagedSource, QueriesSlice } from './queries.js';
import type { SessionSlice } from './session.js';
import type { SettingsSlice } from './settings.js';
import { passImageBytes, type CatalogApi, type ServiceInfo, type ServiceTarget } from '../deps.js';

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
  /**
   * Set while the service cannot be reached and screens show answers kept from before: the
   * oldest such answer's time (epoch ms). Cleared as soon as the service answers again.
   */
  readonly offlineAsOf?: number;
  /**
   * Brings the service up, checks the token (E3), loads the configuration (E17), restores the
   * session. `firstReads` names what the screen shown once ready reads first (the UI knows it):
   * asked with the token check and the configuration rather than after their answers, so that
   * screen's first rows wait for one round trip, not two. Given once, it is asked again by
   * every later start (a retry after a failure).
   */
  start(firstReads?: () => readonly PagedSource<unknown, unknown>[]): Promise<void>;
}

/**
 * Everything the TUI shows comes through here: the service's answers are cut to what a screen
 * can show (so a megabyte of one word is never measured or wrapped) and made terminal-safe once,
 * as they arrive, so no screen can draw an escape sequence a title or overview carried, nor a
 * line break of a title or name (which would draw the rest of its row over the rows below).
 * (Failure messages are made safe in describeFailure, toasts in notify.)
 */
function terminalSafeAnswers(client: CatalogApi): CatalogApi {
  return {
    call: async <K extends OperationKey>(key: K, args: CallArgs<K>) => terminalSafeDeep(boundServiceText(await client.call(key, args))),
    // Image bytes are decoded, never drawn as text: nothing to make safe.
    imageBytes: passImageBytes(client),
    close: () => client.close?.(),
  };
}

/** The parts of the store this slice uses. */
type ConnectionStore = {
  readonly connection: ConnectionSlice;
  readonly queries: QueriesSlice;
  readonly session: SessionSlice;
  readonly settings: SettingsSlice;
};

export function createConnectionSlice({ set, get, runtime }: SliceContext<ConnectionStore>): ConnectionSlice {
  const { deps } = runtime;
  const fail = (problem: ConnectionProblem) => patchSlice(set, 'connection', { status: 'failed', problem });
  const onReachability = (reachability: Reachability) => {
    const current = get().connection.offlineAsOf;
    if (reachability.reachable) {
      if (current !== undefined) patchSlice(set, 'connection', { offlineAsOf: undefined });
    } else if (current === undefined || reachability.storedAt < current) {
      patchSlice(set, 'connection', { offlineAsOf: reachability.storedAt });
    }
  };

  let firstReadsOfScreen: (() => readonly PagedSource<unknown, unknown>[]) | undefined;

  return {
    status: 'starting',
    service: deps.service,
    async start(firstReads) {
      firstReadsOfScreen = firstReads ?? firstReadsOfScreen;
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
          const client = terminalSafeAnswers(await deps.createClient(target, () => runtime.credentials, onReachability));
          const inLanguage = withContentLanguage(client, () => get().settings.language.value);
          runtime.client = withStaleReads(inLanguage, (stale) => get().queries.written(stale));
        } catch (error) {
          return fail({ kind: 'failed', message: describeFailure(error).message });
        }
      }
      runtime.target = target;
      patchSlice(set, 'connection', { signInHint: target.signInHint });
      const client = runtime.client;
      for (const source of firstReadsOfScreen?.() ?? []) get().queries.loadAhead(source);

      // Both at once: a rejected token fails either, and the first data row waits on both.
      const [keyCheck, configurationLoad] = await Promise.allSettled([client.call('validateKey', {}), client.call('configuration', {})]);
      const failures = [keyCheck, configurationLoad].flatMap((r) => (r.status === 'rejected' ? [describeFailure(r.reason)] : []));
      const rejected = failures.find((failure) => failure.kind === 'auth');
      if (rejected) {
        return fail({
          kind: 'token-rejected',
          message: `${deps.service.label} rejected the access token: ${rejected.message}`,
          configFile: deps.configFile,
        });
      }
      // The service is out of reach but the configuration was kept from before: go on offline,
      // showing what was kept (the token is checked by the first request that reaches it).
      const offline = configurationLoad.status === 'fulfilled' && keyCheck.status === 'rejected' && isUnreachable(keyCheck.reason);
      const failure = offline ? undefined : failures[0];
      if (failure) {
        return fail({ kind: failure.kind === 'network' ? 'unreachable' : 'failed', message: failure.message });
      }
      if (configurationLoad.status === 'fulfilled') patchSlice(set, 'connection', { configuration: configurationLoad.value });

      await get().session.restore();
      patchSlice(set, 'connection', { status: 'ready', problem: undefined });
    },
  };
}
