import { getResponse } from 'msw';
import { FaultPlan, parseFaults, TAB_HEADER, type FaultsByTab } from '../faults';
import type { SocketConnection } from '../gateway/types';
import type { SocketAcceptor } from '../gateway/msw';
import type { Backend } from '../runtime/backend';
import { ABNORMAL_CLOSE } from '../gateway/frameText';
import { sitePreset } from '../site';
import type { ExchangeMessage, Hello, HttpAnswer, HttpCall, SocketOpen, TabMessage } from './protocol';

/** One end of a tab's channel: a MessagePort in the browser, a node MessagePort in tests. */
export interface TabPort {
  postMessage(message: ExchangeMessage, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<TabMessage>) => void) | null;
  addEventListener?(type: 'close', listener: () => void): void;
}

/** What the host needs of a running exchange. */
export interface HostedExchange {
  backend: Pick<Backend, 'httpHandlers' | 'quote' | 'privateSocket' | 'network' | 'setSite'> & { hub: Pick<Backend['hub'], 'want'> };
  faults: FaultsByTab;
  /** the origin the exchange's relative routes resolve against (the page's) */
  origin: string;
}

/** At most a few plain symbol names from a tab's hello; anything else is dropped. */
export function wantedSymbols(wants: unknown): string[] {
  if (!Array.isArray(wants)) return [];
  return wants.filter((s): s is string => typeof s === 'string' && /^[A-Z0-9]{2,24}$/.test(s)).slice(0, 4);
}

/**
 * The exchange's side of every tab's channel. The exchange is booted by the
 * first tab's hello (its `?mockSite=` and stored data) and shared by every
 * tab after it; messages that arrive while it boots wait, in order.
 */
export function createExchangeHost(
  boot: (hello: Hello) => Promise<HostedExchange>,
  now: () => number = () => performance.now(),
  lifetime: ExchangeLifetime = {},
) {
  const startedAt = now();
  let booting: Promise<HostedExchange> | null = null;
  const tabs = tabCount(lifetime);

  function connect(port: TabPort) {
    let tab: string | null = null;
    let present = false;
    const leave = () => {
      if (present) tabs.leave();
      present = false;
    };
    const sockets = new Map<number, SocketConnection>();
    const post = (message: ExchangeMessage, transfer?: Transferable[]) => {
      try {
        port.postMessage(message, transfer);
      } catch {
        // A port whose tab is gone: nothing to tell.
      }
    };
    // First, before any boot: the worker's script (the exchange's code, the largest download) is here.
    post({ t: 'loaded' });
    const closeAll = () => {
      for (const connection of sockets.values()) connection.onClose();
      sockets.clear();
    };

    async function onHello(hello: Hello) {
      tab = hello.tab;
      if (!present) tabs.join();
      present = true;
      const joined = booting !== null;
      booting ??= boot(hello);
      const hosted = await booting;
      hosted.faults.set(hello.tab, new FaultPlan(parseFaults(hello.faults)));
      // A warm-up hint from a page, checked like any input: unknown or malformed names load nothing.
      for (const symbol of wantedSymbols(hello.wants)) void hosted.backend.hub.want(symbol);
      // A tab that names a region switches the one exchange to it, as the replay panel's switch does.
      if (joined && hello.site) hosted.backend.setSite(sitePreset(hello.site));
      post({ t: 'ready', bootMs: Math.round(now() - startedAt), joined });
    }

    async function onHttp(call: HttpCall) {
      const hosted = await ready();
      const answer = await answerCall(hosted, call, tab);
      post({ t: 'http', id: call.id, answer }, typeof answer === 'object' && answer.body ? [answer.body] : []);
    }

    async function onSocketOpen(open: SocketOpen) {
      const { backend } = await ready();
      if (backend.network.isOffline()) {
        post({ t: 'ws-close', id: open.id, code: ABNORMAL_CLOSE, reason: 'offline' });
        return;
      }
      const gateway: SocketAcceptor = open.kind === 'quote' ? backend.quote : backend.privateSocket;
      const connection = gateway.accept(
        {
          send: (text) => post({ t: 'ws-frame', id: open.id, data: text }),
          close: (code, reason) => {
            sockets.delete(open.id);
            post({ t: 'ws-close', id: open.id, code: code ?? 1000, reason: reason ?? '' });
          },
        },
        { token: open.token },
      );
      sockets.set(open.id, connection);
    }

    function ready(): Promise<HostedExchange> {
      if (!booting) return Promise.reject(new Error('a tab spoke before its hello'));
      return booting;
    }

    port.onmessage = (event) => {
      const message = event.data;
      switch (message.t) {
        case 'hello':
          void onHello(message).catch(failed);
          break;
        case 'http':
          void onHttp(message).catch((error: unknown) => {
            failed(error);
            post({ t: 'http', id: message.id, answer: 'network-error' });
          });
          break;
        case 'ws-open':
          void onSocketOpen(message).catch(failed);
          break;
        case 'ws-send':
          // After the open's own wait: an already settled promise keeps the order of a tab's messages.
          void ready().then(() => sockets.get(message.id)?.onMessage(message.data)).catch(failed);
          break;
        case 'ws-close':
          void ready().then(() => {
            sockets.get(message.id)?.onClose();
            sockets.delete(message.id);
          }).catch(failed);
          break;
        case 'bye':
          leave();
          void ready().then((hosted) => {
            closeAll();
            if (tab) hosted.faults.forget(tab);
          }).catch(failed);
          break;
      }
    };
    // Browsers that report a closed port (a tab killed without pagehide) free its sockets too.
    port.addEventListener?.('close', () => {
      leave();
      closeAll();
    });
  }

  return { connect, tabs: () => tabs.count };
}

/** What the host does once no tab is left (a shared worker that outlives its tabs ends itself). */
export interface ExchangeLifetime {
  /** called when no tab has been connected for `idleMs` */
  onIdle?: () => void;
  idleMs?: number;
}

/**
 * A reload leaves the exchange without a tab for a moment, and the next page joins it: the exchange waits
 * this long before it ends. A shared worker asked for an extended lifetime (tabClient.ts) is otherwise kept
 * alive by Chromium well past its last tab, running the market for nobody.
 */
export const IDLE_END_MS = 10_000;

function tabCount({ onIdle, idleMs = IDLE_END_MS }: ExchangeLifetime) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const state = {
    count: 0,
    join() {
      state.count += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    leave() {
      state.count = Math.max(0, state.count - 1);
      if (state.count === 0 && onIdle) timer = setTimeout(onIdle, idleMs);
    },
  };
  return state;
}

function failed(error: unknown) {
  console.error('embedded exchange: a tab message failed', error);
}

/** One HTTP call through the exchange's handlers, as the local server answers one. */
export async function answerCall(hosted: HostedExchange, call: HttpCall, tab: string | null): Promise<HttpAnswer> {
  const headers = new Headers(call.headers);
  if (tab) headers.set(TAB_HEADER, tab);
  const hasBody = call.body !== null && call.method !== 'GET' && call.method !== 'HEAD';
  const request = new Request(call.url, { method: call.method, headers, body: hasBody ? call.body : null });
  const response = await getResponse(hosted.backend.httpHandlers, request, { baseUrl: hosted.origin });
  if (!response) return 'bypass';
  if (response.type === 'error') return 'network-error';
  const body = response.body ? await response.arrayBuffer() : null;
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    setCookies: response.headers.getSetCookie(),
    body,
  };
}
