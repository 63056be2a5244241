import { enableCompileCache, flushCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerOptions } from './index.js';

/**
 * The embedded server on a thread of its own, for the TUI: it loads and opens its databases on
 * the second core while the main thread draws, and its request handling never delays a key press.
 * Messages: {type:'ready', ...} or {type:'failed', message} once; 'close' in, {type:'closed'} out.
 */
export type WorkerReport =
  | { type: 'ready'; url: string; token: string; tokenFile?: string; demoAccount: { username: string; password: string; file?: string } }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

const port = parentPort;
if (port) {
  // The server's code (fastify, the catalog) is compiled once and kept on disk by V8: enabled
  // before it is imported, and written out once the server is up, since the thread is stopped
  // rather than left to exit on its own.
  enableCompileCache?.();
  const report = (message: WorkerReport) => port.postMessage(message);
  import('./index.js')
    .then(({ startServer }) => startServer(workerData as ServerOptions))
    .then(
      (server) => {
        port.on('message', (message: unknown) => {
          if (message === 'close') void server.close().finally(() => report({ type: 'closed' }));
        });
        const { url, token, tokenFile, demoAccount } = server;
        report({ type: 'ready', url, token, tokenFile, demoAccount });
        flushCompileCache?.();
      },
      (error: unknown) => report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
}
