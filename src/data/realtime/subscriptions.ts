/**
 * Reference-counted subscriptions. Widgets take and release streams as they
 * mount; the socket sees one `sub` per stream however many widgets share it,
 * and a `cancel` only when nobody took it back within the teardown delay, so a
 * remount never churns the socket. After a reconnect the server knows nothing:
 * every stream still wanted is subscribed again, exactly once.
 */
import type { Scheduler, TimerHandle } from './connection';
import { requestFrame, streamKey, type StreamSpec } from './streams';

export interface SubscriptionsOptions {
  /** sends a frame on the open socket; false when there is none */
  send(text: string): boolean;
  scheduler: Scheduler;
  teardownMs: number;
  /** the stream is no longer wanted (its cancel went out, or the socket was already gone) */
  onTeardown(key: string): void;
  /** the set of streams on the wire changed */
  onChange(): void;
}

interface Entry {
  spec: StreamSpec;
  refs: number;
  teardown: TimerHandle | null;
}

export interface Subscriptions {
  /** takes a reference; the returned release may be called any number of times */
  acquire(spec: StreamSpec): () => void;
  /** the socket opened: subscribe every stream still wanted */
  handleOpen(): void;
  /** the socket is gone, and with it every stream on the wire */
  handleDisconnect(): void;
  /** asks the server to restart a stream with a fresh full push (cancel + sub) */
  resubscribe(key: string): void;
  isWanted(key: string): boolean;
  /** keys subscribed on the current socket */
  live(): string[];
}

export function createSubscriptions({ send, scheduler, teardownMs, onTeardown, onChange }: SubscriptionsOptions): Subscriptions {
  const entries = new Map<string, Entry>();
  const onWire = new Set<string>();

  function subscribe(key: string, entry: Entry) {
    if (onWire.has(key)) return;
    if (send(requestFrame(entry.spec, 'sub'))) {
      onWire.add(key);
      onChange();
    }
  }

  function tearDown(key: string, entry: Entry) {
    entry.teardown = null;
    entries.delete(key);
    if (onWire.delete(key)) {
      send(requestFrame(entry.spec, 'cancel'));
      onChange();
    }
    onTeardown(key);
  }

  return {
    acquire(spec) {
      const key = streamKey(spec);
      let entry = entries.get(key);
      if (entry) {
        entry.refs += 1;
        if (entry.teardown !== null) {
          scheduler.clearTimeout(entry.teardown);
          entry.teardown = null;
        }
      } else {
        entry = { spec, refs: 1, teardown: null };
        entries.set(key, entry);
        subscribe(key, entry);
      }
      const held = entry;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.refs -= 1;
        if (held.refs > 0 || entries.get(key) !== held) return;
        held.teardown = scheduler.setTimeout(() => tearDown(key, held), teardownMs);
      };
    },

    handleOpen() {
      for (const [key, entry] of entries) {
        if (entry.refs > 0) {
          subscribe(key, entry);
        } else {
          // Released while the socket was down: nothing to cancel on the new socket, finish now.
          if (entry.teardown !== null) scheduler.clearTimeout(entry.teardown);
          tearDown(key, entry);
        }
      }
    },

    handleDisconnect() {
      if (onWire.size === 0) return;
      onWire.clear();
      onChange();
    },

    resubscribe(key) {
      const entry = entries.get(key);
      if (!entry || !onWire.has(key)) return;
      send(requestFrame(entry.spec, 'cancel'));
      send(requestFrame(entry.spec, 'sub'));
    },

    isWanted: (key) => entries.has(key),
    live: () => [...onWire],
  };
}
