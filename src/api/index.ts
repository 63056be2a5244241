export * from './client.js';
export * from './errors.js';
export * from './images.js';
export * from './paging.js';
export * from './types.js';
export { MAX_BODY_BYTES } from './transport.js';
export { DEFAULT_RETRY } from './retry.js';
export { REDACTED, redactSecrets } from './redaction.js';
