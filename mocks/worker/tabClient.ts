/**
 * A tab's side of the shared exchange: the page's in-page interception
 * (msw) stays, but every request and socket it takes is passed over a
 * MessagePort to the browser's one exchange in a shared worker. Nothing of
 * the exchange itself loads in the page.
 */
import { http, passthrough, ws, HttpResponse, type WebSocketHandler } from 'msw';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { sessionFromCookies } from '../accounts/profiles';
import { exchangeOwns } from './routing';
import { SESSION_HEADER, TEXT_KEYS, type ExchangeMessage, type HttpAnswer, type SocketKind, type TabMessage } from './protocol';

export interface TabClientOptions {
  site: string | null;
  faults: string | null;
  /** `?mockLog`: msw prints every call */
  log: boolean;
}

type SocketClient = Parameters<Parameters<ReturnType<typeof ws.link>['addEventListener']>[1]>[0]['client'];

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

const decoder = new TextDecoder();

/** Text of a client frame (the protocol is JSON text; binary frames are decoded as UTF-8). */
async function textOf(data: unknown): Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return decoder.decode(data);
  if (data instanceof Blob) return data.text();
  return String(data);
}

/** Answers carry set-cookie apart: a Response built in the page may not hold it, and the browser would have stored it. */
function storeCookies(cookies: string[]) {
  for (const cookie of cookies) document.cookie = cookie;
}

function responseOf(answer: HttpAnswer): Response {
  if (answer === 'network-error') return HttpResponse.error();
  if (answer === 'bypass') return passthrough();
  storeCookies(answer.setCookies);
  const headers = new Headers(answer.headers.filter(([name]) => name.toLowerCase() !== 'set-cookie'));
  // 204/304 carry no body, whatever the exchange put there.
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

export async function startTabClient(options: TabClientOptions): Promise<{ ready: Promise<{ bootMs: number; joined: boolean }> }> {
  const worker = new SharedWorker(new URL('./sharedExchange.ts', import.meta.url), { type: 'module', name: 'spot-embedded-exchange' });
  const port = worker.port;
  const tab = crypto.randomUUID();
  let nextId = 1;
  const calls = new Map<number, (answer: HttpAnswer) => void>();
  const sockets = new Map<number, SocketClient>();
  let markReady: (value: { bootMs: number; joined: boolean }) => void = () => {};
  const ready = new Promise<{ bootMs: number; joined: boolean }>((resolve) => (markReady = resolve));

  const send = (message: TabMessage, transfer: Transferable[] = []) => port.postMessage(message, transfer);

  port.onmessage = (event: MessageEvent<ExchangeMessage>) => {
    const message = event.data;
    switch (message.t) {
      case 'ready':
        performance.mark('embedded-exchange-ready', { detail: message });
        markReady({ bootMs: message.bootMs, joined: message.joined });
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
  // A worker that fails to start leaves every call unanswered: fail them as a dropped network would.
  worker.onerror = (event) => {
    console.error('embedded exchange: the shared worker failed', event);
    for (const answer of calls.values()) answer('network-error');
    calls.clear();
  };
  send({ t: 'hello', tab, site: options.site, faults: options.faults, legacy: legacyTexts() });

  const forward = http.all(
    ({ request }) => exchangeOwns(new URL(request.url), location.origin),
    async ({ request }) => {
      const id = nextId++;
      const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
      const headers: [string, string][] = [...request.headers];
      const token = sessionFromCookies(document.cookie);
      if (token) headers.push([SESSION_HEADER, token]);
      const answer = await new Promise<HttpAnswer>((resolve) => {
        calls.set(id, resolve);
        send({ t: 'http', id, url: request.url, method: request.method, headers, body }, body ? [body] : []);
      });
      return responseOf(answer);
    },
  );

  const socket = (url: string, kind: SocketKind): WebSocketHandler =>
    ws.link(url).addEventListener('connection', ({ client }) => {
      const id = nextId++;
      sockets.set(id, client);
      send({ t: 'ws-open', id, kind, token: sessionFromCookies(document.cookie) });
      client.addEventListener('message', (event) => {
        void textOf(event.data).then((data) => send({ t: 'ws-send', id, data }));
      });
      client.addEventListener('close', () => {
        if (sockets.delete(id)) send({ t: 'ws-close', id });
      });
    });

  const network = defineNetwork({
    sources: [new InterceptorSource({ interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor(), new WebSocketInterceptor()] })],
    // msw matches a `*`-prefixed URL over the whole URL, query ignored: `*/realtime` is not `*/realtime_w`.
    handlers: [forward, socket('*/realtime', 'quote'), socket('*/realtime_w', 'private')],
    context: { quiet: !options.log },
    onUnhandledFrame: 'bypass',
  });
  await network.enable();
  // A tab that goes away closes its sockets in the exchange; one kept for back/forward keeps them.
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) send({ t: 'bye' });
  });
  return { ready };
}
