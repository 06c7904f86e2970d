// @vitest-environment node
import { beforeAll, expect, it } from 'vitest';
import { describeWithSharedData } from '../../tests/support/sharedData';
import { BTCUSDT_FILE, BTCUSDT_SPEC, loadBtcusdtEvents } from './recordingKit';
import type { MarketEvent } from '../market/types';
import { Exchange } from '../exchange/exchange';
import { amount, instrumentsFor } from '../exchange/testKit';
import { createAlgoDesk, type AlgoDetail } from './algoDesk';
import { chaseTarget } from './algoChase';
import { referenceOf, rests, topOf } from './algoMarket';
import { strategyOfOrder } from './algoTags';

/**
 * Chase orders on the real Binance BTCUSDT recording (read from
 * ../shared/data at test time, never stored here), run the way the runtime
 * runs them: 20 ms order-entry latency, the desk told of every trade and
 * book event, deferred work done before the next event. One chase at a
 * time, buys and sells by turns, each capped 50 USDT from the price it
 * started at; a new one starts when the last has filled.
 *
 * Checked after every event, against the book as users see it (the child's
 * own quantity left out): a resting buy child is priced under the best ask
 * (a sell over the best bid), never past its cap, and where the book puts
 * it (its best own-side price less the offset, capped) unless the book has
 * just crossed it and it is filling.
 */

const SPEC = BTCUSDT_SPEC;
const USER = 'chaser';
const CAP_TICKS = 5_000;
const E4 = 10;

describeWithSharedData('chase orders on the real BTCUSDT recording', () => {
  let events: MarketEvent[] = [];

  beforeAll(async () => {
    events = await loadBtcusdtEvents();
  }, 60_000);

  it('a live chase child never crosses the spread, follows the best price and respects its cap', () => {
    const ex = new Exchange({ instruments: instrumentsFor(['BTCUSDT']), startTime: events[0]!.t, latencyMs: 20 });
    ex.attachSession([SPEC]);
    ex.addAccount({ userId: USER, kind: 'UTA', demo: false }, { USDT: amount('100000'), BTC: amount('2') });
    let now = events[0]!.t;
    const later: Array<() => void> = [];
    const desk = createAlgoDesk(ex, { now: () => now, defer: (run) => later.push(run) });
    const prices = new Map<string, Set<number>>();
    ex.subscribe((e) => {
      if (e.type === 'order' && strategyOfOrder(e.order)) prices.set(e.order.orderId, (prices.get(e.order.orderId) ?? new Set()).add(e.order.price));
    });

    let live: AlgoDetail | null = null;
    let cap = 0;
    const done: AlgoDetail[] = [];
    let checks = 0;
    let atCap = 0;
    let offTarget = 0;
    const faults: string[] = [];
    for (const event of events) {
      now = event.t;
      ex.onMarket(event, event.t);
      if (event.ch === 'trade' || event.ch === 'book' || event.ch === 'snapshot') desk.onMarket(SPEC.symbol);
      while (later.length > 0) later.splice(0).forEach((run) => run());

      if (live && desk.detail(USER, live.strategyId)!.status === 3) {
        done.push(desk.detail(USER, live.strategyId)!);
        live = null;
      }
      if (!live && event.ch !== 'gap') {
        const reference = referenceOf(ex, SPEC.symbol);
        if (reference === null || !topOf(ex, SPEC.symbol)?.bid) continue;
        const side = done.length % 2 === 0 ? 'Buy' : 'Sell';
        cap = side === 'Buy' ? reference + CAP_TICKS : reference - CAP_TICKS;
        const created = desk.create(USER, {
          strategyType: 'chase', symbol: 'BTCUSDT', side, size: '0.002', chasePercentE4: E4, maxChasePrice: (cap / 100).toFixed(2),
        }, now);
        if (!created.ok) throw new Error(created.error.message);
        live = created.value;
        while (later.length > 0) later.splice(0).forEach((run) => run());
      }

      const child = live ? ex.openOrders(USER).find((o) => strategyOfOrder(o) === live!.strategyId) : undefined;
      if (!rests(child)) continue;
      const top = topOf(ex, SPEC.symbol, child)!;
      checks += 1;
      const buy = child.side === 'Buy';
      const crosses = buy ? top.ask !== undefined && child.price >= top.ask : top.bid !== undefined && child.price <= top.bid;
      const pastCap = buy ? child.price > cap : child.price < cap;
      if (crosses || pastCap) faults.push(`${event.t}: ${child.side} at ${child.price}, book ${top.bid} / ${top.ask}, cap ${cap}`);
      if (child.price === cap) atCap += 1;
      const target = chaseTarget(child.side, { type: 'chase', chasePercentE4: E4, maxChasePrice: cap }, top);
      if (child.price !== target) offTarget += 1;
    }

    const repriced = [...prices.values()].filter((set) => set.size > 1).length;
    const moves = [...prices.values()].reduce((n, set) => n + set.size - 1, 0);
    // oxlint-disable-next-line no-console
    console.log(`chase on ${BTCUSDT_FILE}: ${done.length} filled (${done.filter((d) => d.side === 'Buy').length} buys), ${moves} re-pricings over ${repriced} children, ${checks} checks, ${atCap} at the cap, ${offTarget} off target`);
    expect(faults).toEqual([]);
    expect(checks).toBeGreaterThan(1_000);
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done.every((d) => d.endReason === 'completed' && d.executedSize === '0.002000')).toBe(true);
    expect(moves).toBeGreaterThan(10);
    expect(atCap).toBeGreaterThan(0);
    expect(offTarget).toBe(0);
  }, 60_000);
});
