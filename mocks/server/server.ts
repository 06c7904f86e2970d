import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { indexHandlers, type HandlerIndex } from './handlerIndex';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SocketConnection, SocketPeer } from '../gateway/types';
import { sessionFromCookies } from '../accounts/profiles';
import { createBackend, type BackendOptions } from '../runtime/backend';
import { HOST_NAMES, type HostName } from '../net/netState';
import { serveStatic } from './static';
import { checkRequest, checkUpgrade, httpOnlyCookie, LOOPBACK_NAMES, type GuardConfig, type Verdict } from './guard';

export interface LocalServerOptions extends BackendOptions {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** the built page to serve (a VITE_BACKEND=remote build); none: API and sockets only */
  distDir?: string;
  /** the network layer's alternative hosts, on 127.0.0.1: port+1 and port+2 by default (free ports when port is 0) */
  hostPorts?: Partial<Record<HostName, number>>;
  /** what `/mock/api/*` callers other than the server's own page must send (x-mock-control-token); a random one when absent */
  controlToken?: string;
  /** host names served besides the loopback names and `host` (a name the user points at 127.0.0.1) */
  allowedHosts?: string[];
}

interface Acceptor {
  accept(peer: SocketPeer, info?: { token?: string | null }): SocketConnection;
}

/** The most a request body may hold (a session upload included); a bigger one is refused with 413 before any handler runs. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The whole body, read before a handler runs. A body left unread (a handler
 * that ignores it, a refusal, a 404) would otherwise stay in the connection:
 * `Readable.toWeb` holds the stream paused, Node cannot discard it, and the
 * next request on that keep-alive connection never gets an answer.
 * null: over MAX_BODY_BYTES.
 */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The msw request of a Node request; null when its body is too big. */
async function toRequest(req: IncomingMessage, origin: string): Promise<Request | null> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const body = hasBody ? await readBody(req) : undefined;
  if (body === null) return null;
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: body && new Uint8Array(body) });
}

const tooLarge = (res: ServerResponse, extraHeaders: Record<string, string> = {}): void =>
  void res.writeHead(413, { ...extraHeaders, 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ code: 10001, success: false, message: `body over ${MAX_BODY_BYTES} bytes` }));

async function writeResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  // HttpResponse.error() is how a handler says "the network failed": cut the connection.
  if (response.type === 'error') {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies.map(httpOnlyCookie);
  Object.assign(headers, extraHeaders);
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

/** Runs one request's answer; a bug answers 500 instead of leaving the client hanging. */
function answer(res: ServerResponse, work: () => Promise<void>): void {
  work().catch((error: unknown) => {
    console.error('server: request failed', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** A refused request: the envelope's refusal, with the status that says why. */
function writeRefusal(res: ServerResponse, verdict: Exclude<Verdict, { ok: true }>, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(verdict.status, { 'content-type': 'application/json', ...extraHeaders });
  res.end(JSON.stringify({ code: verdict.code, success: false, message: verdict.message }));
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * CORS of an alternative host: its answers carry the user's session, so only
 * the server's own page may read them. Headers to add; {} for a request with
 * no Origin (not a page's cross-origin call); null for another origin.
 */
function hostCors(req: IncomingMessage, pageOrigin: string): Record<string, string> | null {
  const from = req.headers.origin;
  if (from === undefined) return {};
  if (from !== pageOrigin) return null;
  return { 'access-control-allow-origin': from, 'access-control-allow-credentials': 'true', vary: 'origin' };
}

/**
 * One alternative host of the network layer (docs/api/network.md) as its own
 * listener. The request keeps the host's origin and the handlers resolve
 * their relative paths against the page origin, so nothing on this host
 * matches them directly: every call goes through the host's forwarder, with
 * its latency, its down switch and its served count.
 */
function hostListener(handlers: HandlerIndex, ownOrigin: () => string, pageOrigin: () => string, guard: () => GuardConfig): Server {
  return createServer((req, res) => answer(res, async () => {
    const cors = hostCors(req, pageOrigin());
    if (!cors) {
      res.writeHead(403).end();
      return;
    }
    if (req.method === 'OPTIONS' && req.headers.origin !== undefined) {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'accept, content-type, authorization' }).end();
      return;
    }
    const verdict = checkRequest({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, guard());
    if (!verdict.ok) {
      writeRefusal(res, verdict, cors);
      return;
    }
    const request = await toRequest(req, ownOrigin());
    if (!request) {
      tooLarge(res, cors);
      return;
    }
    const response = await getResponse(handlers.candidates(new URL(request.url), pageOrigin()), request, { baseUrl: pageOrigin() });
    if (response) await writeResponse(res, response, cors);
    else res.writeHead(404, cors).end();
  }));
}

/**
 * The embedded exchange as a real server on 127.0.0.1: HTTP (REST, controls,
 * the built page), the two WebSockets, and the network layer's two
 * alternative hosts as extra listeners. Several tabs share one market, and
 * tests can cut real sockets.
 */
export async function startLocalServer(options: LocalServerOptions) {
  const host = options.host ?? '127.0.0.1';
  let origin = `http://${host}`;
  const backend = createBackend({ ...options, origin: () => origin });
  const handlers = indexHandlers(backend.httpHandlers);
  // Clients send small JSON frames; ws's default of 100 MiB a frame would let one socket hold that much memory.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const controlToken = options.controlToken || randomBytes(18).toString('base64url');
  const hosts = new Set<string>([...LOOPBACK_NAMES, host, ...(options.allowedHosts ?? [])].map((name) => name.toLowerCase()));
  const guard: GuardConfig = { hosts, controlToken };
  const guardOf = (req: IncomingMessage) => ({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });

  const server = createServer((req, res) => answer(res, async () => {
    const verdict = checkRequest(guardOf(req), guard);
    if (!verdict.ok) {
      writeRefusal(res, verdict);
      return;
    }
    const request = await toRequest(req, origin);
    if (!request) {
      tooLarge(res);
      return;
    }
    const response = await getResponse(handlers.candidates(new URL(request.url), origin), request, { baseUrl: origin });
    if (response) await writeResponse(res, response);
    else if (options.distDir) await serveStatic(options.distDir, req, res);
    else res.writeHead(404).end();
  }));

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const gateway: Acceptor | null = path === '/realtime' ? backend.quote : path === '/realtime_w' ? backend.privateSocket : null;
    const verdict = checkUpgrade(guardOf(req), guard);
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ code: verdict.code, success: false, message: verdict.message })}`);
      return;
    }
    if (!gateway || backend.network.isOffline()) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => attach(gateway, ws, { token: sessionFromCookies(req.headers.cookie ?? null) }));
  });

  const requestedPort = options.port ?? 4180;
  const port = await listen(server, requestedPort, host);
  origin = `http://${host}:${port}`;

  const hostServers: Server[] = [];
  const hostUrls = {} as Record<HostName, string>;
  try {
    for (const [index, name] of HOST_NAMES.entries()) {
      let hostOrigin = '';
      // The page's own origin is trusted there: the page calls these hosts cross-origin by design.
      const listener = hostListener(handlers, () => hostOrigin, () => origin, () => ({ hosts, controlToken, trustedOrigins: new Set([origin]) }));
      hostServers.push(listener);
      const hostPort = await listen(listener, options.hostPorts?.[name] ?? (requestedPort === 0 ? 0 : port + index + 1), '127.0.0.1');
      hostOrigin = `http://127.0.0.1:${hostPort}`;
      hostUrls[name] = hostOrigin;
      backend.net.setHostUrl(name, hostOrigin);
    }
  } catch (error) {
    // A host port in use: nothing of this server may stay open.
    backend.close();
    await Promise.all([server, ...hostServers].filter((s) => s.listening).map(closeServer));
    throw error;
  }

  return {
    backend,
    url: `${origin}/`,
    wsUrl: `ws://${host}:${port}/realtime`,
    /** the alternative hosts' origins (also what `network_config` answers) */
    hostUrls,
    /** what a script sends in x-mock-control-token to use `/mock/api/*` */
    controlToken,
    async close() {
      for (const client of sockets.clients) client.terminate();
      const saved = backend.close();
      await Promise.all([saved, ...[server, ...hostServers].map(closeServer)]);
    },
  };
}

export type LocalServer = Awaited<ReturnType<typeof startLocalServer>>;
