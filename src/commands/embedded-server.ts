import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WireTransport } from '../api/index.js';
import type { WorkerReport, WorkerRequest } from '../server/worker.js';
import { CatalogThreadTransport } from './catalog-thread-transport.js';

export interface EmbeddedServer {
  url: string;
  token: string;
  demoAccount: { username: string; file?: string };
  /** How the client reaches it when not over HTTP: through its thread's port (catalog-thread-transport.ts). */
  transport?: WireTransport;
  close(): Promise<unknown>;
}

/**
 * The server thread's young generation (where each request's short-lived objects go), in MiB.
 * V8's default lets it grow to tens of MiB that stay resident while the TUI sits idle; at this
 * size the thread holds ~10 MiB less, and requests (a search as you type, pages of a list)
 * measured no slower. The old generation keeps V8's default: a large catalog still fits.
 */
const SERVER_YOUNG_GENERATION_MB = 4;

/** How long a closing server may take to finish its requests before its thread is stopped. */
const CLOSE_GRACE_MS = 2000;

/**
 * Starts the embedded catalog for the TUI: on a worker thread when the built worker script is
 * there (the bundle), so it starts in parallel with the first frame, and answers the client
 * through the thread's port; in-process over HTTP otherwise (tests that run the sources).
 */
export function startEmbeddedServer(dataDir: string, workerScript?: URL): Promise<EmbeddedServer> {
  const options = { dataDir: join(dataDir, 'server') };
  if (workerScript && existsSync(fileURLToPath(workerScript))) return startOnWorker(workerScript, options);
  return import('../server/index.js').then(({ startServer }) => startServer(options));
}

function startOnWorker(script: URL, options: { dataDir: string }): Promise<EmbeddedServer> {
  const worker = new Worker(script, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: SERVER_YOUNG_GENERATION_MB } });
  return new Promise<EmbeddedServer>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the embedded server stopped while starting (exit code ${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (report: WorkerReport) => {
      worker.off('exit', onExit);
      worker.off('error', reject);
      if (report.type !== 'ready') {
        void worker.terminate();
        reject(new Error(report.type === 'failed' ? report.message : 'the embedded server did not start'));
        return;
      }
      // A thread that is only serving must not keep the process alive once the TUI is done.
      worker.unref();
      let closing: Promise<unknown> | undefined;
      const transport = new CatalogThreadTransport(worker, report.url);
      resolve({
        url: report.url,
        token: report.token,
        demoAccount: report.demoAccount,
        transport,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            const timer = setTimeout(done, CLOSE_GRACE_MS);
            const onClosed = (message: WorkerReport) => {
              if (message.type !== 'closed') return;
              worker.off('message', onClosed);
              clearTimeout(timer);
              done();
            };
            worker.on('message', onClosed);
            worker.postMessage('close' satisfies WorkerRequest);
          }).then(() => {
            transport.stop('the embedded catalog was closed');
            return worker.terminate();
          })),
      });
    });
  });
}
