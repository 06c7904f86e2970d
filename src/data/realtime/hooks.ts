/**
 * React hooks over the quote client: each takes its stream on mount, releases
 * it on unmount (the client keeps it alive through a quick remount), and
 * renders from the stream's store with useSyncExternalStore.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Interval } from '../../domain/intervals';
import { getQuoteClient, type RealtimeClient, type RealtimeStats } from './client';
import type { ReadableStore } from './streamStores';
import type { StreamSpec } from './streams';
import { TOPIC_RULES, type DepthState, type KlineState, type StateByTopic, type TickersState, type TradesState } from './topicRules';

/** Tests and tools may hand the hooks another client; the page uses its singleton. */
export const RealtimeClientContext = createContext<RealtimeClient | null>(null);

function useRealtimeClient(): RealtimeClient {
  return useContext(RealtimeClientContext) ?? getQuoteClient();
}

const noop = () => {};
const idleStores = new Map<string, ReadableStore<unknown>>();

/** A store that never changes, for a hook with nothing to subscribe to (e.g. an empty symbol list). */
function idleStore<S>(topic: keyof StateByTopic): ReadableStore<S> {
  let store = idleStores.get(topic);
  if (!store) {
    const state = TOPIC_RULES[topic].empty();
    store = { get: () => state, subscribe: () => noop };
    idleStores.set(topic, store);
  }
  return store as ReadableStore<S>;
}

function useStream<S extends StreamSpec>(spec: S | null, topic: S['topic']): StateByTopic[S['topic']] {
  const client = useRealtimeClient();
  const store = useMemo(
    () => (spec ? client.getStore(spec) : idleStore<StateByTopic[S['topic']]>(topic)),
    [client, spec, topic],
  );
  useEffect(() => (spec ? client.subscribe(spec) : undefined), [client, spec]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The order book of `symbol`: mergedDepth needs the merge step (dumpScale); depth and diffDepth are unmerged. */
/** mergedDepth with `dumpScale` undefined (merge step not known yet) subscribes nothing. */
export function useDepth(symbol: string, topic: 'mergedDepth', dumpScale: number | undefined): DepthState;
export function useDepth(symbol: string, topic: 'depth' | 'diffDepth'): DepthState;
export function useDepth(symbol: string, topic: 'mergedDepth' | 'depth' | 'diffDepth', dumpScale?: number): DepthState {
  const spec = useMemo<StreamSpec | null>(() => {
    if (!symbol) return null;
    if (topic !== 'mergedDepth') return { topic, symbol };
    return dumpScale === undefined ? null : { topic, symbol, dumpScale };
  }, [symbol, topic, dumpScale]);
  return useStream(spec, topic) as DepthState;
}

/** Recent trades of `symbol`, newest first, at most 100. */
export function useTrades(symbol: string): TradesState {
  const spec = useMemo(() => (symbol ? { topic: 'trade' as const, symbol } : null), [symbol]);
  return useStream(spec, 'trade');
}

/** The bar in progress (and the last closed one) of `symbol` at `interval`. */
export function useKline(symbol: string, interval: Interval): KlineState {
  const spec = useMemo(() => (symbol ? { topic: 'kline' as const, symbol, interval } : null), [symbol, interval]);
  return useStream(spec, 'kline');
}

/**
 * 24 h tickers of some symbols or of ALL. The list is sorted into the
 * subscription's symbol, so the same set in any order is one stream.
 */
export function useTickers(symbols: readonly string[] | 'ALL'): TickersState {
  const symbol = symbols === 'ALL' ? 'ALL' : [...new Set(symbols)].sort().join(',');
  const spec = useMemo(() => (symbol ? { topic: 'realtimes' as const, symbol } : null), [symbol]);
  return useStream(spec, 'realtimes');
}

/** Connection health for a status light or a debug panel. */
export function useRealtimeStats(): RealtimeStats {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.onStats, client.stats, client.stats);
}

/**
 * The kline stream without React renders: `onState` runs after each store
 * change (at most once per frame), for a chart that draws imperatively.
 */
export function useKlineFeed(symbol: string, interval: Interval, onState: (state: KlineState) => void): void {
  const client = useRealtimeClient();
  useEffect(() => {
    if (!symbol) return undefined;
    const spec = { topic: 'kline' as const, symbol, interval };
    const store = client.getStore(spec);
    const unsubscribeStore = store.subscribe(() => onState(store.get()));
    const release = client.subscribe(spec);
    onState(store.get());
    return () => {
      unsubscribeStore();
      release();
    };
  }, [client, symbol, interval, onState]);
}
