export * from './client.js';
export * from './errors.js';
export * from './images.js';
export * from './paging.js';
export * from './types.js';
export { redactSecrets } from './redaction.js';
export type { WireTransport } from './transport.js';
