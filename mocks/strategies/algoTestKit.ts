/**
 * What the strategy-order tests share (vitest only): a desk over the
 * engine's test market (best bid 59,999 / best ask 60,001, a last trade at
 * 60,000), its deferred work run when the test says, and the strategy's
 * live orders as the exchange shows them.
 */
import { touchMarket, U } from '../exchange/orderTestKit';
import type { Harness } from '../exchange/testKit';
import type { ExchangeOptions } from '../exchange/exchange';
import { createAlgoDesk, type AlgoDetail, type AlgoResult } from './algoDesk';
import { strategyOfOrder } from './algoTags';

export { U };

export function algoSetUp(options: Partial<ExchangeOptions> = {}, state?: unknown) {
  const h = touchMarket(options);
  h.trade('60000', '0.001', true);
  const later: Array<() => void> = [];
  const desk = createAlgoDesk(h.ex, { state, now: () => h.t, defer: (run) => later.push(run) });
  /** Runs deferred work until none is left (work may defer more). */
  const settle = () => {
    for (let rounds = 0; later.length > 0 && rounds < 20; rounds++) later.splice(0).forEach((run) => run());
  };
  /** After a market event: the desk looks at the market, then its deferred work runs (as the runtime does). */
  const looked = () => {
    desk.onMarket('BTCUSDT');
    settle();
  };
  /** `ms` pass, then a market event (the runtime calls the desk on every replayed event). */
  const tick = (ms: number) => {
    h.step(ms);
    looked();
  };
  const trade = (price: string, qty: string, buyerIsTaker: boolean) => {
    h.trade(price, qty, buyerIsTaker);
    looked();
  };
  const book = (bids: Array<[string, string]>, asks: Array<[string, string]>) => {
    h.snapshot(bids, asks);
    looked();
  };
  return { h, desk, later, settle, tick, trade, book };
}

export function created(result: AlgoResult<AlgoDetail>): AlgoDetail {
  if (!result.ok) throw new Error(`refused ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The strategy's open children as the exchange holds them. */
export const liveChildren = (h: Harness, strategyId: string, user = U) => h.ex.openOrders(user).filter((o) => strategyOfOrder(o) === strategyId);

/** Every child the strategy ever placed (open and finished), oldest first. */
export const allChildren = (h: Harness, strategyId: string, user = U) =>
  [...h.ex.orderHistory(user), ...h.ex.openOrders(user)].filter((o) => strategyOfOrder(o) === strategyId).sort((a, b) => a.createdAt - b.createdAt || (a.orderId < b.orderId ? -1 : 1));
