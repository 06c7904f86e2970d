/**
 * One socket's life (spec 2 §4): open within 10 s, ping every 15 s and expect
 * the pong within 3 s, reconnect after any failure with a growing, jittered
 * delay and no attempt limit, and check the socket at once when the page
 * status says it may have died while the page was away. Timers, randomness
 * and the WebSocket class are injected, so every rule runs under fake timers.
 */
import { report } from '../network/netStore';
import {
  CLOSE_CODES,
  CONNECT_TIMEOUT_MS,
  MALFORMED_FRAMES_BEFORE_RECONNECT,
  MAX_RECONNECT_ATTEMPTS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  needsHealthCheck,
  reconnectDelay,
  shouldReconnect,
  type PageActivity,
} from '../../domain/realtime';
import { parseFrame, type FrameRejection, type InboundFrame } from './frames';
import { pingFrame } from './streams';

/** The part of a browser WebSocket the connection uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => SocketLike;

export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Scheduler {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  now(): number;
}

/** The socket's path ('/realtime', '/realtime_w'): names it in reports without its query (which may carry a token). */
function socketName(url: string): string {
  try {
    return new URL(url, 'http://socket.invalid').pathname;
  } catch {
    return 'unknown';
  }
}

/** The globals, looked up at call time so test clocks installed later are used. */
export const systemScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  now: () => Date.now(),
};

export interface PageActivitySource {
  get(): PageActivity;
  subscribe(listener: () => void): () => void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectionEvents {
  /** every open, the first and each reconnect */
  onOpen(): void;
  onFrame(frame: InboundFrame): void;
  onMalformed(rejection: FrameRejection): void;
  /** the socket is gone; whatever the server held for it is gone too */
  onDisconnect(code: number): void;
  onStatus(status: ConnectionStatus): void;
  /** ping → pong round trip, ms */
  onLatency(ms: number): void;
}

export interface ConnectionOptions {
  url: string;
  WebSocketImpl: WebSocketConstructor;
  scheduler: Scheduler;
  random: () => number;
  pageStatus?: PageActivitySource;
  events: ConnectionEvents;
}

export interface Connection {
  start(): void;
  status(): ConnectionStatus;
  /** sends when open; false when there is no open socket to send on */
  send(text: string): boolean;
  /** ping now and expect a pong within 3 s; if not open, reconnect now with the backoff reset */
  healthCheck(): void;
  /** closes for good (4005): no reconnect */
  close(): void;
}

const OPEN = 1;

export function createConnection({ url, WebSocketImpl, scheduler, random, pageStatus, events }: ConnectionOptions): Connection {
  const socketPath = socketName(url);
  let status: ConnectionStatus = 'connecting';
  let socket: SocketLike | null = null;
  let everOpened = false;
  /** failed attempts since the last open; sets the backoff */
  let attempt = 0;
  let openTimer: TimerHandle | null = null;
  let pingTimer: TimerHandle | null = null;
  let pongTimer: TimerHandle | null = null;
  let reconnectTimer: TimerHandle | null = null;
  let pendingPing: number | null = null;
  let lastPingValue = Number.NEGATIVE_INFINITY;
  let malformedInARow = 0;
  let stopWatchingPage: (() => void) | null = null;

  function setStatus(next: ConnectionStatus) {
    if (next === status) return;
    status = next;
    // Spec 2 §7 `connect` report: the quality collector hears every socket state change.
    report({ type: 'connect', t: scheduler.now(), socket: socketPath, state: next });
    events.onStatus(next);
  }

  function clear(timer: TimerHandle | null): null {
    if (timer !== null) scheduler.clearTimeout(timer);
    return null;
  }

  function clearSocketTimers() {
    openTimer = clear(openTimer);
    pingTimer = clear(pingTimer);
    pongTimer = clear(pongTimer);
    pendingPing = null;
  }

  function connect() {
    reconnectTimer = clear(reconnectTimer);
    setStatus(everOpened || attempt > 0 ? 'reconnecting' : 'connecting');
    let next: SocketLike;
    try {
      next = new WebSocketImpl(url);
    } catch {
      // A URL the browser refuses fails like a refused connection.
      lost(CLOSE_CODES.openError);
      return;
    }
    socket = next;
    next.onopen = () => opened();
    next.onmessage = (event) => received(event.data);
    next.onerror = () => abandon(status === 'open' ? CLOSE_CODES.socketError : CLOSE_CODES.openError);
    next.onclose = (event) => {
      detach(next);
      socket = null;
      lost(event.code);
    };
    openTimer = scheduler.setTimeout(() => abandon(CLOSE_CODES.openTimeout), CONNECT_TIMEOUT_MS);
  }

  function detach(s: SocketLike) {
    s.onopen = null;
    s.onmessage = null;
    s.onerror = null;
    s.onclose = null;
  }

  /** Closes the current socket with one of the page's codes; its own close event is no longer heard. */
  function discard(code: number): boolean {
    const s = socket;
    if (!s) return false;
    detach(s);
    socket = null;
    clearSocketTimers();
    try {
      s.close(code);
    } catch {
      // A socket that cannot even be closed is gone anyway.
    }
    events.onDisconnect(code);
    return true;
  }

  /** The page gives up on the current socket and reconnects after the backoff. */
  function abandon(code: number) {
    if (discard(code)) scheduleReconnect(code);
  }

  /** The socket ended by itself (server close, network) or could not be created. */
  function lost(code: number) {
    clearSocketTimers();
    events.onDisconnect(code);
    scheduleReconnect(code);
  }

  function scheduleReconnect(code: number) {
    if (status === 'closed') return;
    if (!shouldReconnect(code) || attempt >= MAX_RECONNECT_ATTEMPTS) {
      finish();
      return;
    }
    attempt += 1;
    setStatus('reconnecting');
    reconnectTimer = scheduler.setTimeout(connect, reconnectDelay(attempt, random()));
  }

  function opened() {
    openTimer = clear(openTimer);
    everOpened = true;
    attempt = 0;
    malformedInARow = 0;
    setStatus('open');
    schedulePing();
    events.onOpen();
  }

  function schedulePing() {
    pingTimer = clear(pingTimer);
    pingTimer = scheduler.setTimeout(() => ping(CLOSE_CODES.pongTimeout), PING_INTERVAL_MS);
  }

  /** `failCode` says which check this ping is, for the close code if its pong never comes. */
  function ping(failCode: number) {
    if (!socket || status !== 'open') return;
    schedulePing();
    // A pong already awaited covers this check too: its deadline is sooner.
    if (pendingPing !== null) return;
    // Pongs echo the value: keep it unique even when two pings share a millisecond.
    const value = Math.max(scheduler.now(), lastPingValue + 1);
    lastPingValue = value;
    pendingPing = value;
    socket.send(pingFrame(value));
    pongTimer = scheduler.setTimeout(() => abandon(failCode), PONG_TIMEOUT_MS);
  }

  function received(data: unknown) {
    const result = parseFrame(data);
    if (!result.ok) {
      malformedInARow += 1;
      events.onMalformed(result.rejection);
      if (malformedInARow >= MALFORMED_FRAMES_BEFORE_RECONNECT) abandon(CLOSE_CODES.protocolFailure);
      return;
    }
    malformedInARow = 0;
    const frame = result.frame;
    if (frame.kind === 'pong' && frame.pong === pendingPing) {
      pongTimer = clear(pongTimer);
      pendingPing = null;
      events.onLatency(Math.max(0, scheduler.now() - frame.pong));
    }
    events.onFrame(frame);
  }

  function finish() {
    reconnectTimer = clear(reconnectTimer);
    stopWatchingPage?.();
    stopWatchingPage = null;
    setStatus('closed');
  }

  function healthCheck() {
    if (status === 'closed') return;
    if (status === 'open') {
      ping(CLOSE_CODES.healthCheckFailed);
      return;
    }
    // Not open: waiting out a backoff, or stuck opening. Either way, try again now from the shortest delay.
    attempt = 0;
    discard(CLOSE_CODES.healthCheckFailed);
    connect();
  }

  return {
    start() {
      if (socket || reconnectTimer !== null || status === 'closed') return;
      if (pageStatus) {
        let before = pageStatus.get();
        stopWatchingPage = pageStatus.subscribe(() => {
          const after = pageStatus.get();
          const check = needsHealthCheck(before, after);
          before = after;
          if (check) healthCheck();
        });
      }
      connect();
    },
    status: () => status,
    send(text) {
      if (!socket || status !== 'open' || socket.readyState !== OPEN) return false;
      socket.send(text);
      return true;
    },
    healthCheck,
    close() {
      if (status === 'closed') return;
      setStatus('closed');
      if (!discard(CLOSE_CODES.closedByPage)) events.onDisconnect(CLOSE_CODES.closedByPage);
      finish();
    },
  };
}
