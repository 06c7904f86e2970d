/**
 * Test support: a client's view of a quote socket, the same whatever carries
 * it (an in-memory peer, msw's interceptor, a real socket to the local server).
 */
import type { SocketConnection, SocketPeer } from '../types';
import { isRecord } from './frames';

/** A received frame: parsed JSON, or `{ malformed: text }` for a frame that is not a JSON object. */
export interface Frame {
  [field: string]: unknown;
  topic?: string;
  symbol?: string;
  code?: string;
  f?: boolean;
  data?: unknown[];
  params?: Record<string, unknown>;
  malformed?: string;
}

export interface TestSocket {
  send(frame: object | string): void;
  /** the first frame not yet taken that matches, waiting up to `timeoutMs` real ms for it */
  next(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** every frame received, in order */
  frames: Frame[];
  /** marks every frame received so far as taken */
  drain(): void;
  close(): void;
  /** settles when the server (or the client) closed the socket */
  closed: Promise<{ code: number }>;
}

/** Frames as they arrive, handed out once each to whoever waits for them. */
export class FrameLog {
  readonly frames: Frame[] = [];
  private readonly taken = new Set<number>();
  private readonly waiters = new Set<() => void>();

  add(text: string): void {
    let frame: Frame;
    try {
      const parsed: unknown = JSON.parse(text);
      frame = isRecord(parsed) ? (parsed as Frame) : { malformed: text };
    } catch {
      frame = { malformed: text };
    }
    this.frames.push(frame);
    for (const wake of this.waiters) wake();
  }

  drain(): void {
    for (let i = 0; i < this.frames.length; i++) this.taken.add(i);
  }

  next(predicate: (frame: Frame) => boolean, timeoutMs = 2_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const look = () => {
        for (let i = 0; i < this.frames.length; i++) {
          if (this.taken.has(i) || !predicate(this.frames[i]!)) continue;
          this.taken.add(i);
          finish();
          resolve(this.frames[i]!);
          return;
        }
      };
      const timer = setTimeout(() => {
        finish();
        const recent = this.frames.slice(-5).map((f) => JSON.stringify(f).slice(0, 160));
        reject(new Error(`no matching frame within ${timeoutMs} ms; last frames:\n${recent.join('\n')}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(look);
      };
      this.waiters.add(look);
      look();
    });
  }
}

/** A socket straight into a gateway (quote or private), no transport in between: frames arrive synchronously. */
export function memoryTestSocket(gateway: { accept(peer: SocketPeer): SocketConnection }): TestSocket {
  const log = new FrameLog();
  let settle: (value: { code: number }) => void = () => undefined;
  const closed = new Promise<{ code: number }>((resolve) => (settle = resolve));
  const connection = gateway.accept({
    send: (text) => log.add(text),
    close: (code) => settle({ code: code ?? 1005 }),
  });
  return {
    send: (frame) => connection.onMessage(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (predicate, timeoutMs) => log.next(predicate, timeoutMs),
    frames: log.frames,
    drain: () => log.drain(),
    close() {
      connection.onClose();
      settle({ code: 1000 });
    },
    closed,
  };
}

/**
 * A WebSocket client (Node 22's global, intercepted by msw or real) as a test
 * socket, once open — or once closed, for a connection refused at once.
 */
export async function webTestSocket(url: string): Promise<TestSocket> {
  const log = new FrameLog();
  const socket = new WebSocket(url);
  const closed = new Promise<{ code: number }>((resolve) => socket.addEventListener('close', (e) => resolve({ code: e.code })));
  socket.addEventListener('message', (e) => log.add(typeof e.data === 'string' ? e.data : String(e.data)));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('close', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
  return {
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (predicate, timeoutMs) => log.next(predicate, timeoutMs),
    frames: log.frames,
    drain: () => log.drain(),
    close: () => socket.close(),
    closed,
  };
}
