import type { Worker } from 'node:worker_threads';
// Not the api's index: the TUI loads this before its first frame, and the index brings the
// client and the contract's schemas (loaded later, with the client).
import { NetworkError } from '../api/errors.js';
import type { WireRequest, WireResponse, WireTransport } from '../api/transport.js';
import type { WorkerReport, WorkerRequest } from '../server/worker.js';

/**
 * The TUI's client reaching the embedded catalog through its thread's port instead of a socket:
 * each request of the catalog's address is posted to the thread, which answers it as its HTTP
 * routes would (server/in-thread.ts). No connection, no HTTP framing, and no HTTP client loaded
 * for it. Requests for any other address have no way there and fail as unreachable.
 */
export class CatalogThreadTransport implements WireTransport {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (response: WireResponse) => void; fail: (reason: string) => void }>();
  private stopped: string | undefined;

  constructor(
    private readonly worker: Worker,
    /** The catalog's origin: the address its answers name (images) and the client's base URL. */
    private readonly origin: string,
  ) {
    worker.on('message', (report: WorkerReport) => {
      if (report.type !== 'answer') return;
      const { answer } = report;
      this.waiting.get(report.id)?.resolve({
        status: answer.status,
        headers: answer.headers,
        body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
      });
    });
    worker.once('exit', () => this.stop('the embedded catalog stopped'));
  }

  send(request: WireRequest): Promise<WireResponse> {
    const failure = (kind: 'reset' | 'refused' | 'timeout' | 'aborted', message: string, cause?: unknown) =>
      new NetworkError(request.operation, kind, message, { cause, request: request.label });
    if (this.stopped !== undefined) return Promise.reject(failure('refused', this.stopped));
    if (request.url.origin !== this.origin) return Promise.reject(failure('refused', `${request.url.host} is not the embedded catalog`));
    if (request.signal?.aborted) return Promise.reject(failure('aborted', 'the request was cancelled', request.signal.reason));
    const id = this.nextId++;
    return new Promise<WireResponse>((resolve, reject) => {
      const onAbort = () => done(failure('aborted', 'the request was cancelled', request.signal?.reason));
      // The thread answers from memory and SQLite; a wait this long means it is stuck.
      const timer = setTimeout(() => done(failure('timeout', 'the embedded catalog did not answer in time')), request.headersTimeoutMs);
      const done = (error: Error | undefined, response?: WireResponse) => {
        this.waiting.delete(id);
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve(response!);
      };
      this.waiting.set(id, { resolve: (response) => done(undefined, response), fail: (reason) => done(failure('reset', reason)) });
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const message: WorkerRequest = {
        type: 'request',
        id,
        request: { method: request.method, path: `${request.url.pathname}${request.url.search}`, headers: request.headers, body: request.body },
      };
      this.worker.postMessage(message);
    });
  }

  /** Requests still waiting fail as a dropped connection would; new ones are refused. */
  stop(reason: string): void {
    this.stopped ??= reason;
    for (const { fail } of [...this.waiting.values()]) fail(reason);
  }

  async close(): Promise<void> {
    // The thread is the TUI's to stop (EmbeddedServer.close): a new client may use it after this one.
  }
}
