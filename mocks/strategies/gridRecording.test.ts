// @vitest-environment node
import { Decimal } from 'decimal.js';
import { beforeAll, expect, it } from 'vitest';
import { describeWithSharedData } from '../../tests/support/sharedData';
import { BTCUSDT_FILE, BTCUSDT_SPEC, loadBtcusdtEvents } from './recordingKit';
import type { MarketEvent } from '../market/types';
import { Exchange } from '../exchange/exchange';
import { amount, instrumentsFor } from '../exchange/testKit';
import { createGridBotDesk, type GridParams } from './gridBot';
import { levelsFrom, nearestLevel } from './gridMath';

/**
 * A small grid bot on the real Binance BTCUSDT recording (read from
 * ../shared/data at test time, never stored here), run the way the runtime
 * runs it: the same 20 ms order-entry latency, deferred work done before the
 * next replayed event. The bot waits for 61,690, then trades 4 grids of 35
 * USDT between 61,620 and 61,760; fees are 0.005 % so a grid that narrow
 * pays its round trip.
 *
 * The independent count reads the recorded trades alone: a grid's buy at
 * level L fills when a seller-taker trade prints below L, its sell at the
 * next level U when a buyer-taker trade prints above U; an order counts
 * from 20 ms after it was placed; a sell that follows the grid's own buy is
 * a round trip worth (U − L) × q' − U × q' × fee − L × q × fee, where q' is
 * the per-grid quantity q less the buy's fee in base, in whole lots.
 *
 * Where the engine may differ (and why these inputs were chosen where it
 * does not): a trade exactly at the level fills the order only once the
 * queue the recording showed there has traded (the count "at or through"
 * would bound the engine from above, "through" from below: here they agree);
 * a trade smaller than the order fills it partly; an order that arrives
 * when the recorded book has already crossed its price (the book lags the
 * tape in a sweep) takes at once, at a better price than its level — which
 * is why every grid fill below is asserted to be a maker fill.
 */

const SPEC = BTCUSDT_SPEC;
const USER = 'grid-trader';
const LATENCY_MS = 20;
const FEE_PPM = 50;
const PARAMS: GridParams = {
  symbol: 'BTCUSDT', minPrice: '61620', maxPrice: '61760', gridNumber: 4, type: 'arithmetic', quoteInvestment: '20', entryPrice: '61690',
};

describeWithSharedData('grid bot on the real BTCUSDT recording', () => {
  let events: MarketEvent[] = [];

  beforeAll(async () => {
    events = await loadBtcusdtEvents();
  }, 60_000);

  it('completes as many round trips, for as much grid profit, as the recorded trades crossing its levels', () => {
    const ex = new Exchange({ instruments: instrumentsFor(['BTCUSDT']), startTime: events[0]!.t, makerFeePpm: FEE_PPM, takerFeePpm: FEE_PPM, latencyMs: LATENCY_MS });
    ex.attachSession([SPEC]);
    ex.addAccount({ userId: USER, kind: 'UTA', demo: false }, { USDT: amount('1000') });
    let now = events[0]!.t;
    const later: Array<() => void> = [];
    const desk = createGridBotDesk(ex, { now: () => now, defer: (run) => later.push(run) });
    const fills: Array<{ isMaker: boolean; side: string }> = [];
    ex.subscribe((e) => {
      if (e.type === 'fill') fills.push(e.fill);
    });

    let botId: string | null = null;
    let createdAt = 0;
    for (const event of events) {
      now = event.t;
      ex.onMarket(event, event.t);
      if (event.ch === 'trade') desk.onMarket(SPEC.symbol);
      while (later.length > 0) later.splice(0).forEach((run) => run());
      if (botId === null && event.ch === 'trade') {
        const created = desk.create(USER, PARAMS, now);
        if (!created.ok) throw new Error(created.error.message);
        botId = created.value.botId;
        createdAt = now;
      }
    }
    const bot = desk.detail(USER, botId!)!;

    // ---- the independent count, from the recorded trades -------------------------
    const trades = events.filter((e): e is Extract<MarketEvent, { ch: 'trade' }> => e.ch === 'trade' && e.t > createdAt);
    const entry = 6_169_000;
    // Activation: the first trade at or below the entry; the start buy arrives 20 ms later and
    // fills at the first event then; the grid's orders arrive 20 ms after that.
    const activation = trades.find((t) => t.msg.p <= entry)!;
    const startFilled = events.find((e) => e.t >= activation.t + LATENCY_MS)!.t;
    const levels = levelsFrom({ min: 6_162_000, max: 6_176_000, count: 4, type: 'arithmetic' });
    const skip = nearestLevel(levels, activation.msg.p);
    const q = Math.round(Number(bot.perGridQty) * 1e6);
    const qAfterFee = Math.floor((q * (1_000_000 - FEE_PPM)) / 1_000_000);
    const fee = new Decimal(FEE_PPM).div(1_000_000);
    const count = (through: (beyond: number) => boolean) => {
      const cells = levels.slice(0, -1).map((_, k) => ({ side: k < skip ? 'Buy' : 'Sell', afterGridBuy: false, from: startFilled + LATENCY_MS }));
      let trips = 0;
      let profit = new Decimal(0);
      for (const t of trades) {
        cells.forEach((cell, k) => {
          if (t.t < cell.from) return;
          const low = levels[k]!;
          const high = levels[k + 1]!;
          if (cell.side === 'Buy' && !t.msg.m && through(low - t.msg.p)) {
            Object.assign(cell, { side: 'Sell', afterGridBuy: true, from: t.t + LATENCY_MS });
          } else if (cell.side === 'Sell' && t.msg.m && through(t.msg.p - high)) {
            if (cell.afterGridBuy) {
              trips += 1;
              // In ticks × lots (0.01 × 0.000001 = 1e-8 USDT each).
              const gain = new Decimal(qAfterFee * (high - low)).minus(fee.mul(qAfterFee * high)).minus(fee.mul(q * low));
              profit = profit.plus(gain.mul('1e-8'));
            }
            Object.assign(cell, { side: 'Buy', afterGridBuy: false, from: t.t + LATENCY_MS });
          }
        });
      }
      return { trips, profit: profit.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() };
    };
    const strict = count((beyond) => beyond > 0);
    const touching = count((beyond) => beyond >= 0);

    const gridFills = fills.slice(1);
    // oxlint-disable-next-line no-console
    console.log([
      `grid bot on ${BTCUSDT_FILE}: started at ${bot.startPrice} (+${bot.startedAt! - events[0]!.t} ms), ${bot.perGridQty} BTC a grid, levels ${bot.levels.join(' / ')}`,
      `round trips: engine ${bot.arbitrageCount} (grid profit ${bot.gridProfit} USDT), trades through the levels ${strict.trips} (${strict.profit}), at or through ${touching.trips}`,
      `status ${bot.status}; total profit ${bot.totalProfit}, equity ${bot.equity} USDT`,
    ].join('\n'));

    expect(bot).toMatchObject({ status: 'RUNNING', startPrice: '61690.00', startedAt: startFilled });
    expect(activation.msg.p).toBe(entry);
    // The start bought the base for the sells above the price, taking; every grid fill since was a maker fill.
    expect(fills[0]).toMatchObject({ side: 'Buy', isMaker: false });
    expect(gridFills.every((f) => f.isMaker)).toBe(true);
    // Queue position makes no difference here: the through and at-or-through counts agree.
    expect(touching).toEqual(strict);
    expect(strict.trips).toBeGreaterThanOrEqual(3);
    expect(bot.arbitrageCount).toBe(strict.trips);
    expect(bot.gridProfit).toBe(strict.profit);
  }, 60_000);
});
