import { DEMO_SESSION_MS, DEMO_SESSION_START, type DemoMarket } from './demoMarkets';
import { sessionToText } from './session/writer';
import { simulateSession, type ModelParams } from './sim/model';

/**
 * The shipped sessions' books turn over slower than the calibrated BTCUSDT
 * model (deep levels live 60 s instead of 5 s, 210 levels a side instead of
 * 360): with the calibrated turnover the ten sessions weigh 23 MB, with this
 * about 4.4 MB. Trade flow, sizes, spread and depth profile stay as calibrated;
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

/** The text of a demo market's shipped session: 30 loopable minutes from the simulator, fixed seed. */
export function demoSessionText(market: DemoMarket): Promise<string> {
  const { header, events } = simulateSession({
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
  });
  return sessionToText(header, events);
}
