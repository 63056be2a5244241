import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The Node HTTP server as the app's fastify sets up its own (app.ts), kept apart from fastify so
 * the embedded catalog can make one and listen before it loads fastify at all.
 */

// Not `import ... from 'node:http'`: an ES import of node:http reads every export, and its
// WebSocket getter loads Node's own copy of undici (~50 ms and ~13 MiB at start-up).
const { createServer } = process.getBuiltinModule('node:http');

export type HttpServer = Server;
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A request must arrive whole within this, on every route (the unauthenticated approval POST
 * too): a client that trickles its headers or body holds a connection no longer.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A connection with nothing going on is closed after this. */
export const IDLE_CONNECTION_MS = 60_000;

/** Node's options for the HTTP server: the same whether fastify makes it or httpServer() does. */
export function httpOptions(requestTimeoutMs: number) {
  return {
    headersTimeout: requestTimeoutMs,
    // Node checks the timeouts above every 30 s unless told otherwise.
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    // Node's own check answers 400 with an empty body; checkFraming answers with the envelope.
    requireHostHeader: false,
  };
}

/** fastify's keep-alive default, which it sets on the servers it makes. */
const KEEP_ALIVE_MS = 72_000;

/**
 * An HTTP server set up as buildApp's fastify sets up its own, to be handed to buildApp later
 * (AppOptions.serverFactory): its requests go to `answer`, which waits for the app.
 */
export function httpServer(answer: RequestListener, requestTimeoutMs = REQUEST_TIMEOUT_MS): HttpServer {
  const server = createServer(httpOptions(requestTimeoutMs), answer);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.requestTimeout = requestTimeoutMs;
  server.setTimeout(IDLE_CONNECTION_MS);
  return server;
}

