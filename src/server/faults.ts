import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type OperationKey, type StatusCode, operationKeys, operations } from '../contract/index.js';
import { ApiError } from './http/errors.js';
import { Random, hashParts } from './catalog/random.js';
import { routePath } from './routes/operations.js';

/**
 * Faults on demand (`marquee serve --faults SPEC`), for testing a client's retry and back-off
 * code. A SPEC is rules separated by commas (or semicolons), each optionally scoped to one
 * operation of the table by its name (`rateMovie:503=50%`); unscoped rules apply to every
 * operation:
 *
 *   rate-limit           429 with Retry-After above 40 requests a second (the real service's limit)
 *   rate-limit=10/s      the same above 10 a second
 *   429=20%              429 with Retry-After: 1 for a share of requests
 *   500=5%  502=5%  503=5%   that status, with the service's envelope, for a share of requests
 *   reset=2%             the connection is cut half-way through the answer's body
 *   latency=200ms        every answer 200 ms later; latency=50..400ms: uniformly between
 *
 * Which requests fail is drawn from the server's seed, one draw per request a rule sees, so the
 * same seed and the same sequence of requests fail the same way every run. A rate limit counts
 * requests per wall-clock second, as the service does.
 */

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

type ShareFault = { kind: 'status'; status: 429 | 500 | 502 | 503; share: number } | { kind: 'reset'; share: number };
export type FaultRule = { scope: OperationKey | '*' } & (
  | ShareFault
  | { kind: 'rate-limit'; perSecond: number }
  | { kind: 'latency'; minMs: number; maxMs: number }
);

export const DEFAULT_RATE_LIMIT = 40;
const MAX_LATENCY_MS = 60_000;
const STATUS_OF: Record<429 | 500 | 502 | 503, StatusCode> = { 429: 25, 500: 11, 502: 43, 503: 9 };

function share(text: string, rule: string): number {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  if (!(value >= 0 && value <= 100)) throw new FaultSpecError(`"${rule}": the share must be a percentage from 0% to 100%, such as 20%`);
  return value / 100;
}

function milliseconds(text: string, rule: string): number {
  const match = /^(\d+)(ms|s)?$/.exec(text);
  if (!match) throw new FaultSpecError(`"${rule}": a latency is milliseconds such as 200ms, or a range such as 50..400ms`);
  const value = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  if (value > MAX_LATENCY_MS) throw new FaultSpecError(`"${rule}": a latency is at most ${MAX_LATENCY_MS} ms`);
  return value;
}

function parseRule(text: string): FaultRule {
  const colon = text.indexOf(':');
  const scopeText = colon === -1 ? '*' : text.slice(0, colon).trim();
  const body = (colon === -1 ? text : text.slice(colon + 1)).trim();
  if (scopeText !== '*' && !(operationKeys as readonly string[]).includes(scopeText)) {
    throw new FaultSpecError(`"${text}": ${scopeText} is not the name of an operation (such as movieDetails or rateMovie)`);
  }
  const scope = scopeText as OperationKey | '*';
  const [name, value] = body.split('=', 2).map((part) => part.trim()) as [string, string | undefined];
  if (name === 'rate-limit') {
    if (value === undefined) return { scope, kind: 'rate-limit', perSecond: DEFAULT_RATE_LIMIT };
    const match = /^(\d+)\/s$/.exec(value);
    if (!match || Number(match[1]) < 1) throw new FaultSpecError(`"${text}": a rate limit is requests a second, such as rate-limit=10/s`);
    return { scope, kind: 'rate-limit', perSecond: Number(match[1]) };
  }
  if (value === undefined) throw new FaultSpecError(`"${text}": expected NAME=VALUE, such as 503=10%, reset=2% or latency=200ms`);
  if (name === '429' || name === '500' || name === '502' || name === '503') {
    return { scope, kind: 'status', status: Number(name) as 429 | 500 | 502 | 503, share: share(value, text) };
  }
  if (name === 'reset') return { scope, kind: 'reset', share: share(value, text) };
  if (name === 'latency') {
    const [low, high] = value.replace(/ms$/, '').split('..');
    const unit = value.endsWith('ms') ? 'ms' : '';
    const minMs = milliseconds(`${low}${high === undefined ? unit : 'ms'}`, text);
    const maxMs = high === undefined ? minMs : milliseconds(`${high}ms`, text);
    if (maxMs < minMs) throw new FaultSpecError(`"${text}": the range must go from low to high`);
    return { scope, kind: 'latency', minMs, maxMs };
  }
  throw new FaultSpecError(`"${text}": unknown fault ${name} (rate-limit, 429, 500, 502, 503, reset or latency)`);
}

/** The rules of a SPEC, in order; a clear FaultSpecError naming the rule when one is wrong. */
export function parseFaultSpec(spec: string): FaultRule[] {
  const rules = spec.split(/[,;]/).map((rule) => rule.trim()).filter((rule) => rule !== '');
  if (rules.length === 0) throw new FaultSpecError('the fault spec is empty (for example: 503=10%, latency=50..200ms)');
  return rules.map(parseRule);
}

/** One rule's deterministic draws: the n-th request it sees always gets the same number. */
class Draws {
  private count = 0;
  constructor(private readonly seed: number) {}
  next(): number {
    return new Random(hashParts([this.seed, this.count++])).next();
  }
}

/** Requests in the current wall-clock second, for a rate limit. */
class Window {
  private second = -1;
  private count = 0;
  /** Counts the request; the milliseconds until the next second when it is over the limit. */
  over(limit: number, now: number): number | undefined {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    this.count++;
    return this.count > limit ? 1000 - (now % 1000) : undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which operation a request reached, from its route. */
function operationIndex(): Map<string, OperationKey> {
  const index = new Map<string, OperationKey>();
  for (const key of operationKeys) index.set(`${operations[key].method} ${routePath(operations[key].path)}`, key);
  return index;
}

const RESET = Symbol('reset mid-body');

/**
 * Adds the faults to every operation route registered after this call. The request is delayed
 * first, then the rate limits are counted, then one draw per share rule decides the rest.
 */
export function registerFaults(app: FastifyInstance, rules: readonly FaultRule[], seed: number): void {
  const byRoute = operationIndex();
  const state = rules.map((rule, i) => ({ rule, draws: new Draws(hashParts([seed, 'faults', i])), window: new Window() }));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = byRoute.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`);
    if (!key) return;
    const applying = state.filter(({ rule }) => rule.scope === '*' || rule.scope === key);
    // The most specific latency rule wins: one for this operation over one for all.
    const latency = [...applying].reverse().sort((a, b) => Number(b.rule.scope !== '*') - Number(a.rule.scope !== '*'))
      .find(({ rule }) => rule.kind === 'latency');
    if (latency && latency.rule.kind === 'latency') {
      const { minMs, maxMs } = latency.rule;
      await sleep(minMs + Math.floor(latency.draws.next() * (maxMs - minMs + 1)));
    }
    for (const { rule, window } of applying) {
      if (rule.kind !== 'rate-limit') continue;
      const wait = window.over(rule.perSecond, Date.now());
      if (wait !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
        throw new ApiError(25, `Your request count (#) is over the allowed limit of (${rule.perSecond}).`);
      }
    }
    for (const { rule, draws } of applying) {
      if (rule.kind !== 'status' && rule.kind !== 'reset') continue;
      if (draws.next() >= rule.share) continue;
      if (rule.kind === 'reset') {
        (request as FastifyRequest & { [RESET]?: true })[RESET] = true;
        return;
      }
      if (rule.status === 429) reply.header('retry-after', '1');
      throw new ApiError(STATUS_OF[rule.status]);
    }
  });

  // A reset sends the answer's headers and half its body, then cuts the connection.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(request as FastifyRequest & { [RESET]?: true })[RESET] || typeof payload !== 'string') return payload;
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.setHeader('content-length', Buffer.byteLength(payload));
    raw.writeHead(reply.statusCode);
    raw.write(payload.slice(0, Math.floor(payload.length / 2)), () => raw.socket?.destroy());
    return payload;
  });
}
