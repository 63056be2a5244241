import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { handlers } from './handlers/index.js';
import { type HttpServer, type RequestListener, httpServer } from './http/node-server.js';
import { type ThreadAnswer, type ThreadRequest, inThreadAnswerer } from './in-thread.js';
import { type ServerOptions, explained, openCatalogService } from './service.js';
import { USER_DATABASE_FILE } from './userdata/store.js';

/**
 * The embedded catalog as the TUI runs it, on its own thread: the TUI's requests are answered
 * in the thread (in-thread.ts), without HTTP, so the thread is ready once the catalog is open,
 * without loading fastify or registering its routes (together about two thirds of the thread's
 * start). Its HTTP address is reserved at once, for what a browser opens (the approval pages):
 * the HTTP app (app.ts, as `marquee serve` has it) is built on the first request there.
 */
export interface EmbeddedCatalog {
  /** http://127.0.0.1:port, where a browser reaches it. */
  url: string;
  token: string;
  tokenFile?: string;
  demoAccount: { username: string; password: string; file?: string };
  answer(request: ThreadRequest): Promise<ThreadAnswer>;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function listen(server: HttpServer): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: HOST, port: 0 }, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function openEmbeddedCatalog(options: ServerOptions): Promise<EmbeddedCatalog> {
  const service = openCatalogService(options);
  const { context, token, tokenFile } = service;
  let host = '';
  let app: Promise<{ close(): Promise<unknown> }> | undefined;
  let appHandler: RequestListener | undefined;
  /** The HTTP app, built on the first request that reaches the address. */
  const buildHttpApp = async () => {
    // The approval page signs in with the demo account's password.
    await service.demo();
    const { buildApp } = await import('./app.js');
    return buildApp(context, {
      accessToken: token,
      handlers,
      logger: false,
      compressResponses: false,
      requestTimeoutMs: options.requestTimeoutMs,
      onUnimplemented: options.onUnimplemented,
      onDiskFailure: options.onDiskFailure,
      userDatabase: join(options.dataDir, USER_DATABASE_FILE),
      serverFactory: (handler) => {
        appHandler = handler;
        return server;
      },
    });
  };
  const server = httpServer((request, response) => {
    app ??= buildHttpApp();
    app.then(
      () => appHandler!(request, response),
      () => {
        // The app could not be built: the browser hears it, the TUI's own requests go on.
        response.statusCode = 500;
        response.end();
      },
    );
  }, options.requestTimeoutMs);
  try {
    const address = await listen(server);
    host = `${HOST}:${address.port}`;
    const url = `http://${host}`;
    service.setOrigin(url);
    const demo = service.demoAccount;
    const answerer = inThreadAnswerer(context, handlers, token, () => host);
    let closing: Promise<void> | undefined;
    return {
      url,
      token,
      tokenFile,
      demoAccount: { username: demo.username, password: demo.password, file: demo.file },
      // Ready without the demo password's check (a scrypt): no read needs it, and a write (it may
      // be a sign-in with that password) waits for it; answered however the check went, as a
      // sign-in then finds the password the account has.
      answer: (request) => (request.method === 'GET' ? answerer(request) : service.demo().then(() => answerer(request), () => answerer(request))),
      close: () => {
        closing ??= (async () => {
          await app?.then((built) => built.close(), () => undefined);
          const closed = new Promise((resolve) => server.close(resolve));
          // A browser's kept-alive connection would hold the close for a minute.
          server.closeIdleConnections();
          await closed;
          service.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    server.close();
    service.close();
    throw explained(error, options.dataDir);
  }
}
