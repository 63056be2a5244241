import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WireTransport } from '../api/index.js';
import type { WorkerReport, WorkerRequest } from '../server/worker.js';
import { CatalogThreadTransport } from './catalog-thread-transport.js';
import { SERVER_RESOURCE_LIMITS } from './memory-budget.js';

export interface EmbeddedServer {
  url: string;
  token: string;
  demoAccount: { username: string; file?: string };
  /** How the client reaches it when not over HTTP: through its thread's port (catalog-thread-transport.ts). */
  transport?: WireTransport;
  close(): Promise<unknown>;
  /** The V8 limits the catalog's thread runs with, as Node reports them; none when it runs in-process. */
  readonly resourceLimits?: ResourceLimits;
}

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

/**
 * V8's heap flags belong to the process: `--max-semi-space-size` and `--max-old-space-size` on
 * the bin's first line size every heap V8 configures, a worker's too, and win over its
 * resourceLimits (the catalog's thread ran with 16 MiB semi-spaces and a 536 MiB limit, not 4
 * and 64). The main thread's heap was sized once, as Node started, and keeps its limits; with
 * the flags unset (0) again, the heap of a thread started after this takes its resourceLimits.
 */
function leaveHeapSizesToResourceLimits(): void {
  setFlagsFromString('--max-semi-space-size=0');
  setFlagsFromString('--max-old-space-size=0');
}

function startOnWorker(script: URL, options: { dataDir: string }): Promise<EmbeddedServer> {
  leaveHeapSizesToResourceLimits();
  // Bounded by the memory budget (memory-budget.ts): the thread's caches are bounded in bytes.
  const worker = new Worker(script, { workerData: options, resourceLimits: SERVER_RESOURCE_LIMITS });
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
      // A thread that fails once serving (past its heap limit: ERR_WORKER_OUT_OF_MEMORY) ends
      // alone: the TUI's requests then fail as they do when a service cannot be reached, and
      // the TUI stays up (an 'error' event nobody listens to would end the process).
      worker.on('error', () => undefined);
      let closing: Promise<unknown> | undefined;
      const transport = new CatalogThreadTransport(worker, report.url);
      resolve({
        url: report.url,
        token: report.token,
        demoAccount: report.demoAccount,
        transport,
        resourceLimits: worker.resourceLimits,
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
