/** Files shared by every mode and the server: 0600 secret files, the sessions file, the disk cache and the settings screen's choices. */
export { createSecretFileOnce, readSecretFile, writeSecretFile } from './secret-file.js';
export { UserFileError } from './user-file.js';
export { LockTimeoutError, withFileLock } from './lock.js';
export { acquireImportLock, IMPORT_LOCK_FILE, ImportLockedError } from './import-lock.js';
export {
  SessionFileError, fileSessionStorage, loadStoredSession, saveStoredSession, serviceKey, sessionFilePath,
  type StorageNotice, type StoredSession,
} from './sessions.js';
export {
  RESPONSE_STORE_FILE, openResponseStore,
  type ResponseStore, type ResponseStoreOptions, type StoredResponse,
} from './response-store.js';
export { readPreferences, writePreferences, type Preferences } from './preferences.js';
export { fileRatingJournal, keptRatingCount, RATING_JOURNAL_FILE, type RatingJournal } from './rating-journal.js';
export { fileRatingDates, RATING_DATES_DIR } from './rating-dates.js';
