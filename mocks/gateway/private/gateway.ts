import type { Scheduler, SocketConnection, SocketPeer } from '../types';
import { ABNORMAL_CLOSE, Connection } from '../quote/connection';
import { errorFrame, pongFrame, readClientFrame } from '../quote/frames';

/** The user topics of docs/api.md; they need a logged-in session. */
export const USER_TOPICS: ReadonlySet<string> = new Set([
  'order_new', 'user.uta.spot.order', 'plan_order', 'stop_limit_order', 'oco_order', 'match', 'user.uta.spot.trade',
  'asset.spot-walletbalance', 'user.unify.uta.wallet', 'unified.mix.asset', 'lt_order', 'user.lt.order', 'strategy',
  'user.uta.upgrade', 'private.order', 'private.position', 'unified.mix.pnl', 'combination.trade.notify', 'user.unify.usdc.borrowInfo',
]);

export interface PrivateGatewayOptions {
  /** taken like the quote gateway's so runtimes build both alike; nothing here is timed yet */
  scheduler?: Scheduler;
}

export interface PrivateGateway {
  accept(peer: SocketPeer): SocketConnection;
  /** closes every socket abnormally; returns how many */
  dropSockets(): number;
  close(): void;
}

/**
 * The private socket `/realtime_w`: heartbeats and the sub/cancel protocol.
 * Until accounts exist nobody is logged in, so every user topic is refused
 * with -100401 and nothing is ever subscribed.
 */
export function createPrivateGateway(_options: PrivateGatewayOptions = {}): PrivateGateway {
  const connections = new Set<Connection>();
  return {
    accept(peer) {
      const connection = new Connection(peer, () => undefined);
      connections.add(connection);
      return {
        onMessage(text) {
          const frame = readClientFrame(text);
          if (frame.kind === 'ping') return connection.send(pongFrame(frame.value));
          if (frame.kind === 'refused') return connection.send(frame.answer);
          const { request } = frame;
          const topic = typeof request.topic === 'string' ? request.topic : '';
          if (!USER_TOPICS.has(topic)) return connection.send(errorFrame('invalidTopic', request.raw));
          connection.send(errorFrame(request.event === 'sub' ? 'loginRequired' : 'notSubscribed', request.raw));
        },
        onClose() {
          connection.closed = true;
          connections.delete(connection);
        },
      };
    },
    dropSockets() {
      const dropped = [...connections];
      connections.clear();
      for (const connection of dropped) connection.close(ABNORMAL_CLOSE, 'dropped');
      return dropped.length;
    },
    close() {
      for (const connection of connections) connection.close(1001, 'server closing');
      connections.clear();
    },
  };
}
