import { parentPort, workerData } from 'node:worker_threads';
import { startServer, type ServerOptions } from './index.js';

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
  const report = (message: WorkerReport) => port.postMessage(message);
  startServer(workerData as ServerOptions).then(
    (server) => {
      port.on('message', (message: unknown) => {
        if (message === 'close') void server.close().finally(() => report({ type: 'closed' }));
      });
      const { url, token, tokenFile, demoAccount } = server;
      report({ type: 'ready', url, token, tokenFile, demoAccount });
    },
    (error: unknown) => report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
}
