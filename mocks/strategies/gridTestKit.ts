/**
 * What the grid bot tests share (vitest only): a desk over the engine's test
 * market (best bid 59,999 / best ask 60,001, a last trade at 60,000), its
 * deferred work run when the test says, and a small grid's inputs.
 */
import { touchMarket, U } from '../exchange/orderTestKit';
import type { Harness } from '../exchange/testKit';
import type { ExchangeOptions } from '../exchange/exchange';
import { createGridBotDesk, type GridBotDetail, type GridParams } from './gridBot';

export { U };

export function gridSetUp(options: Partial<ExchangeOptions> = {}, state?: unknown) {
  const h = touchMarket(options);
  h.trade('60000', '0.001', true);
  const later: Array<() => void> = [];
  const desk = createGridBotDesk(h.ex, { state, now: () => h.t, defer: (run) => later.push(run) });
  /** Runs deferred work until none is left (work may defer more). */
  const settle = () => {
    for (let rounds = 0; later.length > 0 && rounds < 20; rounds++) later.splice(0).forEach((run) => run());
  };
  /** A recorded trade, then the desk looks at the price, then its deferred work runs. */
  const trade = (price: string, qty: string, buyerIsTaker: boolean) => {
    h.trade(price, qty, buyerIsTaker);
    desk.onMarket('BTCUSDT');
    settle();
  };
  /** The recorded book moves to one tick either side of `price` (crossing own orders fills them), then a trade prints there. */
  const moveTo = (price: string, qty: string, buyerIsTaker: boolean) => {
    const p = Number(price);
    h.snapshot([[String(p - 0.01), '5']], [[String(p + 0.01), '5']]);
    trade(price, qty, buyerIsTaker);
  };
  return { h, desk, later, settle, trade, moveTo };
}

/**
 * Levels 59,000 / 60,000 / 61,000 around a last price of 60,000: a buy at
 * 59,000 and a sell at 61,000. 119.4206 USDT is exactly what 0.001 BTC a
 * grid costs: the 59 USDT buy, plus a start buy of 1,002 lots (1,000 after
 * the 0.1 % fee in base) reckoned at 60,000 + 0.5 % = 60,300 → 60.4206 USDT.
 */
export const SMALL: GridParams = { symbol: 'BTCUSDT', minPrice: '59000', maxPrice: '61000', gridNumber: 2, type: 'arithmetic', quoteInvestment: '119.4206' };

export function created(result: { ok: true; value: GridBotDetail } | { ok: false; error: { message: string } }): GridBotDetail {
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
}

export const botOrders = (h: Harness) => h.ex.openOrders(U).filter((o) => o.clientOrderId.startsWith('grid-'));
