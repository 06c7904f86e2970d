// @vitest-environment node
import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithSharedData } from '../../tests/support/sharedData';
import { BTCUSDT_SPEC, loadBtcusdtEvents } from './recordingKit';
import { Exchange } from '../exchange/exchange';
import { amount, instrumentsFor, lots, px } from '../exchange/testKit';
import type { MarketEvent } from '../market/types';
import { backtestGrid, BACKTEST_WINDOW, type BacktestMarket } from './gridBacktest';
import { createGridBotDesk, type GridParams } from './gridBot';
import { created, gridSetUp, SMALL, U } from './gridTestKit';

const SPEC = BTCUSDT_SPEC;
const INST = instrumentsFor(['BTCUSDT'])[0]!;
const YEAR_MS = 365 * 86_400_000;
/** The runtime's order-entry latency (backend.ts): an order meets the book 20 ms after it is sent. */
const LIVE = { latencyMs: 20 };

/** Events a second apart: the touch market of gridTestKit (59,999 / 60,001, 1 BTC), then trades of 1 BTC at the given prices. */
function market(prices: ReadonlyArray<readonly [string, boolean]>): BacktestMarket {
  let t = 1_700_000_000_000;
  const events: MarketEvent[] = [{ t, seq: 1, ch: 'snapshot', msg: { s: 'BTCUSDT', b: [[px('59999'), lots('1')], [px('59998'), lots('2')]], a: [[px('60001'), lots('1')], [px('60002'), lots('2')]] } }];
  prices.forEach(([price, buyerIsTaker], i) => {
    t += 1000;
    events.push({ t, seq: i + 2, ch: 'trade', msg: { s: 'BTCUSDT', id: i + 1, p: px(price), q: lots('1'), m: buyerIsTaker } });
  });
  return { instrument: INST, spec: SPEC, events };
}

const up = (price: string) => [price, true] as const;
const down = (price: string) => [price, false] as const;
const report = (result: ReturnType<typeof backtestGrid>) => {
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
};

describe('grid backtest on a synthetic zig-zag', () => {
  // SMALL: levels 59,000 / 60,000 / 61,000, 0.001 BTC a grid, 0.1 % fees. Three trades at 60,000 let the
  // bot start (created at the first, its start buy meets the book at the second, its grid rests from the third).
  const ZIGZAG = [up('60000'), up('60000'), up('60000'),
    down('58900'), up('60100'), // the 59,000 buy fills, then its sell at 60,000: round trip 1
    down('58900'), up('60100'), // round trip 2
    up('61100'), // the start's sell at 61,000 fills: not a round trip (no grid buy before it); it turns to a buy at 60,000
    down('59900'), up('61100'), // that buy, then its sell at 61,000: round trip 3
    down('60500'), // back inside the range, where a create is accepted now (the inputs are checked at the last price)
  ];

  it('counts the round trips and the grid profit worked out by hand', () => {
    const r = report(backtestGrid(SMALL, market(ZIGZAG), LIVE));
    // A round trip between L and U: buy q = 1,000 lots at L, receive q' = 999 after the fee in base, sell q' at U:
    // (U − L)·q' − U·q'·fee − L·q·fee.
    const trip = (low: number, high: number) => new Decimal(high - low).mul('0.000999').minus(new Decimal(high).mul('0.000999').mul('0.001')).minus(new Decimal(low).mul('0.001').mul('0.001'));
    const gridProfit = trip(59000, 60000).mul(2).plus(trip(60000, 61000));
    expect(gridProfit.toFixed()).toBe('2.638181');
    // The start bought 1,006 lots at 60,001 for 60.361006 USDT (1,004.994 after its fee). Then the grid:
    // −59 + 59.88006 − 59 + 59.88006 + 60.939 − 60 + 60.878061 USDT, and 1,004.994 − 1,000 lots of base left,
    // valued at the last price, 60,500.
    const quote = new Decimal('119.4206').minus('60.361006').plus('63.577181');
    const equity = quote.plus(new Decimal('0.000004994').mul(60500));
    const totalProfit = equity.minus('119.4206');
    expect(totalProfit.toFixed()).toBe('3.518312');
    const spanMs = ZIGZAG.length * 1000;
    const apr = (profit: Decimal) => profit.div('119.4206').mul(YEAR_MS).div(spanMs).mul(100).toFixed(2, Decimal.ROUND_DOWN);
    expect(r).toEqual({
      symbol: 'BTCUSDT', status: 'RUNNING', closeReason: null, from: 1_700_000_000_000, to: 1_700_000_000_000 + spanMs, spanMs, events: ZIGZAG.length + 1,
      startPrice: '60000.00', endPrice: '60500.00', startedAt: 1_700_000_002_000, investment: '119.4206',
      // Seven grid orders filled: both sides of three round trips and the start's sell.
      fills: 7, roundTrips: 3, gridProfit: gridProfit.toFixed(), totalProfit: totalProfit.toFixed(),
      apr: { grid: apr(gridProfit), total: apr(totalProfit) },
    });
  });

  it('is deterministic: the same events give the same report', () => {
    expect(backtestGrid(SMALL, market(ZIGZAG), LIVE)).toEqual(backtestGrid(SMALL, market(ZIGZAG), LIVE));
  });

  it('starts once the price is inside the range', () => {
    const late = report(backtestGrid(SMALL, market([up('61500'), up('61400'), ...ZIGZAG]), LIVE));
    expect(late).toMatchObject({ status: 'RUNNING', startPrice: '61500.00', startedAt: 1_700_000_004_000, roundTrips: 3, fills: 7 });
    // Inside the range only at the last trade: created there, its start buy still on its way.
    const last = report(backtestGrid(SMALL, market([up('61500'), down('60000')]), LIVE));
    expect(last).toMatchObject({ status: 'INITIALIZING', startedAt: null, fills: 0, roundTrips: 0, gridProfit: '0', totalProfit: '0', investment: '119.4206' });
  });
});

describe('grid backtest refusals and empty sessions', () => {
  it('refuses inputs with the error the create call gives', () => {
    const { h, desk } = gridSetUp();
    for (const bad of [{ gridNumber: 1 }, { minPrice: '62000' }, { quoteInvestment: '1' }, { stopLossPrice: '59500' }, { type: 'fibonacci' }]) {
      const params = { ...SMALL, ...bad } as typeof SMALL;
      const live = desk.create(U, params, h.t);
      expect(live.ok, JSON.stringify(bad)).toBe(false);
      expect(backtestGrid(params, market([up('60000')]), LIVE)).toEqual(live);
    }
    // The same account refusal: a user in liquidation.
    const liquidation = backtestGrid(SMALL, market([up('60000')]), { account: { userId: U, kind: 'UTA', demo: false, liquidation: true } });
    h.ex.updateAccount(U, { liquidation: true });
    expect(liquidation).toEqual(desk.create(U, SMALL, h.t));
    expect(backtestGrid({ ...SMALL, symbol: 'ETHUSDT' }, market([]), LIVE)).toMatchObject({ ok: false, error: { key: 'symbol' } });
  });

  it('an empty session, or one without trades yet, is a report of nothing tested', () => {
    const none = report(backtestGrid(SMALL, market([]), LIVE));
    expect(none).toEqual({
      symbol: 'BTCUSDT', status: 'NO_TRADES', closeReason: null, from: 1_700_000_000_000, to: 1_700_000_000_000, spanMs: 0, events: 1,
      startPrice: null, endPrice: null, startedAt: null, investment: '119.4206', fills: 0, roundTrips: 0, gridProfit: '0', totalProfit: '0',
      apr: { grid: '0.00', total: '0.00' },
    });
    const empty = report(backtestGrid({ ...SMALL, baseInvestment: '0.01' }, { instrument: INST, spec: SPEC, events: [] }));
    expect(empty).toMatchObject({ status: 'NO_TRADES', from: null, to: null, spanMs: 0, events: 0, fills: 0, investment: null });
    // Inputs wrong whatever the price are still refused.
    expect(backtestGrid({ ...SMALL, gridNumber: 500 }, market([]), LIVE)).toMatchObject({ ok: false, error: { key: 'gridNumber' } });
  });

  it('will not run past its bound', () => {
    const tooMany = { instrument: INST, spec: SPEC, events: { length: BACKTEST_WINDOW.maxEvents + 1 } as unknown as MarketEvent[] };
    expect(() => backtestGrid(SMALL, tooMany)).toThrow(RangeError);
  });
});

/**
 * The real BTCUSDT recording (read from ../shared/data, never stored here):
 * the backtest answers what the desk, run as the runtime runs it over the
 * same events, reports — the report adds nothing and loses nothing.
 */

const REAL = { latencyMs: 20, makerFeePpm: 50, takerFeePpm: 50 };
const RECORDED: GridParams[] = [
  // gridRecording.test.ts's bot: it waits for 61,690, then trades 4 narrow grids.
  { symbol: 'BTCUSDT', minPrice: '61620', maxPrice: '61760', gridNumber: 4, type: 'arithmetic', quoteInvestment: '20', entryPrice: '61690' },
  // Starts at the first trade (61,837.63), geometric, with base invested too.
  { symbol: 'BTCUSDT', minPrice: '61550', maxPrice: '61850', gridNumber: 6, type: 'geometric', quoteInvestment: '300', baseInvestment: '0.001' },
];

/**
 * The desk as the runtime drives it: every recorded event into the engine, trades to the desk, deferred work run before
 * the next event; the bot is created at the first trade once there is a book (both inputs hold the price then).
 */
function liveDesk(params: GridParams, events: readonly MarketEvent[]) {
  const ex = new Exchange({ instruments: [INST], startTime: events[0]!.t, ...REAL });
  ex.attachSession([SPEC]);
  ex.addAccount({ userId: 'trader', kind: 'UTA', demo: false }, { USDT: amount(params.quoteInvestment ?? '0'), BTC: amount(params.baseInvestment ?? '0') });
  let now = events[0]!.t;
  const later: Array<() => void> = [];
  const desk = createGridBotDesk(ex, { now: () => now, defer: (run) => later.push(run) });
  const settle = () => {
    while (later.length > 0) later.splice(0).forEach((run) => run());
  };
  let botId: string | null = null;
  for (const event of events) {
    now = event.t;
    ex.onMarket(event, now);
    if (event.ch === 'trade') desk.onMarket('BTCUSDT');
    settle();
    if (botId === null && event.ch === 'trade' && ex.bookView('BTCUSDT', 1) !== null) {
      botId = created(desk.create('trader', params, now)).botId;
      settle();
    }
  }
  const gridFills = ex.orderHistory('trader').filter((o) => o.orderType === 'Limit' && o.status === 'Filled').length;
  return { bot: desk.detail('trader', botId!)!, gridFills };
}

describeWithSharedData('grid backtest on the real BTCUSDT recording', () => {
  let events: MarketEvent[] = [];

  beforeAll(async () => {
    events = await loadBtcusdtEvents();
  }, 60_000);

  it.each(RECORDED.map((p, i) => [i, p] as const))('reports what the live desk does over the same events (%i)', (_, params) => {
    const r = report(backtestGrid(params, { instrument: INST, spec: SPEC, events }, REAL));
    const { bot, gridFills } = liveDesk(params, events);
    expect(r).toMatchObject({
      status: bot.status, startedAt: bot.startedAt, fills: gridFills, roundTrips: bot.arbitrageCount, gridProfit: bot.gridProfit,
      totalProfit: bot.totalProfit, investment: bot.totalInvestment, from: events[0]!.t, to: events.at(-1)!.t, events: events.length,
    });
    // Something to compare: each bot trades its grid over the recording.
    expect(r).toMatchObject({ status: 'RUNNING' });
    expect(r.roundTrips).toBeGreaterThan(0);
  }, 60_000);
});
