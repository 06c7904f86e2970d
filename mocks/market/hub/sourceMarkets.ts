import { DEMO_MARKETS } from '../demoMarkets';
import { buildKlineStore } from '../klineStore';
import { LOOP_JOIN_MS, type LoadedSession } from '../replay/timeline';
import type { TradeEvent } from '../types';
import type { ListingSchedule } from './listings';
import { LiveKlines } from './liveKlines';
import { SymbolMarket } from './symbolMarket';

/** First event time and loop period of a session, as the replay timeline counts them. */
export function sessionSpan(session: LoadedSession): { start: number; period: number } {
  const start = session.events[0]?.t ?? session.header.start;
  const last = session.events.at(-1)?.t ?? session.header.end;
  return { start, period: Math.max(last, session.header.end) - start + LOOP_JOIN_MS };
}

/**
 * A symbol market for every listed symbol of a loaded session. Candle history
 * comes from the kline store's generator, anchored at `anchorTime` (exchange
 * ms where this loop of the session begins) instead of the recorded start, so
 * the chart's past ends where the replayed trades begin. A listing gets no
 * history: a pair that has never traded has no candles.
 */
export function buildSymbolMarkets(session: LoadedSession, anchorTime: number, schedule: ListingSchedule): SymbolMarket[] {
  const tradesOf = new Map<string, TradeEvent[]>();
  for (const event of session.events) {
    if (event.ch !== 'trade') continue;
    const list = tradesOf.get(event.msg.s);
    if (list) list.push(event);
    else tradesOf.set(event.msg.s, [event]);
  }
  const out: SymbolMarket[] = [];
  for (const spec of session.header.symbols) {
    if (!schedule.instrument(spec.symbol)) continue;
    const trades = tradesOf.get(spec.symbol) ?? [];
    const demo = DEMO_MARKETS.find((m) => m.symbol === spec.symbol);
    const withHistory = demo !== undefined && trades.length > 0 && !schedule.isListing(spec.symbol);
    // The store only reads the header's start/end and the trades' prices and sizes to build the history.
    const shifted = { ...session, header: { ...session.header, start: anchorTime, end: anchorTime + (session.header.end - session.header.start) } };
    const history = withHistory ? buildKlineStore({ ...demo, tick: spec.tick, lot: spec.lot }, shifted).history : null;
    out.push(new SymbolMarket(spec.symbol, spec.tick, spec.lot, new LiveKlines(history), tradeIdSpan(trades)));
  }
  return out;
}

/** How many ids one loop of trades spans, so the next loop's ids follow. */
function tradeIdSpan(trades: readonly TradeEvent[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const trade of trades) {
    if (trade.msg.id < min) min = trade.msg.id;
    if (trade.msg.id > max) max = trade.msg.id;
  }
  return trades.length > 0 ? max - min + 1 : 1;
}
