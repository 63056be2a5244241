import { loadStoredSession, saveStoredSession, serviceKey } from '../config.js';
import type { SessionStorage } from './types.js';

/** Sessions kept in the data dir (0600), one per service. */
export function fileSessionStorage(dataDir: string, baseUrl: string | undefined): SessionStorage {
  const key = serviceKey(baseUrl);
  return {
    load: () => loadStoredSession(dataDir, key),
    save: (session) => saveStoredSession(dataDir, key, session),
  };
}
