import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** Request bodies over this size are refused (400 status_code 47) before they are read whole. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * JSON bodies: `application/json` with any parameters (the spec asks for
 * `application/json;charset=utf-8`). An empty body with that content type is no body, as
 * clients send it on POSTs such as clear; malformed JSON and other content types are 400
 * status_code 47.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  // Only JSON: fastify would otherwise hand text/plain bodies to the handlers as strings.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, text, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (source.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      // JSON.parse makes "__proto__" an own key, never the prototype; bodies are then checked by schema.
      done(null, JSON.parse(source));
    } catch {
      done(new ApiError(47), undefined);
    }
  });
}
