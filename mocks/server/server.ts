import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { getResponse } from 'msw';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SocketConnection, SocketPeer } from '../gateway/types';
import { sessionFromCookies } from '../accounts/profiles';
import { createBackend, type BackendOptions } from '../runtime/backend';
import { serveStatic } from './static';

export interface LocalServerOptions extends BackendOptions {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** the built page to serve (a VITE_BACKEND=remote build); none: API and sockets only */
  distDir?: string;
}

interface Acceptor {
  accept(peer: SocketPeer, info?: { token?: string | null }): SocketConnection;
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  // HttpResponse.error() is how a handler says "the network failed": cut the connection.
  if (response.type === 'error') {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Bridges one `ws` socket to a gateway connection. */
function attach(gateway: Acceptor, socket: WebSocket, info?: { token?: string | null }): void {
  const connection = gateway.accept({
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    // No code means "the network dropped it": terminate sends no close frame, the client sees 1006.
    close: (code, reason) => (code === undefined || code === 1006 ? socket.terminate() : socket.close(code, reason)),
  }, info);
  socket.on('message', (data: Buffer) => connection.onMessage(data.toString()));
  socket.on('close', () => connection.onClose());
  // A reset connection also emits close; nothing else to do.
  socket.on('error', () => undefined);
}

/**
 * The embedded exchange as a real server on 127.0.0.1: HTTP (REST, controls,
 * the built page) and the two WebSockets. Several tabs share one market, and
 * tests can cut real sockets.
 */
export async function startLocalServer(options: LocalServerOptions) {
  const backend = createBackend(options);
  const host = options.host ?? '127.0.0.1';
  const sockets = new WebSocketServer({ noServer: true });
  let origin = `http://${host}`;

  const server = createServer((req, res) => {
    void (async () => {
      const response = await getResponse(backend.httpHandlers, toRequest(req, origin), { baseUrl: origin });
      if (response) await writeResponse(res, response);
      else if (options.distDir) await serveStatic(options.distDir, req, res);
      else res.writeHead(404).end();
    })().catch((error: unknown) => {
      console.error('server: request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const gateway: Acceptor | null = path === '/realtime' ? backend.quote : path === '/realtime_w' ? backend.privateSocket : null;
    if (!gateway || backend.network.isOffline()) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => attach(gateway, ws, { token: sessionFromCookies(req.headers.cookie ?? null) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4180, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  return {
    backend,
    url: `${origin}/`,
    wsUrl: `ws://${host}:${port}/realtime`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      backend.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LocalServer = Awaited<ReturnType<typeof startLocalServer>>;
