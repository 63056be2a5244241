import { enableCompileCache, flushCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from './in-thread.js';
import type { ServerOptions } from './index.js';

/**
 * The embedded catalog on a thread of its own, for the TUI: it opens its databases on the
 * second core while the main thread draws, and answering never delays a key press. The TUI's
 * requests come as messages and are answered in the thread (embedded.ts), not over HTTP.
 * Messages: {type:'ready', ...} or {type:'failed', message} once; then {type:'request', id,
 * request} in, {type:'answer', id, answer} out; 'close' in, {type:'closed'} out.
 */
export type WorkerReport =
  | { type: 'ready'; url: string; token: string; tokenFile?: string; demoAccount: { username: string; password: string; file?: string } }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; answer: ThreadAnswer }
  | { type: 'closed' };

export type WorkerRequest = 'close' | { type: 'request'; id: number; request: ThreadRequest };

const port = parentPort;
if (port) {
  // The catalog's code is compiled once and kept on disk by V8: enabled before it is imported,
  // and written out once the catalog is up, since the thread is stopped rather than left to
  // exit on its own.
  enableCompileCache?.();
  const report = (message: WorkerReport) => port.postMessage(message);
  import('./embedded.js')
    .then(({ openEmbeddedCatalog }) => openEmbeddedCatalog(workerData as ServerOptions))
    .then(
      (catalog) => {
        port.on('message', (message: WorkerRequest) => {
          if (message === 'close') void catalog.close().finally(() => report({ type: 'closed' }));
          else if (message.type === 'request') void catalog.answer(message.request).then((answer) => report({ type: 'answer', id: message.id, answer }));
        });
        const { url, token, tokenFile, demoAccount } = catalog;
        report({ type: 'ready', url, token, tokenFile, demoAccount });
        flushCompileCache?.();
      },
      (error: unknown) => report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
}
