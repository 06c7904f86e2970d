/**
 * A WebSocket stand-in for tests and the benchmark: records what the page
 * sends and lets the test play the server (open, frames, drops, errors).
 */
import type { SocketLike, WebSocketConstructor } from './connection';

export interface FakeSocket extends SocketLike {
  readonly url: string;
  readonly sent: string[];
  /** the code the page closed it with; null while the page has not */
  closedWith: number | null;
  open(): void;
  /** a frame from the server: objects are sent as JSON */
  receive(frame: unknown): void;
  /** the server (or the network) ends the socket */
  drop(code?: number): void;
  /** the browser reports an error, then the close that follows it */
  fail(): void;
  sentFrames(): Array<Record<string, unknown>>;
}

export interface FakeSockets {
  WebSocketImpl: WebSocketConstructor;
  readonly all: FakeSocket[];
  latest(): FakeSocket;
}

export function fakeSockets(): FakeSockets {
  const all: FakeSocket[] = [];

  class Socket implements FakeSocket {
    readyState = 0;
    onopen: SocketLike['onopen'] = null;
    onmessage: SocketLike['onmessage'] = null;
    onerror: SocketLike['onerror'] = null;
    onclose: SocketLike['onclose'] = null;
    readonly sent: string[] = [];
    closedWith: number | null = null;

    constructor(readonly url: string) {
      all.push(this);
    }

    send(data: string) {
      if (this.readyState !== 1) throw new Error('InvalidStateError: the socket is not open');
      this.sent.push(data);
    }

    close(code = 1000) {
      if (this.readyState === 3) return;
      this.closedWith = code;
      this.readyState = 3;
      // Browsers still fire close after close(): a page that did not detach would react twice.
      this.onclose?.({ code, reason: '', wasClean: true } as CloseEvent);
    }

    open() {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }

    receive(frame: unknown) {
      const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
      this.onmessage?.({ data } as MessageEvent);
    }

    drop(code = 1006) {
      this.readyState = 3;
      this.onclose?.({ code, reason: '', wasClean: false } as CloseEvent);
    }

    fail() {
      this.onerror?.(new Event('error'));
      this.drop(1006);
    }

    sentFrames() {
      return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
    }
  }

  return {
    WebSocketImpl: Socket,
    all,
    latest() {
      const socket = all[all.length - 1];
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}

/** A push frame as the exchange sends it (docs/api.md, "Push envelope"). */
export function pushFrame(
  topic: string,
  symbol: string,
  data: unknown[],
  { f = false, sendTime = 0, params = {} }: { f?: boolean; sendTime?: number; params?: Record<string, unknown> } = {},
) {
  return { symbol, symbolName: symbol, topic, params, data, f, sendTime };
}
