import { statusCodeInfo } from '../contract/errors.js';
import { errorsArrayBody, serviceErrorBody } from '../contract/schemas/common.js';
import type { OperationSpec } from '../contract/operations.js';
import { parseOwnedWith, parseWith } from '../contract/validation.js';
import { ContractMismatchError, ServiceError } from './errors.js';
import { headerValue, type WireResponse } from './transport.js';

// Not `import ... from 'node:http'`: an ES import of node:http reads every export, and its
// WebSocket getter loads Node's own copy of undici (~50 ms and ~13 MiB at start-up).
const HTTP_REASONS = process.getBuiltinModule('node:http').STATUS_CODES;

/**
 * Reading answers: a 2xx body must parse as JSON and match the operation's response schema;
 * anything else becomes a ServiceError carrying the service's own status_code and message
 * when the body has them, and a short plain description when it does not (an HTML error page
 * from a proxy, an empty or non-JSON body).
 */

/** Replaces secrets with a marker, in case a service echoes them back in an error message. */
export type Redact = (text: string) => string;

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function looksLikeHtml(response: WireResponse, text: string): boolean {
  return /html/i.test(headerValue(response.headers, 'content-type') ?? '') || /^\s*</.test(text);
}

export function serviceErrorFrom(
  spec: OperationSpec,
  request: string,
  response: WireResponse,
  retryAfterMs: number | undefined,
  redact: Redact,
): ServiceError {
  const text = response.body.toString('utf8');
  const reason = HTTP_REASONS[response.status] ?? 'Error';
  const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
  const make = (statusCode: number | undefined, message: string) =>
    new ServiceError(spec.id, response.status, statusCode, redact(message), retryAfterSeconds, request);

  const parsed = tryParseJson(text);
  if (parsed.ok) {
    const envelope = parseWith(serviceErrorBody, parsed.value);
    if (envelope.ok) return make(envelope.value.status_code, envelope.value.status_message);
    const errorsArray = parseWith(errorsArrayBody, parsed.value);
    if (errorsArray.ok) return make(undefined, errorsArray.value.errors.join('; '));
    // A status_code without a message: the error table knows what it means.
    const code = (parsed.value as { status_code?: unknown } | null)?.status_code;
    if (typeof code === 'number' && statusCodeInfo(code)) return make(code, statusCodeInfo(code)!.message);
    return make(undefined, `${reason} (the error body is JSON but not the service's error format)`);
  }
  if (text.trim() === '') return make(undefined, `${reason} (empty answer)`);
  if (looksLikeHtml(response, text)) return make(undefined, `${reason} (the service sent an HTML page instead of JSON)`);
  return make(undefined, `${reason} (the service sent a body that is not JSON)`);
}

/**
 * Parses and validates a 2xx body against the operation's response schema. Field paths name the
 * body's own keys, so a service that echoes a secret as a key would put it in the message: redacted.
 */
export function validateBody(spec: OperationSpec, request: string, text: string, redact: Redact = (t) => t): unknown {
  const parsed = tryParseJson(text);
  if (!parsed.ok) {
    const message = /^\s*</.test(text)
      ? 'the body is an HTML page, not JSON'
      : text.trim() === '' ? 'the body is empty' : 'the body is not valid JSON';
    throw new ContractMismatchError(spec.id, [{ path: '(root)', message }], request);
  }
  // The value was parsed from the text just now: no other caller holds it.
  const checked = parseOwnedWith(spec.response, parsed.value);
  if (!checked.ok) {
    const problems = checked.problems.map((p) => ({ path: redact(p.path), message: redact(p.message) }));
    throw new ContractMismatchError(spec.id, problems, request);
  }
  return checked.value;
}
