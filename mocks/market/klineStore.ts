import { fromUnits } from '../../src/domain/units';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Interval } from '../../src/domain/intervals';
import { BAND_3X } from '../lt/nav';
import { navBars, type NavCandle, type PriceBar } from '../lt/navHistory';
import { DEMO_MARKETS, LT_DAILY_FEE_RATE, type DemoMarket } from './demoMarkets';
import { aggregate, generateHistory, klineSeries, queryKlines, secondBars, type Bar, type KlineHistory, type KlineQuery } from './klines';
import type { LoadedSession } from './replay/timeline';
import type { TradeEvent } from './types';

export interface KlineStore {
  readonly history: KlineHistory;
  /** The newest bars of an interval before `to` (default limit 500). */
  query(interval: Interval, query?: KlineQuery): Bar[];
}

/**
 * A market's candles: generated history that ends exactly where the recorded
 * session begins (its last bar closes at the session's first trade price),
 * followed by the session's own trades as 1 s bars, aggregated on demand. A
 * leveraged token's history is its NAV along the underlying's history, so
 * its chart is the 3x of the underlying's the page shows beside it.
 */
export function buildKlineStore(market: DemoMarket, session: LoadedSession): KlineStore {
  const trades = session.events.filter((e): e is TradeEvent => e.ch === 'trade' && e.msg.s === market.symbol);
  const first = trades[0];
  if (!first) throw new Error(`session of ${market.symbol} has no trades to anchor its history on`);
  const minutes = Math.max(1, (session.header.end - session.header.start) / 60_000);
  const lotsPerMinute = trades.reduce((sum, t) => sum + t.msg.q, 0) / minutes;
  const anchor = { price: fromUnits(first.msg.p, market.tick), time: session.header.start, volumePerMinute: Math.max(1, Math.round(lotsPerMinute)) };
  const history = market.leveraged ? leveragedHistory(market, anchor) : generateHistory({
    symbol: market.symbol,
    tick: market.tick,
    lot: market.lot,
    anchorPrice: anchor.price,
    anchorTime: anchor.time,
    seed: market.seed,
    volatility: market.volatility,
    volumePerMinute: anchor.volumePerMinute,
  });
  const seconds = secondBars(trades);
  const cache = new Map<Interval, Bar[]>();
  return {
    history,
    query(interval, query = {}) {
      let series = cache.get(interval);
      if (!series) cache.set(interval, (series = klineSeries(history, seconds, interval)));
      return queryKlines(series, query);
    },
  };
}

interface Anchor {
  /** the session's first trade price, decimal */
  price: string;
  time: number;
  /** the session's lots per minute */
  volumePerMinute: number;
}

/**
 * A leveraged token's history: the underlying's generated history (its seed,
 * anchored at its start price — the underlying's session starts there, so the
 * shape is the one its own chart shows, to a tick), walked through the NAV
 * basket oldest first (days, then hours, then minutes), scaled to end at the
 * token's first trade. Volumes keep the underlying's shape at the token's
 * own rate: prices of the generated history do not depend on its volume.
 */
function leveragedHistory(market: DemoMarket, anchor: Anchor): KlineHistory {
  const lt = market.leveraged!;
  const underlying = DEMO_MARKETS.find((m) => m.symbol === lt.underlying);
  if (!underlying) throw new Error(`${market.symbol}: underlying ${lt.underlying} is not a demo market`);
  const base = generateHistory({
    symbol: underlying.symbol,
    tick: underlying.tick,
    lot: underlying.lot,
    anchorPrice: underlying.startPrice,
    anchorTime: anchor.time,
    seed: underlying.seed,
    volatility: underlying.volatility,
    volumePerMinute: anchor.volumePerMinute,
  }).bars;
  // The three levels without overlap: coarser bars only before the finer level begins.
  const minuteStart = base['1m'][0]!.t;
  const hourStart = base['1h'][0]!.t;
  const levels = [
    { bars: base['1d'].filter((b) => b.t < hourStart), step: DAY_MS },
    { bars: base['1h'].filter((b) => b.t < minuteStart), step: HOUR_MS },
    { bars: base['1m'], step: MINUTE_MS },
  ];
  const uTick = Number(underlying.tick);
  const walk: PriceBar[] = levels.flatMap(({ bars, step }) =>
    bars.map((b) => ({ t: b.t, end: Math.min(b.t + step, anchor.time), o: b.o * uTick, h: b.h * uTick, l: b.l * uTick, c: b.c * uTick })),
  );
  const nav = navBars(walk, { direction: lt.direction, band: BAND_3X, dailyFeeRate: LT_DAILY_FEE_RATE }, Number(anchor.price));
  if (!(nav.at(-1)!.c > 0)) throw new Error(`${market.symbol}: the NAV history reaches 0, so it cannot end at ${anchor.price}`);
  const tick = Number(market.tick);
  const ticks = (x: number) => Math.max(1, Math.round(x / tick));
  const volumes = levels.flatMap(({ bars }) => bars.map((b) => b.v));
  const toBar = (b: NavCandle, i: number): Bar => ({ t: b.t, o: ticks(b.o), h: ticks(b.h), l: ticks(b.l), c: ticks(b.c), v: volumes[i]! });
  const all = nav.map(toBar);
  const days = levels[0]!.bars.length;
  const hours = levels[1]!.bars.length;
  const m1 = all.slice(days + hours);
  // Where the levels overlap, the coarser bars are the finer ones aggregated, as in every history.
  const h1 = all.slice(days, days + hours).concat(aggregate(m1, '1m', '1h'));
  const d1 = all.slice(0, days).concat(aggregate(h1, '1h', '1d'));
  return {
    symbol: market.symbol,
    tick: market.tick,
    lot: market.lot,
    anchorTime: anchor.time,
    anchorPrice: ticks(Number(anchor.price)),
    bars: { '1m': m1, '1h': h1, '1d': d1 },
  };
}
