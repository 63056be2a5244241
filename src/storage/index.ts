/** Files shared by every mode and the server: 0600 secret files and the sessions file. */
export { createSecretFileOnce, readSecretFile, writeSecretFile } from './secret-file.js';
export { LockTimeoutError, withFileLock, type LockOptions } from './lock.js';
export {
  SessionFileError, fileSessionStorage, loadStoredSession, saveStoredSession, serviceKey, sessionFilePath,
  type SessionStore, type StorageNotice, type StoredSession,
} from './sessions.js';
