import { BAND_3X } from '../lt/nav';
import { navLookup, navPath, type PricePoint } from '../lt/navHistory';
import { DEMO_MARKETS, DEMO_SESSION_MS, DEMO_SESSION_START, LT_DAILY_FEE_RATE, type DemoMarket } from './demoMarkets';
import { sessionToText } from './session/writer';
import { simulateSession, type ModelParams, type SimParams } from './sim/model';

/**
 * The shipped sessions' books turn over slower than the calibrated BTCUSDT
 * model (deep levels live 60 s instead of 5 s, 210 levels a side instead of
 * 360): with the calibrated turnover the first ten sessions weighed 23 MB, with this
 * about 4.4 MB (the sixteen now shipped: 5.0 MB). Trade flow, sizes, spread and depth profile stay as calibrated;
 * the calibration test runs the model at its defaults.
 */
export const SHIPPED_BOOK_TURNOVER: Partial<ModelParams> = {
  levelLifeMs: 60_000,
  nearLevelLifeMs: 3_000,
  levelsPerSide: 210,
  touchRefreshPerS: 0.5,
};

/** Where `npm run fixtures` writes, relative to the project root. */
export function demoSessionPath(market: DemoMarket): string {
  return `fixtures/sessions/${market.symbol}.jsonl.gz`;
}

function simParams(market: DemoMarket): SimParams {
  return {
    symbol: market.symbol,
    tick: market.tick,
    lot: market.lot,
    startPrice: market.startPrice,
    startTime: DEMO_SESSION_START,
    durationMs: DEMO_SESSION_MS,
    seed: market.seed,
    volatility: market.volatility,
    tradesPerMinute: market.tradesPerMinute,
    loopable: true,
    ...SHIPPED_BOOK_TURNOVER,
  };
}

/** The text of a demo market's shipped session: 30 loopable minutes from the simulator, fixed seed. */
export function demoSessionText(market: DemoMarket): Promise<string> {
  const params = simParams(market);
  const { header, events } = simulateSession(market.leveraged ? { ...params, fairOf: leveragedFair(market) } : params);
  return sessionToText(header, events);
}

/** Underlying trade paths by symbol: two tokens share one underlying, and its simulation is the slow part. */
const underlyingPaths = new Map<string, PricePoint[]>();

/**
 * The underlying's shipped session as a price path: its start mid at the
 * session start, then every trade. The same simulation as its own file, so
 * the token follows what the replay shows.
 */
export function underlyingPricePath(underlying: DemoMarket): PricePoint[] {
  let path = underlyingPaths.get(underlying.symbol);
  if (!path) {
    const tick = Number(underlying.tick);
    path = [{ t: DEMO_SESSION_START, price: Number(underlying.startPrice) }];
    for (const e of simulateSession(simParams(underlying)).events) {
      if (e.ch === 'trade') path.push({ t: e.t, price: (e.msg as { p: number }).p * tick });
    }
    underlyingPaths.set(underlying.symbol, path);
  }
  return path;
}

/**
 * A leveraged token's fair price: the NAV of its 3x basket, reset at the
 * session start to the token's start price and the underlying's start mid.
 * Thirty minutes from 00:00 UTC cross no midnight and (checked) reach no band
 * edge, so the NAV is linear in the underlying price throughout; the
 * underlying's loopable session ends at its start mid, so the token's fair
 * price ends at its start too and its session still loops.
 */
function leveragedFair(market: DemoMarket): (tMs: number) => number {
  const lt = market.leveraged!;
  const underlying = DEMO_MARKETS.find((m) => m.symbol === lt.underlying);
  if (!underlying) throw new Error(`${market.symbol}: underlying ${lt.underlying} is not a demo market`);
  const path = navPath(underlyingPricePath(underlying), { direction: lt.direction, band: BAND_3X, dailyFeeRate: LT_DAILY_FEE_RATE }, Number(market.startPrice));
  if (path.rebalances > 0 || path.dailyResets > 0) {
    throw new Error(`${market.symbol}: the session's NAV path resets (${path.rebalances} rebalances, ${path.dailyResets} daily), so it would not loop`);
  }
  return navLookup(path.series);
}
