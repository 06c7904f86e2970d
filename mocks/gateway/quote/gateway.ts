import { systemScheduler } from '../../market/hub/scheduler';
import type { GatewayFaults, GatewayStats, MarketView, PushedBook, QuoteGateway, Scheduler, SocketConnection, SocketPeer } from '../types';
import { ABNORMAL_CLOSE, Connection } from './connection';
import { depthRenderer } from './depthStreams';
import { ackFrame, errorFrame, pongFrame, readClientFrame, type ClientRequest } from './frames';
import { instrumentInfoRenderer, noticeRenderer, realtimesRenderer } from './listStreams';
import type { RenderContext, StreamRenderer } from './render';
import { resolveStream, type StreamSpec } from './streamSpec';
import { klineRenderer, tradeRenderer } from './tradeKlineStreams';
import { UnitTexts } from './unitText';

export interface QuoteGatewayOptions {
  scheduler?: Scheduler;
  /** push cadence, real ms */
  pushMs?: number;
}

/** A stream and who listens to it; `fresh` subscribers are owed a first push (f: true). */
interface Stream {
  spec: StreamSpec;
  renderer: StreamRenderer;
  subscribers: Map<QuoteConnection, { fresh: boolean }>;
  /** the envelope up to `data`, rendered once */
  head: string;
}

type QuoteConnection = Connection<Stream>;

function rendererOf(spec: StreamSpec): StreamRenderer {
  switch (spec.kind) {
    case 'mergedDepth':
    case 'depth':
    case 'diffDepth':
      return depthRenderer(spec);
    case 'trade':
      return tradeRenderer(spec);
    case 'kline':
      return klineRenderer(spec);
    case 'realtimes':
      return realtimesRenderer(spec);
    case 'notice':
      return noticeRenderer(spec);
    case 'instrumentInfo':
      return instrumentInfoRenderer(spec);
  }
}

/**
 * The public quote socket (docs/api.md): one push timer renders every stream
 * once per tick and hands the same text to all its subscribers.
 */
export function createQuoteGateway(market: MarketView, options: QuoteGatewayOptions = {}): QuoteGateway {
  const scheduler = options.scheduler ?? systemScheduler;
  const texts = new UnitTexts();
  const connections = new Set<QuoteConnection>();
  const streams = new Map<string, Stream>();
  let framesSent = 0;
  let pongsStalledUntil = -Infinity;
  let feedPausedUntil = -Infinity;
  const counted = () => void (framesSent += 1);
  const context = (): RenderContext => ({ market, now: market.now(), texts });

  function subscribe(connection: QuoteConnection, spec: StreamSpec): void {
    let stream = streams.get(spec.key);
    if (!stream) {
      const head = JSON.stringify({ symbol: spec.symbol, symbolName: spec.symbol, topic: spec.push.topic, params: spec.push.params }).slice(0, -1);
      stream = { spec, renderer: rendererOf(spec), subscribers: new Map(), head };
      streams.set(spec.key, stream);
    }
    // Subscribing again restarts the stream for this socket with a fresh first push.
    stream.subscribers.set(connection, { fresh: true });
    connection.subscriptions.set(spec.key, stream);
    // Subscribing is what asks a lazily loading market for a symbol's session (ALL: every one).
    if (spec.symbols === null) void market.ready();
    for (const symbol of spec.symbols ?? []) void market.want(symbol);
  }

  function unsubscribe(connection: QuoteConnection, key: string): boolean {
    const stream = connection.subscriptions.get(key);
    if (!stream) return false;
    connection.subscriptions.delete(key);
    stream.subscribers.delete(connection);
    if (stream.subscribers.size === 0) streams.delete(key);
    return true;
  }

  function detach(connection: QuoteConnection): void {
    for (const key of [...connection.subscriptions.keys()]) unsubscribe(connection, key);
    connections.delete(connection);
  }

  function handleRequest(connection: QuoteConnection, request: ClientRequest): void {
    const spec = resolveStream(market, request);
    if (typeof spec === 'string') return connection.send(errorFrame(spec, request.raw));
    if (request.event === 'sub') {
      subscribe(connection, spec);
      return connection.send(ackFrame(request));
    }
    connection.send(unsubscribe(connection, spec.key) ? ackFrame(request) : errorFrame('notSubscribed', request.raw));
  }

  function push(): void {
    const wallNow = scheduler.now();
    if (wallNow < feedPausedUntil) return;
    if (feedPausedUntil !== -Infinity) {
      feedPausedUntil = -Infinity;
      market.reportFeedPaused?.(false);
    }
    const ctx = context();
    const tail = `,"sendTime":${wallNow}}`;
    for (const stream of streams.values()) {
      const fresh: QuoteConnection[] = [];
      const holding: QuoteConnection[] = [];
      for (const [connection, state] of stream.subscribers) (state.fresh ? fresh : holding).push(connection);
      const { full, delta } = stream.renderer.render(ctx, fresh.length > 0, holding.length > 0);
      if (full) {
        const text = `${stream.head},"data":${JSON.stringify(full)},"f":true${tail}`;
        for (const connection of fresh) {
          const state = stream.subscribers.get(connection);
          if (state) state.fresh = false;
          connection.sendData(text);
        }
      }
      if (delta && holding.length > 0) {
        const text = `${stream.head},"data":${JSON.stringify(delta)},"f":false${tail}`;
        for (const connection of holding) connection.sendData(text);
      }
    }
  }

  const stopPush = scheduler.setInterval(push, options.pushMs ?? 300);
  const stopReset = market.onReset(() => {
    for (const stream of streams.values()) {
      stream.renderer.reset();
      for (const state of stream.subscribers.values()) state.fresh = true;
    }
  });

  const faults: GatewayFaults = {
    dropSockets() {
      const dropped = [...connections];
      for (const connection of dropped) {
        detach(connection);
        connection.close(ABNORMAL_CLOSE, 'dropped');
      }
      return dropped.length;
    },
    stallPongs(ms) {
      pongsStalledUntil = scheduler.now() + ms;
    },
    dropFrames(count) {
      for (const c of connections) c.dropNext += count;
    },
    duplicateFrames(count) {
      for (const c of connections) c.duplicateNext += count;
    },
    reorderFrames(count) {
      for (const c of connections) c.reorderNext += count;
    },
    sendMalformed() {
      for (const c of connections) c.send('{"topic":"trade","data":[{"v":');
    },
    pauseFeed(ms) {
      feedPausedUntil = ms === null ? Infinity : scheduler.now() + ms;
      market.reportFeedPaused?.(true);
    },
    resumeFeed() {
      if (feedPausedUntil === -Infinity) return;
      feedPausedUntil = -Infinity;
      market.reportFeedPaused?.(false);
    },
  };

  return {
    accept(peer: SocketPeer): SocketConnection {
      const connection: QuoteConnection = new Connection(peer, counted);
      connections.add(connection);
      return {
        onMessage(text) {
          if (connection.closed) return;
          const frame = readClientFrame(text);
          if (frame.kind === 'ping') {
            if (scheduler.now() >= pongsStalledUntil) connection.send(pongFrame(frame.value));
          } else if (frame.kind === 'refused') {
            connection.send(frame.answer);
          } else {
            handleRequest(connection, frame.request);
          }
        },
        onClose() {
          connection.closed = true;
          detach(connection);
        },
      };
    },
    faults,
    stats(): GatewayStats {
      const perTopic: Record<string, number> = {};
      let subscriptions = 0;
      for (const stream of streams.values()) {
        const key = `${stream.spec.topic}:${stream.spec.symbol}`;
        perTopic[key] = (perTopic[key] ?? 0) + stream.subscribers.size;
        subscriptions += stream.subscribers.size;
      }
      return { connections: connections.size, subscriptions, framesSent, perTopic };
    },
    lastPushedBook(topic, symbol, dumpScale): PushedBook | null {
      const ctx = context();
      for (const stream of streams.values()) {
        const { spec } = stream;
        if (spec.kind !== topic || spec.symbol !== symbol) continue;
        if (topic === 'mergedDepth' && spec.dumpScale !== dumpScale) continue;
        const book = stream.renderer.pushedBook?.(ctx) ?? null;
        if (book) return book;
      }
      return null;
    },
    close() {
      stopPush();
      stopReset();
      for (const connection of [...connections]) {
        detach(connection);
        connection.close(1001, 'server closing');
      }
    },
  };
}
