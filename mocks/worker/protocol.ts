/**
 * Messages between a tab and the one exchange of its browser (the shared
 * worker). The tab's in-page interception (msw) turns each request and
 * socket into these; the worker answers as a server would. Plain data only:
 * everything crosses a MessagePort by structured clone.
 */

/** Which of the exchange's two sockets a tab opened. */
export type SocketKind = 'quote' | 'private';

export interface Hello {
  t: 'hello';
  /** the tab's own id, stamped on its calls so its `?mockFault=` plan stays its own */
  tab: string;
  /** `?mockSite=` of the tab (sticky for the tab), or null */
  site: string | null;
  /** `?mockFault=` of the tab, or null */
  faults: string | null;
  /** what an older build kept in this origin's localStorage, for the first start of the worker */
  legacy: Record<string, string | null>;
  /** the symbols the tab's page opens on: their sessions start loading at the hello, not at the first call naming them */
  wants?: string[];
}

export interface HttpCall {
  t: 'http';
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface SocketOpen {
  t: 'ws-open';
  id: number;
  kind: SocketKind;
  /** the page's session cookie, as a browser would have sent it with the upgrade */
  token: string | null;
}

export interface SocketSend {
  t: 'ws-send';
  id: number;
  data: string;
}

export interface SocketClosedByTab {
  t: 'ws-close';
  id: number;
}

/** The tab is going away: its sockets close. */
export interface Bye {
  t: 'bye';
}

export type TabMessage = Hello | HttpCall | SocketOpen | SocketSend | SocketClosedByTab | Bye;

export type HttpAnswer =
  | { status: number; statusText: string; headers: [string, string][]; setCookies: string[]; body: ArrayBuffer | null }
  /** the connection failed (a simulated network fault) */
  | 'network-error'
  /** no route of the exchange takes it: the request goes to the real network */
  | 'bypass';

export interface HttpReply {
  t: 'http';
  id: number;
  answer: HttpAnswer;
}

export interface SocketFrame {
  t: 'ws-frame';
  id: number;
  data: string;
}

export interface SocketClosedByExchange {
  t: 'ws-close';
  id: number;
  code: number;
  reason: string;
}

/** The exchange's code has arrived in its worker: sent on connecting, before the boot (the page may load its panels' code now). */
export interface Loaded {
  t: 'loaded';
}

export interface Ready {
  t: 'ready';
  /** ms from the worker's start to an exchange that answers */
  bootMs: number;
  /** false when this tab started the exchange, true when it joined a running one */
  joined: boolean;
}

export type ExchangeMessage = HttpReply | SocketFrame | SocketClosedByExchange | Loaded | Ready;

/** The header that carries the page's session token to the worker, which sees no cookies. */
export const SESSION_HEADER = 'x-embedded-session';

