import type { SocketPeer } from '../types';

/** Abnormal closure: the connection dropped without a close frame. */
export const ABNORMAL_CLOSE = 1006;

/**
 * One client socket as the gateway sees it: sends frames, counts them and
 * applies the data-frame faults it was told to (drop, duplicate, swap pairs).
 * Control frames (acks, errors, pongs) never go through the faults.
 */
export class Connection<Sub = unknown> {
  /** this socket's subscriptions by stream key */
  readonly subscriptions = new Map<string, Sub>();
  dropNext = 0;
  duplicateNext = 0;
  reorderNext = 0;
  private held: string | null = null;
  closed = false;

  constructor(private readonly peer: SocketPeer, private readonly counted: () => void) {}

  send(text: string): void {
    if (this.closed) return;
    try {
      this.peer.send(text);
      this.counted();
    } catch {
      // The runtime closed the socket under us; its close notification follows.
      this.closed = true;
    }
  }

  sendData(text: string): void {
    if (this.dropNext > 0) {
      this.dropNext -= 1;
      return;
    }
    if (this.duplicateNext > 0) {
      this.duplicateNext -= 1;
      this.send(text);
      this.send(text);
      return;
    }
    if (this.reorderNext > 0) {
      if (this.held === null) {
        this.held = text;
        return;
      }
      const first = this.held;
      this.held = null;
      this.reorderNext -= 1;
      this.send(text);
      this.send(first);
      return;
    }
    this.send(text);
  }

  close(code?: number, reason?: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.peer.close(code, reason);
    } catch {
      // Already closed by the client.
    }
  }
}
