/**
 * A tab's side of the shared exchange: the page's requests and sockets are
 * still intercepted in the page, but each one the exchange owns is passed
 * over a MessagePort to the browser's one exchange in a shared worker.
 * Nothing of the exchange loads in the page, and not msw's handler layer
 * either (its route matching and cookie jar weigh ~150 KB gzip and run in
 * the worker): only msw's interceptors, which patch fetch, XHR and
 * WebSocket.
 */
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { sessionFromCookies } from '../accounts/profiles';
import { exchangeOwns } from './routing';
import { frameText } from '../gateway/frameText';
import { TEXT_KEYS } from '../runtime/textStores';
import { SESSION_HEADER, type ExchangeMessage, type HttpAnswer, type SocketKind, type TabMessage } from './protocol';
import { openExchange, type WorkerRuntime } from './exchangePort';

export type { WorkerRuntime } from './exchangePort';

export interface TabClientOptions {
  runtime: WorkerRuntime;
  site: string | null;
  faults: string | null;
  /** `?mockLog`: the console lists every call passed to the exchange (as warnings: the lint keeps the console for those) */
  log: boolean;
  /** the symbols the page opens on (`BTCUSDT`), loaded by the exchange before the page asks */
  wants: string[];
  /** called once, when the exchange's code has arrived in its worker (before it boots) */
  onLoaded?: () => void;
}

interface SocketClient {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** msw's `*\/realtime` pattern: any host and prefix, query and a trailing slash ignored. */
function socketKind(url: URL): SocketKind | null {
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/realtime_w')) return 'private';
  if (path.endsWith('/realtime')) return 'quote';
  return null;
}

/** What an older build kept in localStorage: the worker takes it on its first start. */
function legacyTexts(): Record<string, string | null> {
  const texts: Record<string, string | null> = {};
  for (const key of Object.values(TEXT_KEYS)) {
    try {
      texts[key] = localStorage.getItem(key);
    } catch {
      texts[key] = null;
    }
  }
  return texts;
}

/** Answers carry set-cookie apart: a Response built in the page may not hold it, and the browser would have stored it. */
function storeCookies(cookies: string[]) {
  for (const cookie of cookies) document.cookie = cookie;
}

/** The page's Response for an answer; null: not the exchange's, let it through to the network. */
function responseOf(answer: HttpAnswer): Response | null {
  if (answer === 'network-error') return Response.error();
  if (answer === 'bypass') return null;
  storeCookies(answer.setCookies);
  const headers = new Headers(answer.headers.filter(([name]) => name.toLowerCase() !== 'set-cookie'));
  // 204/304 carry no body, whatever the exchange put there.
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

export async function startTabClient(options: TabClientOptions): Promise<void> {
  const { port, worker, early, failed } = openExchange(options.runtime);
  const tab = crypto.randomUUID();
  let nextId = 1;
  const calls = new Map<number, (answer: HttpAnswer) => void>();
  const sockets = new Map<number, SocketClient>();
  let loaded = options.onLoaded;

  const send = (message: TabMessage, transfer: Transferable[] = []) => port.postMessage(message, transfer);

  const onMessage = (event: MessageEvent<ExchangeMessage>) => {
    const message = event.data;
    switch (message.t) {
      case 'loaded':
        performance.mark('embedded-exchange-loaded');
        loaded?.();
        loaded = undefined;
        break;
      case 'ready':
        // Read by `npm run bench:first-load`: the exchange's boot time in its worker.
        performance.mark('embedded-exchange-ready', { detail: { bootMs: message.bootMs, joined: message.joined } });
        break;
      case 'http':
        calls.get(message.id)?.(message.answer);
        calls.delete(message.id);
        break;
      case 'ws-frame':
        sockets.get(message.id)?.send(message.data);
        break;
      case 'ws-close': {
        // Forgotten first: the client's own close event must not echo it back.
        const client = sockets.get(message.id);
        sockets.delete(message.id);
        client?.close(message.code, message.reason);
        break;
      }
    }
  };
  port.onmessage = onMessage;
  // What the worker opened at the page's start said before this listened ('loaded', usually).
  for (const event of early) onMessage(event);
  // A worker that fails to start leaves every call unanswered: fail them as a dropped network would.
  const onError = (event: Event) => {
    console.error('embedded exchange: its worker failed', event);
    for (const answer of calls.values()) answer('network-error');
    calls.clear();
  };
  worker.onerror = onError;
  // One that failed before this listened never answers: every call fails at once.
  const dead = failed !== null;
  if (failed) onError(failed);
  send({ t: 'hello', tab, site: options.site, faults: options.faults, legacy: legacyTexts(), wants: options.wants });

  async function forward(request: Request): Promise<Response | null> {
    if (dead) return Response.error();
    const id = nextId++;
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const headers: [string, string][] = [...request.headers];
    const token = sessionFromCookies(document.cookie);
    if (token) headers.push([SESSION_HEADER, token]);
    const answer = await new Promise<HttpAnswer>((resolve) => {
      calls.set(id, resolve);
      send({ t: 'http', id, url: request.url, method: request.method, headers, body }, body ? [body] : []);
    });
    if (options.log) console.warn('[embedded exchange]', request.method, request.url, typeof answer === 'object' ? answer.status : answer);
    return responseOf(answer);
  }

  for (const interceptor of [new FetchInterceptor(), new XMLHttpRequestInterceptor()]) {
    interceptor.apply();
    // The interceptor waits for this listener; a request it does not answer goes to the network.
    interceptor.on('request', async ({ request, controller }) => {
      if (!exchangeOwns(new URL(request.url), location.origin)) return;
      const response = await forward(request);
      if (response) controller.respondWith(response);
    });
  }

  const socketInterceptor = new WebSocketInterceptor();
  socketInterceptor.apply();
  socketInterceptor.on('connection', ({ client, server }) => {
    const kind = socketKind(client.url);
    if (!kind) {
      server.connect();
      return;
    }
    const id = nextId++;
    sockets.set(id, client as unknown as SocketClient);
    send({ t: 'ws-open', id, kind, token: sessionFromCookies(document.cookie) });
    client.addEventListener('message', (event) => {
      void Promise.resolve(frameText(event.data)).then((data) => send({ t: 'ws-send', id, data }));
    });
    client.addEventListener('close', () => {
      if (sockets.delete(id)) send({ t: 'ws-close', id });
    });
  });
  // A tab that goes away closes its sockets in the exchange; one kept for back/forward keeps them.
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) send({ t: 'bye' });
  });
}
