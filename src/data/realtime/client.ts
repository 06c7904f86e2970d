/**
 * The page's quote-socket client: one connection, reference-counted
 * subscriptions and a store per stream, behind one small façade. Frames go
 * socket → parse → route by (topic, symbol, params) → store; whatever is
 * dropped on the way is counted by reason in stats().
 */
import { SUBSCRIPTION_TEARDOWN_MS } from '../../domain/realtime';
import { pageStatus as browserPageStatus } from '../pageStatus';
import { createConnection, systemScheduler, type ConnectionStatus, type PageActivitySource, type Scheduler, type WebSocketConstructor } from './connection';
import type { InboundFrame } from './frames';
import { createNotifyBatcher, createStreamStores, defaultFrameScheduler, pushKey, type FrameScheduler, type ReadableStore } from './streamStores';
import type { StreamSpec } from './streams';
import type { StateByTopic } from './topicRules';
import { createSubscriptions } from './subscriptions';

export interface RealtimeStats {
  status: ConnectionStatus;
  /** every text frame the socket delivered, pongs included */
  framesReceived: number;
  framesDropped: { malformed: number; stale: number; duplicate: number; gap: number };
  /** successful reopenings after the first open */
  reconnects: number;
  /** the last close code, the page's own (4995–4999, 4005, 4006) or the server's */
  lastCloseCode: number | null;
  /** stream keys subscribed on the current socket */
  liveSubscriptions: string[];
  /** the last ping → pong round trip, ms */
  latencyMs: number | null;
}

export interface RealtimeClientOptions {
  url: string;
  WebSocketImpl?: WebSocketConstructor;
  scheduler?: Scheduler;
  random?: () => number;
  frameScheduler?: FrameScheduler;
  pageStatus?: PageActivitySource;
  /** delay before the last release of a stream becomes a cancel */
  teardownMs?: number;
}

export interface RealtimeClient {
  /** takes the stream; call the result to release it */
  subscribe(spec: StreamSpec): () => void;
  getStore<S extends StreamSpec>(spec: S): ReadableStore<StateByTopic[S['topic']]>;
  status(): ConnectionStatus;
  /** the same object until something changes (a useSyncExternalStore snapshot) */
  stats(): RealtimeStats;
  /** notified at most once per animation frame */
  onStats(listener: () => void): () => void;
  healthCheck(): void;
  close(): void;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const scheduler = options.scheduler ?? systemScheduler;
  const batcher = createNotifyBatcher(options.frameScheduler ?? defaultFrameScheduler);
  const stores = createStreamStores(batcher);

  const counters = { framesReceived: 0, malformed: 0, stale: 0, duplicate: 0, gap: 0, reconnects: 0 };
  let lastCloseCode: number | null = null;
  let latencyMs: number | null = null;
  let opens = 0;
  let snapshot: RealtimeStats | null = null;
  const statsListeners = new Set<() => void>();
  const notifyStats = () => {
    for (const listener of [...statsListeners]) listener();
  };
  const statsChanged = () => {
    snapshot = null;
    batcher.mark(notifyStats);
  };

  const subscriptions = createSubscriptions({
    send: (text) => connection.send(text),
    scheduler,
    teardownMs: options.teardownMs ?? SUBSCRIPTION_TEARDOWN_MS,
    onTeardown: (key) => stores.find(key)?.reset(),
    onChange: statsChanged,
  });

  function route(frame: InboundFrame) {
    if (frame.kind === 'push') {
      const key = pushKey(frame.push);
      const store = subscriptions.isWanted(key) ? stores.find(key) : undefined;
      // A push for a stream already given up (its cancel crossed it on the wire) is old news.
      const result = store ? store.apply(frame.push) : { drop: 'stale' as const };
      if (result.drop) {
        counters[result.drop] += 1;
        statsChanged();
      }
      if (result.resync) subscriptions.resubscribe(key);
    } else if (frame.kind === 'error' && frame.topic && frame.symbol && frame.event !== 'cancel') {
      // Echoed without params: every store of that topic and symbol that is still waiting learns why.
      for (const store of stores.matching(frame.topic, frame.symbol)) {
        if (!store.get().live) store.fail({ code: frame.code, desc: frame.desc });
      }
    }
  }

  const connection = createConnection({
    url: options.url,
    WebSocketImpl: options.WebSocketImpl ?? (globalThis.WebSocket as WebSocketConstructor),
    scheduler,
    random: options.random ?? Math.random,
    pageStatus: options.pageStatus,
    events: {
      onOpen() {
        opens += 1;
        if (opens > 1) counters.reconnects += 1;
        subscriptions.handleOpen();
        statsChanged();
      },
      onFrame(frame) {
        counters.framesReceived += 1;
        route(frame);
        statsChanged();
      },
      onMalformed() {
        counters.framesReceived += 1;
        counters.malformed += 1;
        statsChanged();
      },
      onDisconnect(code) {
        lastCloseCode = code;
        subscriptions.handleDisconnect();
        for (const store of stores.all()) store.disconnected();
        statsChanged();
      },
      onStatus: statsChanged,
      onLatency(ms) {
        latencyMs = ms;
        statsChanged();
      },
    },
  });

  connection.start();

  return {
    subscribe(spec) {
      // The store exists before the first push can arrive, whoever asks for it later.
      stores.get(spec);
      return subscriptions.acquire(spec);
    },
    getStore: (spec) => stores.get(spec),
    status: () => connection.status(),
    stats() {
      snapshot ??= {
        status: connection.status(),
        framesReceived: counters.framesReceived,
        framesDropped: { malformed: counters.malformed, stale: counters.stale, duplicate: counters.duplicate, gap: counters.gap },
        reconnects: counters.reconnects,
        lastCloseCode,
        liveSubscriptions: subscriptions.live(),
        latencyMs,
      };
      return snapshot;
    },
    onStats(listener) {
      statsListeners.add(listener);
      return () => {
        statsListeners.delete(listener);
      };
    },
    healthCheck: () => connection.healthCheck(),
    close: () => connection.close(),
  };
}

function envApiBase(): string {
  // import.meta.env exists under Vite only; Node scripts (bench) import this module too.
  const env = (import.meta as { env?: Record<string, unknown> }).env;
  return typeof env?.VITE_API_BASE === 'string' ? env.VITE_API_BASE : '';
}

/**
 * ws(s)://…/realtime of the API: VITE_API_BASE when set (a remote backend,
 * its path kept as a prefix), else the page's own origin.
 */
export function quoteSocketUrl(apiBase: string = envApiBase(), location: Pick<Location, 'href'> | undefined = globalThis.location): string {
  if (!apiBase && !location) throw new Error('quoteSocketUrl: no VITE_API_BASE and no page location');
  const base = new URL(apiBase || '/', location?.href);
  const scheme = base.protocol === 'https:' || base.protocol === 'wss:' ? 'wss:' : 'ws:';
  return `${scheme}//${base.host}${base.pathname.replace(/\/+$/, '')}/realtime`;
}

let quoteClient: RealtimeClient | null = null;

/** The page's one quote client, created (and connected) on first use. */
export function getQuoteClient(): RealtimeClient {
  quoteClient ??= createRealtimeClient({ url: quoteSocketUrl(), pageStatus: browserPageStatus });
  return quoteClient;
}
