import { setMaxListeners } from 'node:events';
import { serviceAddress } from '../contract/address.js';
import type { Configuration } from '../contract/schemas/configuration.js';
import { operations, type OperationKey, type OperationSpec, type ResponseOf } from '../contract/operations.js';
import { pathMatchesPattern } from '../contract/paths.js';
import { credentialsWithPathGuest, splitSessionParams, type SessionCredentials } from '../contract/session.js';
import { listenForAbort } from './abort-listener.js';
import { ResponseCache, freshnessFor, type CacheEntry, type PersistentCache } from './cache.js';
import { NetworkError, ServiceError } from './errors.js';
import { ImageFetchError, isWebAddress, MAX_IMAGE_BYTES } from './images.js';
import { isUnreachable } from './network-errors.js';
import { InFlight } from './in-flight.js';
import { invalidationPatterns } from './invalidation.js';
import { redactSecrets } from './redaction.js';
import { prepareRequest, type RequestArgs } from './request.js';
import { serviceErrorFrom, validateBody, type Redact } from './responses.js';
import { isRetryable, parseRetryAfter, retryDelayMs, retryPolicy, waitBeforeRetry } from './retry.js';
import { Transport, headerValue, type WireResponse, type WireTransport } from './transport.js';
import type { CallArgs, ClientOptions, ClientStats, LooseCallInput, RetryPolicy } from './types.js';
import pThrottle from 'p-throttle';

export const DEFAULT_TIMEOUT_MS = 10_000;

/** An answer: the body as the service sent it, and its validated value. */
export interface Answer {
  text: string;
  value: unknown;
  /** Set when the service could not be reached and this is a cached answer: when it was stored. */
  offline?: { storedAt: number };
}
/** What a shared GET hands its callers: the first caller's value is validated once. */
type GetOutcome = Answer;

/** Everything a single call needs, once its arguments are checked. */
interface Call {
  key: OperationKey;
  spec: OperationSpec;
  pathParams: Record<string, string | number>;
  url: URL;
  /** Path without base or query: cache invalidation works on it. */
  path: string;
  /** "GET /3/movie/550", for messages. */
  label: string;
  /** The key in the persistent cache (path and query), when this answer may be kept across runs. */
  persistKey?: string;
  body?: string;
  bodyValue?: unknown;
  headers: Readonly<Record<string, string>>;
  signal: AbortSignal;
  redact: Redact;
}

/** "https://host/prefix/3/" -> "https://host/prefix": operation paths carry the /3 themselves. */
function parseBaseUrl(raw: string): URL {
  const address = serviceAddress(raw);
  if (!address.ok) throw new TypeError(address.problem);
  return address.url;
}

/**
 * The client for the catalog service: every operation of the contract table over HTTP.
 *
 * - one keep-alive connection pool per origin;
 * - the token as a Bearer header, session ids as the query parameters the table names;
 * - GETs retried on network errors, 5xx and 429 (Retry-After honoured), writes never;
 * - GET answers cached by URL (ETag revalidation, max-age freshness), identical GETs in flight
 *   shared, cached answers a write may have changed dropped after the write;
 * - every answer validated against the contract.
 *
 * Errors are ServiceError, NetworkError or ContractMismatchError (and RequestInputError for
 * arguments refused before sending); none of their messages contains the token or a session id.
 */
export class CatalogClient {
  readonly stats: ClientStats = { requests: 0, cacheHits: 0, revalidations: 0, retries: 0, offlineAnswers: 0 };

  private readonly base: URL;
  /** The base without its path ("https://host"), which every call's address starts with. */
  private readonly root: string;
  private readonly basePath: string;
  private readonly transport: WireTransport;
  private readonly cache: ResponseCache | undefined;
  private readonly persistent: PersistentCache | undefined;
  private readonly policy: RetryPolicy;
  private readonly now: () => number;
  private readonly headersTimeoutMs: number;
  private readonly bodyTimeoutMs: number;
  private readonly closing = new AbortController();
  private readonly inFlight = new InFlight<GetOutcome>(this.closing.signal);
  private configurationLoad: Promise<Configuration> | undefined;
  /** Resolves when the rate limit lets the next request go; undefined without a limit. */
  private readonly requestSlot: (() => Promise<unknown>) | undefined;
  /** The headers of every call without a body, and of every call with one: built once, never changed. */
  private readonly readHeaders: Readonly<Record<string, string>>;
  private readonly writeHeaders: Readonly<Record<string, string>>;
  /** Hides the token alone: the redactor of every call that names no session. */
  private readonly redactToken: Redact;

  constructor(private readonly options: ClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.basePath = this.base.pathname === '/' ? '' : this.base.pathname;
    this.root = this.base.href.slice(0, this.base.href.length - this.base.pathname.length);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.headersTimeoutMs = options.headersTimeoutMs ?? timeoutMs;
    this.bodyTimeoutMs = options.bodyTimeoutMs ?? timeoutMs;
    this.transport = options.transport ?? new Transport(timeoutMs);
    this.cache = options.cache === false ? undefined : new ResponseCache();
    this.persistent = this.cache ? options.persistentCache : undefined;
    this.policy = retryPolicy(options.retry);
    this.now = options.now ?? Date.now;
    // Every call in flight listens to this signal; many at once is normal, not a leak.
    setMaxListeners(0, this.closing.signal);
    const rate = options.rateLimit;
    // strict: no burst of twice the limit across the edge of two windows.
    this.requestSlot = rate ? pThrottle({ limit: rate.limit, interval: rate.intervalMs, strict: true, signal: this.closing.signal })(async () => undefined) : undefined;
    this.readHeaders = Object.freeze({
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    });
    this.writeHeaders = Object.freeze({ ...this.readHeaders, 'content-type': 'application/json;charset=utf-8' });
    this.redactToken = this.redactor(undefined);
  }

  /** Calls one operation with typed arguments and returns its validated answer. */
  async call<K extends OperationKey>(key: K, args?: CallArgs<K>): Promise<ResponseOf<K>> {
    const answer = await this.execute(key, {
      pathParams: args?.path,
      query: args?.query,
      body: args?.body,
      session: args?.session ?? this.defaultSession(),
      signal: args?.signal,
    });
    return answer.value as ResponseOf<K>;
  }

  /** Loosely typed form used by `marquee api`: values as strings from argv are coerced by the table's param types. */
  async callLoose(key: OperationKey, input: LooseCallInput): Promise<unknown> {
    return (await this.callLooseAnswer(key, input)).value;
  }

  /** callLoose, keeping the body as the service sent it (`marquee api` prints it unchanged). */
  async callLooseAnswer(key: OperationKey, input: LooseCallInput): Promise<Answer> {
    const { params: query, credentials: session } = splitSessionParams(input.query, input.session ?? this.defaultSession());
    return this.execute(key, { pathParams: input.pathParams, query, body: input.body, session, signal: input.signal });
  }

  /** The service configuration (E17): loaded once per client, then kept; a failed load is tried again next time. */
  configuration(): Promise<Configuration> {
    if (!this.configurationLoad) {
      this.configurationLoad = this.call('configuration').catch((error: unknown) => {
        this.configurationLoad = undefined;
        throw error;
      });
    }
    return this.configurationLoad;
  }

  /**
   * The bytes of an image from the image service (an address imageUrl built). No token is sent:
   * the image host is public, and the token is for the catalog only. A status other than 200 is
   * an ImageFetchError; cancelling `signal` ends the download.
   */
  async imageBytes(address: string, signal?: AbortSignal): Promise<Buffer> {
    if (!isWebAddress(address)) throw new ImageFetchError('the image address is not http or https');
    const url = new URL(address);
    const label = 'GET image';
    const response = await this.transport.send({
      operation: 'image',
      label,
      method: 'GET',
      url,
      headers: { accept: 'image/png, image/jpeg' },
      signal: signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal,
      headersTimeoutMs: this.headersTimeoutMs,
      bodyTimeoutMs: this.bodyTimeoutMs,
    });
    if (response.status !== 200) throw new ImageFetchError(`the image service answered HTTP ${response.status}`);
    if (response.body.length > MAX_IMAGE_BYTES) throw new ImageFetchError('the image is larger than an image of a catalog can be');
    return response.body;
  }

  /** Cancels what is in flight and closes the connections. */
  async close(): Promise<void> {
    this.closing.abort();
    this.inFlight.abortAll();
    this.cache?.clear();
    await this.transport.close();
  }

  private defaultSession(): SessionCredentials | undefined {
    const { session } = this.options;
    return typeof session === 'function' ? session() : session;
  }

  private async execute(
    key: OperationKey,
    args: RequestArgs & { signal?: AbortSignal },
  ): Promise<Answer> {
    const spec: OperationSpec = operations[key];
    if (this.closing.signal.aborted) {
      throw new NetworkError(spec.id, 'aborted', 'the client is closed', { request: `${spec.method} ${spec.path}` });
    }
    // A guest session named in the path is a secret like the session parameters: hidden in messages.
    const session = credentialsWithPathGuest(spec.session, args.pathParams, args.session);
    const prepared = prepareRequest(spec, { pathParams: args.pathParams, query: args.query, body: args.body, session });
    // Parsed once, from the whole address: resolving against the base and then setting the
    // query would parse it three times.
    const search = prepared.query.size === 0 ? '' : `?${prepared.query.toString()}`;
    const url = new URL(`${this.root}${this.basePath}${prepared.path}${search}`);

    const headers = prepared.body === undefined ? this.readHeaders : this.writeHeaders;

    // The call's deadline joins the caller's signal; when it is what fired, the call timed out.
    const deadline = this.options.deadlineMs === undefined ? undefined : AbortSignal.timeout(this.options.deadlineMs);
    const { signal, release } = this.callSignal(deadline && args.signal ? AbortSignal.any([args.signal, deadline]) : (deadline ?? args.signal));
    const redact = session?.sessionId || session?.guestSessionId ? this.redactor(session) : this.redactToken;
    const call: Call = {
      key,
      spec,
      pathParams: args.pathParams ?? {},
      url,
      path: prepared.path,
      label: redact(`${spec.method} ${prepared.path}`),
      persistKey: this.persistKeyOf(spec, url, redact),
      body: prepared.body,
      bodyValue: prepared.bodyValue,
      headers,
      signal,
      redact,
    };
    try {
      return await (spec.method === 'GET' ? this.get(call) : this.write(call));
    } catch (error) {
      const failure =
        deadline?.aborted && !args.signal?.aborted && !this.closing.signal.aborted
          ? new NetworkError(spec.id, 'timeout', `no complete answer within ${this.options.deadlineMs} ms (the whole call, retries included)`, {
              request: call.label,
              cause: error,
            })
          : error;
      const offline = spec.method === 'GET' && isUnreachable(failure) ? this.offlineAnswer(call) : undefined;
      if (offline) return offline;
      throw failure;
    } finally {
      release();
    }
  }

  /**
   * The caller's signal joined with the client's own (fired by close). Listeners are removed
   * when the call ends, so a long-lived caller signal does not collect one per call.
   */
  private callSignal(callerSignal: AbortSignal | undefined): { signal: AbortSignal; release: () => void } {
    if (!callerSignal) return { signal: this.closing.signal, release: () => undefined };
    const joined = new AbortController();
    const abort = () => joined.abort();
    if (callerSignal.aborted || this.closing.signal.aborted) joined.abort();
    // Through listenForAbort: both signals may outlive the call by far.
    const stops = [listenForAbort(callerSignal, abort), listenForAbort(this.closing.signal, abort)];
    return {
      signal: joined.signal,
      release: () => {
        for (const stop of stops) stop();
      },
    };
  }

  /** Hides the token and the session ids of this call in text that came from the service. */
  private redactor(session: SessionCredentials | undefined): Redact {
    const secrets = [this.options.token, session?.sessionId, session?.guestSessionId].filter(
      (s): s is string => typeof s === 'string' && s.length >= 4,
    );
    return (text) => redactSecrets(text, secrets);
  }

  /**
   * Where an answer may be kept across runs: only GETs that name no session (so nothing in the
   * key or the body belongs to an account) and whose address holds no secret at all.
   */
  private persistKeyOf(spec: OperationSpec, url: URL, redact: Redact): string | undefined {
    if (!this.persistent || spec.method !== 'GET' || spec.session !== 'none') return undefined;
    if (url.searchParams.has('session_id') || url.searchParams.has('guest_session_id')) return undefined;
    const key = `${url.pathname.slice(this.basePath.length)}${url.search}`;
    return redact(key) === key ? key : undefined;
  }

  /** The memory cache's entry, else the persistent cache's (then kept in memory too). */
  private cachedEntry(call: Call): CacheEntry | undefined {
    const inMemory = this.cache?.get(call.url.href);
    if (inMemory || call.persistKey === undefined) return inMemory;
    const stored = this.persistent?.get(call.persistKey);
    if (stored) this.cache?.set(call.url.href, stored);
    return stored;
  }

  /** The service could not be reached: the cached answer, fresh or stale, marked offline. */
  private offlineAnswer(call: Call): Answer | undefined {
    const cached = this.cachedEntry(call);
    if (!cached) return undefined;
    let value: unknown;
    try {
      value = validateBody(call.spec, call.label, cached.text, call.redact);
    } catch {
      // Stored under an older contract and unreadable now: the network error is the truer answer.
      return undefined;
    }
    this.stats.offlineAnswers++;
    this.options.onReachability?.({ reachable: false, storedAt: cached.storedAt });
    return { text: cached.text, value, offline: { storedAt: cached.storedAt } };
  }

  private cancelled(call: Call): () => NetworkError {
    return () => new NetworkError(call.spec.id, 'aborted', 'the request was cancelled', { request: call.label });
  }

  private async get(call: Call): Promise<Answer> {
    const cacheKey = call.url.href;
    const cached = this.cachedEntry(call);
    if (cached && cached.freshUntil > this.now()) {
      this.stats.cacheHits++;
      return { text: cached.text, value: validateBody(call.spec, call.label, cached.text, call.redact) };
    }
    // A call without a signal of its own waits for the answer: the client's closing ends the request.
    const waiterSignal = call.signal === this.closing.signal ? undefined : call.signal;
    const { promise, joined } = this.inFlight.run(cacheKey, waiterSignal, this.cancelled(call), (shared, isDetached) =>
      this.withRetries(call, shared, () => this.fetchGet(call, shared, isDetached)),
    );
    if (joined) this.stats.cacheHits++;
    const outcome = await promise;
    // Only the caller that started the request gets the validated value; the others parse their own copy.
    return joined ? { text: outcome.text, value: validateBody(call.spec, call.label, outcome.text, call.redact) } : outcome;
  }

  private async fetchGet(call: Call, signal: AbortSignal, isDetached: () => boolean): Promise<GetOutcome> {
    const cached = this.cachedEntry(call);
    const headers = cached?.etag ? { ...call.headers, 'if-none-match': cached.etag } : call.headers;
    const response = await this.send(call, headers, signal);

    if (response.status === 304 && cached) {
      this.stats.revalidations++;
      const { freshness, persistKey, now } = this.keepingOf(call, response);
      cached.freshUntil = freshness.freshUntil;
      cached.storedAt = now;
      if (persistKey !== undefined) this.persistent?.set(persistKey, cached);
      return { text: cached.text, value: validateBody(call.spec, call.label, cached.text, call.redact) };
    }
    if (response.status < 200 || response.status >= 300) throw this.serviceError(call, response);

    const text = response.body.toString('utf8');
    // Validated before it is cached, so a body that breaks the contract is never served again.
    const value = validateBody(call.spec, call.label, text, call.redact);
    // Without a cache nothing is kept, and the answer's freshness is not worked out.
    if (this.cache && !isDetached()) {
      const cacheKey = call.url.href;
      const { freshness, persistKey, now } = this.keepingOf(call, response);
      const etag = headerValue(response.headers, 'etag');
      if (freshness.store && (etag || freshness.freshUntil > now)) {
        const entry = { path: call.path, text, etag, freshUntil: freshness.freshUntil, storedAt: now };
        this.cache.set(cacheKey, entry);
        // A body that quotes the token or a session id is never written down.
        if (persistKey !== undefined && call.redact(text) === text) this.persistent?.set(persistKey, entry);
        else if (call.persistKey !== undefined) this.persistent?.delete(call.persistKey);
      } else {
        this.cache.delete(cacheKey);
        if (call.persistKey !== undefined) this.persistent?.delete(call.persistKey);
      }
    }
    return { text, value };
  }

  /** How long an answer stays fresh, and where it may be kept across runs (if anywhere). */
  private keepingOf(call: Call, response: WireResponse) {
    const now = this.now();
    const freshness = freshnessFor(call.path, headerValue(response.headers, 'cache-control'), headerValue(response.headers, 'age'), now);
    // What may outlive this run: neither the caller's own answer nor one that must not be stored.
    const persistKey = freshness.store && !freshness.private ? call.persistKey : undefined;
    return { freshness, persistKey, now };
  }

  /** POST and DELETE: sent once, never retried; cached answers they may change are dropped. */
  private async write(call: Call): Promise<Answer> {
    try {
      const response = await this.send(call, call.headers, call.signal);
      if (response.status < 200 || response.status >= 300) throw this.serviceError(call, response);
      const text = response.body.toString('utf8');
      return { text, value: validateBody(call.spec, call.label, text, call.redact) };
    } finally {
      // Whatever the outcome, the write may have been applied: a needless revalidation is cheap.
      this.invalidateAfter(call);
    }
  }

  private invalidateAfter(call: Call): void {
    const patterns = invalidationPatterns(call.key, call.pathParams, call.bodyValue);
    if (patterns.length === 0) return;
    this.cache?.invalidate(patterns);
    this.persistent?.deleteMatching((path) => patterns.some((pattern) => pathMatchesPattern(path, pattern)));
    this.inFlight.detach((cacheKey) => {
      const path = new URL(cacheKey).pathname.slice(this.basePath.length);
      return patterns.some((pattern) => pathMatchesPattern(path, pattern));
    });
  }

  private async withRetries<T>(call: Call, signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    for (let retry = 1; ; retry++) {
      try {
        return await attempt();
      } catch (error) {
        if (retry > this.policy.maxRetries || !isRetryable(error) || signal.aborted) throw error;
        const askedMs =
          error instanceof ServiceError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
        try {
          await waitBeforeRetry(retryDelayMs(retry, this.policy, askedMs), signal);
        } catch {
          throw this.cancelled(call)();
        }
        this.stats.retries++;
      }
    }
  }

  private async send(call: Call, headers: Readonly<Record<string, string>>, signal: AbortSignal): Promise<WireResponse> {
    if (this.requestSlot) await this.waitForSlot(this.requestSlot, signal);
    this.stats.requests++;
    const response = await this.transport.send({
      operation: call.spec.id,
      label: call.label,
      method: call.spec.method,
      url: call.url,
      headers,
      body: call.body,
      signal,
      headersTimeoutMs: this.headersTimeoutMs,
      bodyTimeoutMs: this.bodyTimeoutMs,
    });
    this.options.onReachability?.({ reachable: true });
    return response;
  }

  /**
   * Waits for the rate limit to let one more request go. A call cancelled meanwhile (or the
   * client closed) stops waiting: the transport then ends it with the cancellation's own error.
   */
  private async waitForSlot(slot: () => Promise<unknown>, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const granted = slot();
    // Rejected when the client closes, perhaps after this call stopped waiting for it.
    granted.catch(() => undefined);
    try {
      await Promise.race([granted, aborted]);
    } catch {
      // Rejected only when the client closes: the transport says so.
    } finally {
      // The signal may be the client's own, shared by every call: no listener may stay behind.
      signal.removeEventListener('abort', onAbort);
    }
  }

  private serviceError(call: Call, response: WireResponse): ServiceError {
    const retryAfterMs = parseRetryAfter(headerValue(response.headers, 'retry-after'), this.now());
    return serviceErrorFrom(call.spec, call.label, response, retryAfterMs, call.redact);
  }
}
