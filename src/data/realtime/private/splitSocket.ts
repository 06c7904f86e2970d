/**
 * The shared connection (../connection.ts) owns a socket's life: open
 * timeout, ping / pong, reconnect with backoff. Its frame reader knows the
 * quote socket's frames only, and would count every private push and
 * acknowledgement as malformed (then reconnect). This socket class sits
 * between the browser's WebSocket and the connection: the private client
 * takes the frames that are its own, and everything else (pongs, garbage)
 * goes on to the connection unchanged, so the heartbeat and the malformed
 * count work exactly as on the quote socket.
 */
import type { SocketLike, WebSocketConstructor } from '../connection';

/** `take` answers true when it consumed the frame. */
export function splitSocket(Base: WebSocketConstructor, take: (data: unknown) => boolean): WebSocketConstructor {
  return class SplitSocket implements SocketLike {
    onopen: SocketLike['onopen'] = null;
    onmessage: SocketLike['onmessage'] = null;
    onerror: SocketLike['onerror'] = null;
    onclose: SocketLike['onclose'] = null;
    private readonly inner: SocketLike;

    constructor(url: string) {
      const inner = new Base(url);
      this.inner = inner;
      inner.onopen = (event) => this.onopen?.(event);
      inner.onmessage = (event) => {
        // The connection detaches a socket it gave up on: its late frames are nobody's, the private client's neither.
        if (!this.onmessage) return;
        if (!take(event.data)) this.onmessage(event);
      };
      inner.onerror = (event) => this.onerror?.(event);
      inner.onclose = (event) => this.onclose?.(event);
    }

    get readyState(): number {
      return this.inner.readyState;
    }

    send(data: string): void {
      this.inner.send(data);
    }

    close(code?: number, reason?: string): void {
      this.inner.close(code, reason);
    }
  };
}
