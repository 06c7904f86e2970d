import type { AccountProfile } from '../../accounts/profiles';
import type { AccountService } from '../../accounts/service';
import type { Exchange } from '../../exchange';
import { createMarginDesk, type SpotMarginDesk } from '../../accounts/margin';
import { createLeverageFlags, orderViews, type OrderViews } from '../../http/orders';
import { systemScheduler } from '../../market/hub/scheduler';
import type { Scheduler, SocketConnection, SocketPeer } from '../types';
import { ABNORMAL_CLOSE, Connection } from '../quote/connection';
import { ackFrame, errorFrame, pongFrame, readClientFrame, type ClientRequest } from '../quote/frames';
import { watchExchange, type UserBatch } from './engineFeed';
import { authAccepted, authRefused, privateErrorFrame, pushFrame, readAuthRequest } from './frames';
import { walletData } from './items';
import { PUSH_TOPICS, topicServes, USER_TOPICS } from './topics';

export { USER_TOPICS } from './topics';

/**
 * Spec 2 §9: the page stops polling the wallet when pushes come every 3000 ms
 * or less and calls them stale after 3 × the pushed interval; 5000 ms keeps
 * the page's poll as the fallback it is meant to be.
 */
export const DEFAULT_WALLET_INTERVAL_MS = 5000;

export interface PrivateGatewayOptions {
  /** the wallet push timer and `sendTime` */
  scheduler?: Scheduler;
  /** who a session token is; without it nobody can sign in */
  accounts?: AccountService;
  /** the engine whose order, fill and balance events are pushed; without it nothing is */
  exchange?: Exchange;
  /** loans of unified accounts (the wallet push's borrowSize and leverage); a fresh desk by default */
  margin?: SpotMarginDesk;
  /** how orders and fills are rendered: the order calls' own views (`orderHandlers` takes the same) */
  views?: OrderViews;
  walletIntervalMs?: number;
}

/** What the runtime knows of a connecting socket: the session token its upgrade request carried (cookie). */
export interface SocketInfo {
  token?: string | null;
}

export interface PrivateGateway {
  accept(peer: SocketPeer, info?: SocketInfo): SocketConnection;
  /** pushes `{topic, data}` to the user's sockets subscribed to `topic`; answers how many got it */
  push(userId: string, topic: string, data: readonly unknown[]): number;
  /** the session of `token` ended (log-out): its sockets are told at once; answers how many */
  sessionEnded(token: string): number;
  readonly walletIntervalMs: number;
  /** closes every socket abnormally; returns how many */
  dropSockets(): number;
  close(): void;
}

/** One client socket and the session it is signed in with (null: not signed in). */
interface PrivateSocket {
  connection: Connection<true>;
  token: string | null;
  userId: string | null;
}

/**
 * The private socket `/realtime_w` (docs/api/private.md): heartbeats, the
 * sub/cancel protocol, sign-in by the upgrade request's cookie or an auth
 * frame, user topics by account type, and the engine's events pushed to the
 * owner's sockets only. Every push re-reads the session, so a log-out (in any
 * tab) stops the pushes and tells the socket.
 */
export function createPrivateGateway(options: PrivateGatewayOptions = {}): PrivateGateway {
  const scheduler = options.scheduler ?? systemScheduler;
  const { accounts, exchange } = options;
  const margin = options.margin ?? (exchange ? createMarginDesk(exchange) : undefined);
  const views = options.views ?? (exchange ? orderViews(exchange, createLeverageFlags()) : undefined);
  const walletIntervalMs = options.walletIntervalMs ?? DEFAULT_WALLET_INTERVAL_MS;
  const sockets = new Set<PrivateSocket>();
  const byUser = new Map<string, Set<PrivateSocket>>();

  function signIn(socket: PrivateSocket, profile: AccountProfile, token: string): void {
    // Another user's subscriptions do not carry over to this one.
    if (socket.userId !== profile.userId) signOut(socket);
    socket.token = token;
    socket.userId = profile.userId;
    let mine = byUser.get(profile.userId);
    if (!mine) byUser.set(profile.userId, (mine = new Set()));
    mine.add(socket);
  }

  function signOut(socket: PrivateSocket): void {
    if (socket.userId !== null) {
      const mine = byUser.get(socket.userId);
      mine?.delete(socket);
      if (mine?.size === 0) byUser.delete(socket.userId);
    }
    socket.token = null;
    socket.userId = null;
    socket.connection.subscriptions.clear();
  }

  function endSession(socket: PrivateSocket): void {
    signOut(socket);
    socket.connection.send(authRefused('sessionEnded'));
  }

  /** The socket's account now; a session that ended since is told so and signed out. */
  function accountOf(socket: PrivateSocket): AccountProfile | null {
    if (socket.token === null) return null;
    const profile = accounts?.accountOfToken(socket.token) ?? null;
    if (!profile || profile.userId !== socket.userId) {
      endSession(socket);
      return null;
    }
    return profile;
  }

  function sendWallet(socket: PrivateSocket, profile: AccountProfile): void {
    const topic = PUSH_TOPICS[profile.accountType].wallet;
    if (!exchange || !socket.connection.subscriptions.has(topic)) return;
    socket.connection.sendData(pushFrame(topic, walletData(exchange, margin!, profile.userId, profile.accountType), scheduler.now(), walletIntervalMs));
  }

  function deliver(userId: string, batch: UserBatch): void {
    for (const socket of [...(byUser.get(userId) ?? [])]) {
      const profile = accountOf(socket);
      if (!profile) continue;
      const byTopic = new Map<string, unknown[]>();
      for (const { topicOf, item } of batch.items) {
        const topic = topicOf(profile.accountType);
        if (!socket.connection.subscriptions.has(topic)) continue;
        const list = byTopic.get(topic);
        if (list) list.push(item);
        else byTopic.set(topic, [item]);
      }
      for (const [topic, data] of byTopic) socket.connection.sendData(pushFrame(topic, data, scheduler.now()));
      if (batch.walletChanged) sendWallet(socket, profile);
    }
  }

  function handleAuth(socket: PrivateSocket, token: string | null): void {
    const profile = token === null ? null : (accounts?.accountOfToken(token) ?? null);
    // A refused auth leaves the socket as it was.
    if (!profile || token === null) return socket.connection.send(authRefused('invalidSession'));
    signIn(socket, profile, token);
    socket.connection.send(authAccepted(profile.userId, profile.accountType));
  }

  function handleRequest(socket: PrivateSocket, request: ClientRequest): void {
    const { connection } = socket;
    const topic = typeof request.topic === 'string' ? request.topic : '';
    if (!USER_TOPICS.has(topic)) return connection.send(errorFrame('invalidTopic', request.raw));
    if (request.event === 'cancel') {
      return connection.send(connection.subscriptions.delete(topic) ? ackFrame(request) : errorFrame('notSubscribed', request.raw));
    }
    const profile = accountOf(socket);
    if (!profile) return connection.send(privateErrorFrame('loginRequired', request.raw));
    if (!topicServes(topic, profile.accountType)) return connection.send(privateErrorFrame('wrongAccountType', request.raw));
    connection.subscriptions.set(topic, true);
    connection.send(ackFrame(request));
    // A wallet subscription starts with the whole wallet, so the page need not wait an interval.
    if (topic === PUSH_TOPICS[profile.accountType].wallet) sendWallet(socket, profile);
  }

  /** Every interval: the whole wallet to its subscribers, and every session checked. */
  function walletTick(): void {
    for (const socket of [...sockets]) {
      const profile = accountOf(socket);
      if (profile) sendWallet(socket, profile);
    }
  }

  const stopFeed = exchange ? watchExchange(exchange, views!, (userId) => byUser.has(userId), deliver) : () => undefined;
  const stopTimer = scheduler.setInterval(walletTick, walletIntervalMs);

  function detach(socket: PrivateSocket): void {
    signOut(socket);
    sockets.delete(socket);
  }

  return {
    walletIntervalMs,
    accept(peer, info) {
      const socket: PrivateSocket = { connection: new Connection<true>(peer, () => undefined), token: null, userId: null };
      sockets.add(socket);
      const token = info?.token ?? null;
      const profile = token === null ? null : (accounts?.accountOfToken(token) ?? null);
      if (profile && token !== null) signIn(socket, profile, token);
      return {
        onMessage(text) {
          const auth = readAuthRequest(text);
          if (auth) return handleAuth(socket, auth.token);
          const frame = readClientFrame(text);
          if (frame.kind === 'ping') return socket.connection.send(pongFrame(frame.value));
          if (frame.kind === 'refused') return socket.connection.send(frame.answer);
          handleRequest(socket, frame.request);
        },
        onClose() {
          socket.connection.closed = true;
          detach(socket);
        },
      };
    },
    push(userId, topic, data) {
      let reached = 0;
      for (const socket of [...(byUser.get(userId) ?? [])]) {
        if (!accountOf(socket) || !socket.connection.subscriptions.has(topic)) continue;
        socket.connection.sendData(pushFrame(topic, data, scheduler.now()));
        reached += 1;
      }
      return reached;
    },
    sessionEnded(token) {
      const ended = [...sockets].filter((s) => s.token === token);
      ended.forEach(endSession);
      return ended.length;
    },
    dropSockets() {
      const dropped = [...sockets];
      for (const socket of dropped) {
        detach(socket);
        socket.connection.close(ABNORMAL_CLOSE, 'dropped');
      }
      return dropped.length;
    },
    close() {
      stopFeed();
      stopTimer();
      for (const socket of [...sockets]) {
        detach(socket);
        socket.connection.close(1001, 'server closing');
      }
    },
  };
}
