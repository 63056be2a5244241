import { describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/index.js';
import { NetworkError } from '../../src/api/errors.js';
import { InFlight } from '../../src/api/in-flight.js';
import type { WireRequest, WireResponse, WireTransport } from '../../src/api/transport.js';
import { sampleAnswer } from './samples.js';

/**
 * A request is cancelled when every caller has given up, or when its owner closes. A caller
 * without a signal of its own never gives up, so a request it starts needs no controller of its
 * own: the owner's closing signal ends it. Not making one per call is what these tests hold.
 */

const cancelled = () => new Error('cancelled');

describe('a shared request', () => {
  it("started by a caller without a signal runs on the owner's closing signal", async () => {
    const closing = new AbortController();
    const inFlight = new InFlight<string>(closing.signal);
    let given: AbortSignal | undefined;
    const { promise } = inFlight.run('k', undefined, cancelled, (signal) => {
      given = signal;
      return Promise.resolve('answer');
    });
    expect(await promise).toBe('answer');
    expect(given).toBe(closing.signal);
  });

  it('started by a caller with a signal is cancelled when that caller gives up', async () => {
    const closing = new AbortController();
    const inFlight = new InFlight<string>(closing.signal);
    const caller = new AbortController();
    let given: AbortSignal | undefined;
    const { promise } = inFlight.run('k', caller.signal, cancelled, (signal) => {
      given = signal;
      return new Promise<string>(() => undefined);
    });
    expect(given).not.toBe(closing.signal);
    caller.abort();
    await expect(promise).rejects.toThrow('cancelled');
    expect(given?.aborted).toBe(true);
    expect(closing.signal.aborted).toBe(false);
  });
});

/** A wire that answers every request with a sample body, or holds it until the request's signal fires. */
function recordingWire(hold: boolean): WireTransport & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    signals,
    send(request: WireRequest): Promise<WireResponse> {
      signals.push(request.signal!);
      if (hold) {
        return new Promise((_, reject) => {
          request.signal!.addEventListener('abort', () => reject(new NetworkError('x', 'aborted', 'the request was cancelled')), { once: true });
        });
      }
      return Promise.resolve({ status: 200, headers: {}, body: Buffer.from(JSON.stringify(sampleAnswer('popularMovies'))) });
    },
    close: () => Promise.resolve(),
  };
}

describe("the client's GETs without a signal of their own", () => {
  it('reach the wire with the client\'s one signal, not a new one per call', async () => {
    const wire = recordingWire(false);
    const client = new CatalogClient({ baseUrl: 'http://127.0.0.1:1', token: 'token', cache: false, transport: wire });
    try {
      await client.call('popularMovies', { query: { page: 1 } });
      await client.call('popularMovies', { query: { page: 2 } });
    } finally {
      await client.close();
    }
    expect(wire.signals).toHaveLength(2);
    expect(wire.signals[1]).toBe(wire.signals[0]);
  });

  it('are cancelled when the client closes', async () => {
    const wire = recordingWire(true);
    const client = new CatalogClient({ baseUrl: 'http://127.0.0.1:1', token: 'token', cache: false, transport: wire });
    const call = client.call('popularMovies', { query: { page: 1 } });
    await expect.poll(() => wire.signals.length).toBe(1);
    await client.close();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
  });
});
