/**
 * The private socket `/realtime_w` for one signed-in account: the shared
 * connection (heartbeat, reconnect), sign-in by the session cookie the
 * browser sends when the socket opens (an auth frame only when that did not
 * take), the order, trade and wallet topics of the account type subscribed on
 * every open, and pushes read and handed to listeners. It also keeps what the
 * page needs to decide whether polling is still wanted (spec 2 §9).
 */
import { WALLET_STALE_CHECK_MS, applyWalletPush, isWalletStale, type WalletFeed } from '../../../domain/walletStaleness';
import { quoteSocketUrl } from '../client';
import { createConnection, systemScheduler, type ConnectionStatus, type PageActivitySource, type Scheduler, type TimerHandle, type WebSocketConstructor } from '../connection';
import { readPrivateFrame, readPush, type PrivateFrame, type PrivatePush } from './frames';
import { splitSocket } from './splitSocket';
import { readSessionCookie } from '../../sessionCookie';
import { LOGIN_REQUIRED, authFrame, roleOf, subFrame, topicsFor, type PrivateAccountType } from './topics';

export interface PrivateState {
  status: ConnectionStatus;
  /** the socket is open and every topic is acknowledged on it */
  live: boolean;
  /** false once the exchange refused the sign-in or ended the session */
  signedIn: boolean;
  /** the newest wallet push applied; null before the first */
  feed: WalletFeed | null;
  /** the last periodic staleness check (every 5 s, spec 2 §9); true before the first wallet push */
  stale: boolean;
  dropped: { stalePushes: number; badItems: number; refusals: number };
}

/** A push, or `live`: every topic is subscribed again, and whatever was pushed while the socket was down is missed. */
export type PrivateEvent = PrivatePush | { kind: 'live' };

export interface PrivateClientOptions {
  url: string;
  accountType: PrivateAccountType;
  WebSocketImpl?: WebSocketConstructor;
  scheduler?: Scheduler;
  random?: () => number;
  pageStatus?: PageActivitySource;
  /** the session token for an auth frame when the cookie did not sign the socket in; null when the page cannot read it */
  readToken?: () => string | null;
}

export interface PrivateClient {
  readonly accountType: PrivateAccountType;
  /** the same object until something changes (a useSyncExternalStore snapshot) */
  state(): PrivateState;
  onState(listener: () => void): () => void;
  onEvent(listener: (event: PrivateEvent) => void): () => void;
  healthCheck(): void;
  /** for good: the socket closes (4005), no reconnect, no more events */
  close(): void;
}

/** ws(s)://…/realtime_w beside the quote socket: the same API origin and path prefix. */
export function privateSocketUrl(apiBase?: string, location?: Pick<Location, 'href'>): string {
  return `${quoteSocketUrl(apiBase, location)}_w`;
}

export function createPrivateClient(options: PrivateClientOptions): PrivateClient {
  const { accountType } = options;
  const scheduler = options.scheduler ?? systemScheduler;
  const readToken = options.readToken ?? (() => readSessionCookie());
  const topics = topicsFor(accountType);

  let state: PrivateState = {
    status: 'connecting',
    live: false,
    signedIn: true,
    feed: null,
    stale: true,
    dropped: { stalePushes: 0, badItems: 0, refusals: 0 },
  };
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<(event: PrivateEvent) => void>();
  /** topics asked for on the current socket and not acknowledged yet */
  let pending = new Set<string>();
  let authSent = false;
  let closed = false;
  let staleTimer: TimerHandle | null = null;

  function update(change: Partial<PrivateState>) {
    const next = { ...state, ...change };
    if ((Object.keys(change) as Array<keyof PrivateState>).every((k) => next[k] === state[k])) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  }

  const count = (key: keyof PrivateState['dropped'], n = 1) => update({ dropped: { ...state.dropped, [key]: state.dropped[key] + n } });

  function emit(event: PrivateEvent) {
    if (closed) return;
    for (const listener of [...eventListeners]) listener(event);
  }

  function subscribe(list: Iterable<string>) {
    for (const topic of list) connection.send(subFrame(topic));
  }

  function opened() {
    pending = new Set(topics);
    authSent = false;
    // A push of the new socket is never older than anything it will send, so ordering restarts here;
    // how long ago the last wallet came still counts for staleness.
    update({ live: false, feed: state.feed && { ...state.feed, newestSendTime: Number.NEGATIVE_INFINITY } });
    subscribe(topics);
  }

  function acknowledged(topic: string) {
    if (!pending.delete(topic) || pending.size > 0) return;
    update({ live: true, signedIn: true });
    emit({ kind: 'live' });
  }

  function refused(frame: Extract<PrivateFrame, { kind: 'error' }>) {
    count('refusals');
    if (frame.code !== LOGIN_REQUIRED || frame.event !== 'sub') return;
    // The cookie did not sign the socket in (a real server's cross-site socket, a cookie set after it opened): try the token once.
    const token = authSent ? null : readToken();
    if (token !== null) {
      authSent = true;
      connection.send(authFrame(token));
    } else if (!authSent) {
      update({ signedIn: false });
    }
  }

  function pushed(frame: Extract<PrivateFrame, { kind: 'push' }>) {
    const role = roleOf(frame.topic, accountType);
    if (!role) return;
    const { push, bad } = readPush(frame, role, accountType);
    if (bad > 0) count('badItems', bad);
    if (!push) return;
    if (push.kind === 'wallet') {
      const feed = applyWalletPush(state.feed, push, scheduler.now());
      if (!feed) return count('stalePushes');
      update({ feed, stale: false });
    }
    emit(push);
  }

  /** Frames of the private protocol are handled here; pongs and garbage go on to the connection. */
  function take(data: unknown): boolean {
    const frame = readPrivateFrame(data);
    if (!frame) return false;
    switch (frame.kind) {
      case 'ack':
        if (frame.event === 'sub') acknowledged(frame.topic);
        break;
      case 'error':
        refused(frame);
        break;
      case 'auth':
        if (frame.ok) {
          update({ signedIn: true });
          subscribe(pending);
        } else {
          // Refused, or the session ended: the exchange dropped this socket's topics. The page's
          // log-out or account switch closes the client; until then the poll takes over.
          pending = new Set(topics);
          update({ live: false, signedIn: false });
        }
        break;
      case 'push':
        pushed(frame);
        break;
    }
    return true;
  }

  const connection = createConnection({
    url: options.url,
    WebSocketImpl: splitSocket(options.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor), take),
    scheduler,
    random: options.random ?? Math.random,
    pageStatus: options.pageStatus,
    events: {
      onOpen: opened,
      onFrame: () => {},
      onMalformed: () => {},
      onDisconnect() {
        pending = new Set(topics);
        update({ live: false });
      },
      onStatus: (status) => update({ status }),
      onLatency: () => {},
    },
  });

  function checkStale() {
    staleTimer = scheduler.setTimeout(checkStale, WALLET_STALE_CHECK_MS);
    update({ stale: isWalletStale(state.feed, scheduler.now()) });
  }

  staleTimer = scheduler.setTimeout(checkStale, WALLET_STALE_CHECK_MS);
  connection.start();

  return {
    accountType,
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    healthCheck: () => connection.healthCheck(),
    close() {
      if (closed) return;
      closed = true;
      if (staleTimer !== null) scheduler.clearTimeout(staleTimer);
      staleTimer = null;
      connection.close();
      pending.clear();
      update({ live: false });
    },
  };
}
