/**
 * The two of undici's own modules the HTTP transport loads (transport.ts), typed as the package's
 * index exports them: its Pool class and its error classes. undici ships types for its index
 * alone; these are the same objects (test/api/undici-parts.test.ts holds that).
 */
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';

  const PoolClass: typeof Pool;
  export = PoolClass;
}

declare module 'undici/lib/core/errors.js' {
  import type { errors } from 'undici';

  const undiciErrors: typeof errors;
  export = undiciErrors;
}
