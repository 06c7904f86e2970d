import type { ExchangeFeed } from '../market/hub';
import type { Exchange } from './exchange';

/**
 * Public trade ids of own fills: far above any recorded venue id (Binance
 * BTCUSDT is near 4e9, and replay loops add whole spans), below 2^53.
 */
export const OWN_TRADE_ID_BASE = 8_000_000_000_000_000;

/** The exchange as the market hub drives it: replayed events in, own book changes and own trades out. */
export function exchangeFeed(exchange: Exchange): ExchangeFeed {
  return {
    attachSession: (symbols) => exchange.attachSession(symbols),
    onMarket: (event, at) => exchange.onMarket(event, at),
    resetClock: (now) => exchange.resetClock(now),
    advance: (now, paused) => (paused ? exchange.acceptWaiting() : exchange.advance(now)),
    bookView: (symbol, depth) => exchange.bookView(symbol, depth),
    sameUnits(spec) {
      const inst = exchange.instrument(spec.symbol);
      return inst !== undefined && Number(inst.tick) === Number(spec.tick) && Number(inst.lot) === Number(spec.lot);
    },
    onOwnActivity(listener) {
      return exchange.subscribe((event) => {
        if (event.type === 'trade') {
          const { symbol, id, price, qty, buyerIsTaker, time } = event;
          listener({ kind: 'trade', symbol, id: OWN_TRADE_ID_BASE + id, price, qty, buyerIsTaker, time });
        } else if (event.type === 'order' && event.order.planType === -1 && event.order.orderType === 'Limit') {
          listener({ kind: 'book', symbol: event.order.symbol });
        }
      });
    },
  };
}
