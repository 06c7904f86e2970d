/**
 * A store per stream (topic, symbol, params) holding the latest state, read
 * by widgets through useSyncExternalStore. State changes at once (a render
 * always reads the newest); listeners hear about it at most once per
 * animation frame, however many pushes arrived in it.
 */
import type { Push } from './frames';
import { streamKey, wireTopic, type StreamSpec, type StreamTopic } from './streams';
import { TOPIC_RULES, type DropReason, type StateByTopic, type StreamError, type TopicRules } from './topicRules';

export type FrameScheduler = (callback: () => void) => void;

/** requestAnimationFrame where there is one (it also pauses in hidden tabs); a 16 ms timer elsewhere. */
export const defaultFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export interface NotifyBatcher {
  /** runs `notify` in the next frame, once however often it was marked */
  mark(notify: () => void): void;
}

export function createNotifyBatcher(schedule: FrameScheduler): NotifyBatcher {
  const dirty = new Set<() => void>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = [...dirty];
    dirty.clear();
    for (const notify of batch) notify();
  };
  return {
    mark(notify) {
      dirty.add(notify);
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
  };
}

export interface ReadableStore<S> {
  get(): S;
  subscribe(listener: () => void): () => void;
}

export interface ApplyResult {
  drop?: DropReason;
  resync?: boolean;
}

export interface StreamStore<T extends StreamTopic = StreamTopic> extends ReadableStore<StateByTopic[T]> {
  readonly key: string;
  readonly spec: StreamSpec;
  apply(push: Push): ApplyResult;
  fail(error: StreamError): void;
  /** the socket is gone */
  disconnected(): void;
  /** nobody wants the stream any more: back to empty */
  reset(): void;
}

function createStreamStore<T extends StreamTopic>(spec: StreamSpec & { topic: T }, batcher: NotifyBatcher): StreamStore<T> {
  const rules = TOPIC_RULES[spec.topic] as TopicRules<T>;
  let state = rules.empty();
  let lastSendTime = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const set = (next: StateByTopic[T]) => {
    if (next === state) return;
    state = next;
    batcher.mark(notify);
  };

  return {
    key: streamKey(spec),
    spec,
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    apply(push) {
      if (push.topic !== spec.topic) return { drop: 'stale' };
      // A first push restarts the stream: its sendTime is the new baseline.
      if (rules.ordersBySendTime && !push.f && push.sendTime < lastSendTime) return { drop: 'stale' };
      const step = rules.apply(state, push as Extract<Push, { topic: T }>);
      set(step.state);
      if (step.drop) return { drop: step.drop, resync: step.resync };
      lastSendTime = push.f ? push.sendTime : Math.max(lastSendTime, push.sendTime);
      return {};
    },
    fail(error) {
      set({ ...state, error });
    },
    disconnected() {
      lastSendTime = Number.NEGATIVE_INFINITY;
      set(rules.disconnected(state));
    },
    reset() {
      lastSendTime = Number.NEGATIVE_INFINITY;
      set(rules.empty());
    },
  };
}

/** The key of the stream a push belongs to: the same as the subscription's key. */
export function pushKey(push: Push): string {
  switch (push.topic) {
    case 'mergedDepth':
      return streamKey({ topic: 'mergedDepth', symbol: push.symbol, dumpScale: push.dumpScale });
    case 'kline':
      return streamKey({ topic: 'kline', symbol: push.symbol, interval: push.interval });
    default:
      return streamKey({ topic: push.topic, symbol: push.symbol });
  }
}

export interface StreamStores {
  /** the stream's store, created on first use and kept for the client's life (a few per symbol) */
  get<S extends StreamSpec>(spec: S): StreamStore<S['topic']>;
  find(key: string): StreamStore | undefined;
  /** stores of a request the server refused, as its error frame names it (wire topic + symbol) */
  matching(topic: string, symbol: string): StreamStore[];
  all(): Iterable<StreamStore>;
}

export function createStreamStores(batcher: NotifyBatcher): StreamStores {
  const stores = new Map<string, StreamStore>();
  return {
    get<S extends StreamSpec>(spec: S) {
      const key = streamKey(spec);
      let store = stores.get(key);
      if (!store) {
        store = createStreamStore(spec, batcher) as StreamStore;
        stores.set(key, store);
      }
      return store as unknown as StreamStore<S['topic']>;
    },
    find: (key) => stores.get(key),
    matching: (topic, symbol) => [...stores.values()].filter((s) => wireTopic(s.spec) === topic && s.spec.symbol === symbol),
    all: () => stores.values(),
  };
}
