import { ws, type WebSocketHandler } from 'msw';
import { ABNORMAL_CLOSE, frameText } from './frameText';
import type { SocketConnection, SocketPeer } from './types';

/** Anything that takes sockets: the quote gateway, the private gateway. */
export interface SocketAcceptor {
  /** `info.token`: the session token of the connecting page (the private socket signs it in) */
  accept(peer: SocketPeer, info?: { token?: string | null }): SocketConnection;
}

export interface SocketHandlerOptions {
  /** while true the simulated network is down: a new connection is closed at once */
  isOffline?: () => boolean;
  /**
   * The session token of a connecting client. An intercepted socket shows no
   * request headers, so in-page this reads the page's own cookie
   * (document.cookie), as the browser would have sent it with the upgrade.
   */
  tokenOf?: () => string | null;
}

/**
 * An msw WebSocket handler that hands every intercepted connection to a
 * gateway. msw matches a `*`-prefixed URL as a pattern over the whole URL with
 * the query and a trailing slash ignored, so `*\/realtime` takes
 * `ws://any-host[/any-prefix]/realtime` but not `/realtime_w` (msw.test.ts).
 */
export function socketHandler(gateway: SocketAcceptor, url: string, options: SocketHandlerOptions = {}): WebSocketHandler {
  return ws.link(url).addEventListener('connection', ({ client }) => {
    if (options.isOffline?.()) {
      client.close(ABNORMAL_CLOSE, 'offline');
      return;
    }
    const peer: SocketPeer = {
      send: (text) => client.send(text),
      close: (code, reason) => client.close(code, reason),
    };
    const connection = gateway.accept(peer, options.tokenOf ? { token: options.tokenOf() } : undefined);
    client.addEventListener('message', (event) => {
      const text = frameText(event.data);
      if (typeof text === 'string') connection.onMessage(text);
      else void text.then((t) => connection.onMessage(t));
    });
    client.addEventListener('close', () => connection.onClose());
  });
}

export function quoteSocketHandler(gateway: SocketAcceptor, url = '*/realtime', options: SocketHandlerOptions = {}): WebSocketHandler {
  return socketHandler(gateway, url, options);
}

export function privateSocketHandler(gateway: SocketAcceptor, url = '*/realtime_w', options: SocketHandlerOptions = {}): WebSocketHandler {
  return socketHandler(gateway, url, options);
}
