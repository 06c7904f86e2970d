// @vitest-environment node
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromUnits } from '../../src/domain/units';
import { simulateSession } from '../market/sim/model';
import type { MarketEvent } from '../market/types';
import { Exchange, type ExchangeOptions } from './exchange';
import { restoreExchange, snapshotExchange, type ExchangeSnapshot } from './snapshot';
import { amount, instrumentsFor } from './testKit';
import { PLAN, type ExchangeEvent, type OrderRequest } from './types';

/**
 * Issue 7 part 8: the same market events, queue seed and order script give
 * the same event stream (fills, orders, balances), byte for byte; and a
 * snapshot taken mid-stream, passed through JSON and restored into a new
 * engine, carries on exactly as the engine that never stopped.
 *
 * The market is a simulated BTCUSDT session (seeded, so the same every run):
 * its book changes at the touch include cancellations, which is where the
 * probabilistic queue model draws from its seed.
 */
const SPEC = { symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' };
const price = (ticks: number) => fromUnits(ticks, SPEC.tick);
const qty = (lots: number) => fromUnits(lots, SPEC.lot);

let events: MarketEvent[] = [];

beforeAll(() => {
  const sim = simulateSession({ ...SPEC, startPrice: '61800.00', startTime: Date.UTC(2026, 0, 1), durationMs: 90_000, seed: 11, volatility: 0.6, tradesPerMinute: 900 });
  events = sim.events.map((e, i) => ({ ...e, seq: i + 1 }) as MarketEvent);
}, 30_000);

const options = (queue: ExchangeOptions['queue']): ExchangeOptions => ({ instruments: instrumentsFor(['BTCUSDT']), startTime: Date.UTC(2026, 0, 1), latencyMs: 40, queue });

function newExchange(queue: ExchangeOptions['queue']): Exchange {
  const ex = new Exchange(options(queue));
  ex.attachSession([SPEC]);
  ex.addAccount({ userId: 'pro', kind: 'UTA', demo: false }, { USDT: amount('500000'), BTC: amount('10') });
  ex.addAccount({ userId: 'demo', kind: 'UTA', demo: true }, { USDT: amount('50000'), BTC: amount('1') });
  return ex;
}

/**
 * The order script: every 2 s of the session, a round of calls priced from
 * what the engine shows then (its book view and last price), so a restored
 * engine must show the same to be sent the same calls.
 */
function act(ex: Exchange, round: number, at: number): void {
  const view = ex.bookView(SPEC.symbol, 5);
  const last = ex.lastPrice(SPEC.symbol);
  if (!view || last === null || view.b.length === 0 || view.a.length === 0) return;
  const bid = view.b[0]![0];
  const ask = view.a[0]![0];
  const user = round % 3 === 2 ? 'demo' : 'pro';
  const base = { symbol: SPEC.symbol };
  const calls: OrderRequest[] = [
    // Queue joiners at and just behind the touch: what the queue model decides.
    { ...base, side: 'Buy', orderType: 'Limit', price: price(bid - (round % 3)), qty: qty(2_000 + 100 * round) },
    { ...base, side: 'Sell', orderType: 'Limit', price: price(ask + (round % 2)), qty: qty(1_500 + 50 * round) },
  ];
  if (round % 4 === 0) calls.push({ ...base, side: 'Buy', orderType: 'Market', qty: '250.5' });
  if (round % 4 === 1) calls.push({ ...base, side: 'Sell', orderType: 'Limit', timeInForce: 'IOC', price: price(bid - 200), qty: qty(3_000) });
  if (round % 5 === 0) calls.push({ ...base, side: 'Sell', orderType: 'Market', planType: PLAN.CONDITIONAL, triggerPrice: price(last - 300), qty: qty(1_000) });
  if (round % 5 === 2) calls.push({ ...base, side: 'Sell', orderType: 'Market', planType: PLAN.TRAILING_STOP, trailingValue: '2.5', qty: qty(1_000) });
  if (round % 6 === 3 && user === 'pro') {
    calls.push({
      ...base, side: 'Sell', orderType: 'Limit', qty: qty(1_200),
      oco: { takeProfit: { triggerPrice: price(last + 400), orderType: 'Limit', price: price(last + 400) }, stopLoss: { triggerPrice: price(last - 400), orderType: 'Market' } },
    });
  }
  for (const [i, req] of calls.entries()) ex.create(user, { ...req, clientOrderId: `r${round}-${i}` }, at);
  // Work on older orders: re-price the oldest open one, cancel the next.
  const open = ex.openOrders(user).reverse();
  if (open[0]) ex.modify(user, { orderId: open[0].orderId, price: price(open[0].side === 'Buy' ? bid - 1 : ask + 1) }, at);
  if (open[1] && round % 2 === 1) ex.cancel(user, { orderId: open[1].orderId }, at);
  if (round % 10 === 9) ex.cancelAll(user, { kind: 'plan', planTypes: [PLAN.CONDITIONAL] }, at);
}

const ROUND_MS = 2_000;

/** Feeds events [from, to) and the script rounds due before each, into `ex`; `after` sees each event once the engine has. */
function drive(ex: Exchange, from: number, to: number, after?: (i: number) => void): void {
  const start = events[0]!.t;
  for (let i = from; i < to; i++) {
    const e = events[i]!;
    // Rounds fall between the previous event and this one (never on an event's own time).
    const prev = i === 0 ? start - 1 : events[i - 1]!.t;
    for (let round = Math.floor((prev - start) / ROUND_MS) + 1; start + round * ROUND_MS - 1 < e.t; round++) {
      const at = start + round * ROUND_MS - 1;
      if (at >= prev) act(ex, round, at);
    }
    ex.onMarket(e, e.t);
    after?.(i);
  }
}

function record(ex: Exchange): ExchangeEvent[] {
  const stream: ExchangeEvent[] = [];
  ex.subscribe((e) => stream.push(e));
  return stream;
}

/** JSON with bigints as strings and object keys sorted, so equal states print equal whatever order their maps were filled in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
const hash = (stream: readonly ExchangeEvent[]) => createHash('sha256').update(json(stream)).digest('hex');

function run(queue: ExchangeOptions['queue'], after?: (ex: Exchange, i: number) => void) {
  const ex = newExchange(queue);
  const stream = record(ex);
  drive(ex, 0, events.length, after && ((i) => after(ex, i)));
  return { ex, stream, hash: hash(stream) };
}

const PROB = (seed: number): ExchangeOptions['queue'] => ({ kind: 'probabilistic', seed });

describe('exchange determinism', () => {
  it('the same events, seed and script give the same event stream', () => {
    const a = run(PROB(1));
    const b = run(PROB(1));
    const fills = a.stream.filter((e) => e.type === 'fill');
    // A stream worth hashing: fills of resting (maker) and taking orders, plan triggers.
    expect(fills.filter((e) => e.fill.isMaker).length).toBeGreaterThan(20);
    expect(fills.filter((e) => !e.fill.isMaker).length).toBeGreaterThan(20);
    expect(a.stream.some((e) => e.type === 'order' && e.order.status === 'Triggered')).toBe(true);
    expect(b.hash).toBe(a.hash);
    expect(b.stream.length).toBe(a.stream.length);
  });

  it('another queue seed gives other fills, where the probabilistic model decides', () => {
    const fillsOf = (r: ReturnType<typeof run>) => json(r.stream.filter((e) => e.type === 'fill'));
    const seeds = [1, 2, 3].map((s) => run(PROB(s)));
    expect(new Set(seeds.map((r) => r.hash)).size).toBe(3);
    expect(new Set(seeds.map(fillsOf)).size).toBe(3);
    // The risk-averse model draws nothing: it is the same on every run too.
    expect(run({ kind: 'riskAverse' }).hash).toBe(run({ kind: 'riskAverse' }).hash);
  });
});

describe('exchange snapshot and restore', () => {
  /** Runs to event `cut`, snapshots through JSON, restores into a new engine and finishes there. */
  function resumed(queue: ExchangeOptions['queue'], cut: number) {
    const first = newExchange(queue);
    const before = record(first);
    drive(first, 0, cut);
    const text = JSON.stringify(snapshotExchange(first));
    const restored = restoreExchange(options(queue), JSON.parse(text) as ExchangeSnapshot);
    restored.attachSession([SPEC]);
    const after = record(restored);
    drive(restored, cut, events.length);
    return { ex: restored, stream: [...before, ...after], snapshot: snapshotExchange(first) };
  }

  /** A cut right after a round of calls whose orders are still inside their 40 ms entry latency. */
  const pendingCut = () => {
    const start = events[0]!.t;
    for (let round = 1; ; round++) {
      const at = start + round * ROUND_MS - 1;
      const next = events.findIndex((e) => e.t > at);
      if (next < 0) throw new Error('no round is followed by an event within the entry latency');
      if (events[next]!.t < at + 40) return next + 1;
    }
  };

  /** The whole run, and cuts right after recorded trades at the price of an own resting order (its queue place is mid-update there). */
  const withOwnPriceTradeCuts = (queue: ExchangeOptions['queue']) => {
    const found: number[] = [];
    const whole = run(queue, (ex, i) => {
      const e = events[i]!;
      if (e.ch !== 'trade') return;
      const resting = [...ex.openOrders('pro'), ...ex.openOrders('demo')].some((o) => o.orderType === 'Limit' && o.price === e.msg.p && o.executedQty < o.qty);
      if (resting) found.push(i + 1);
    });
    return { whole, found: found.length, cuts: [found[0]!, found[Math.floor(found.length / 2)]!, found.at(-1)!] };
  };

  function expectSameAsWhole(queue: ExchangeOptions['queue'], cuts: number[], whole = run(queue)) {
    const finalState = canonical(snapshotExchange(whole.ex));
    for (const cut of cuts) {
      const r = resumed(queue, cut);
      expect(r.snapshot.orders.length, `cut at ${cut}`).toBeGreaterThan(0);
      expect(hash(r.stream), `event stream, cut at event ${cut}`).toBe(whole.hash);
      expect(canonical(snapshotExchange(r.ex)), `final state, cut at event ${cut}`).toBe(finalState);
    }
  }

  for (const [label, queue] of [['risk-averse', { kind: 'riskAverse' }], ['probabilistic', PROB(5)]] as const) {
    it(`continues exactly as the uninterrupted run (${label} queue): early, inside an entry latency, middle, late`, () => {
      const cut = pendingCut();
      const first = newExchange(queue);
      drive(first, 0, cut);
      expect(snapshotExchange(first).pending.length, 'orders inside their entry latency at the cut').toBeGreaterThan(0);
      expectSameAsWhole(queue, [50, cut, Math.floor(events.length / 2), events.length - 30]);
    });
  }

  it('continues exactly as the uninterrupted run right after trades at own prices (risk-averse queue)', () => {
    const queue = { kind: 'riskAverse' } as const;
    const { whole, found, cuts } = withOwnPriceTradeCuts(queue);
    expect(found, 'recorded trades at own resting prices').toBeGreaterThan(10);
    expectSameAsWhole(queue, cuts, whole);
  });

  // The snapshot keeps the lots traded at own prices since their level changed: the
  // probabilistic model subtracts them from the next shrink before drawing cancellations.
  it('continues exactly as the uninterrupted run right after trades at own prices (probabilistic queue)', () => {
    const queue = PROB(5);
    const { whole, found, cuts } = withOwnPriceTradeCuts(queue);
    expect(found, 'recorded trades at own resting prices').toBeGreaterThan(10);
    expectSameAsWhole(queue, cuts, whole);
  });

  // By hand: a buy joins behind 1 BTC at 60,000; 0.3 BTC trades there; snapshot;
  // then the recorded level shows 0.7 BTC (what the trade left). Nothing was cancelled, so
  // 0.7 BTC is still ahead — in the restored engine too.
  it('a restored engine keeps the queue place of an order whose price just traded (probabilistic queue)', () => {
    const queueOptions: ExchangeOptions = { instruments: instrumentsFor(['BTCUSDT']), startTime: 1_000, queue: PROB(3) };
    const original = new Exchange(queueOptions);
    original.addAccount({ userId: 'u1', kind: 'UTA', demo: true }, { USDT: amount('100000') });
    const feed = (ex: Exchange, e: MarketEvent) => ex.onMarket(e, e.t);
    feed(original, { t: 1_001, seq: 1, ch: 'snapshot', msg: { s: 'BTCUSDT', b: [[6_000_000, 1_000_000], [5_999_900, 2_000_000]], a: [[6_000_100, 1_000_000]] } });
    expect(original.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', price: '60000', qty: '0.1' }, 1_002).ok).toBe(true);
    feed(original, { t: 1_003, seq: 2, ch: 'trade', msg: { s: 'BTCUSDT', id: 1, p: 6_000_000, q: 300_000, m: false } });
    const restored = restoreExchange(queueOptions, JSON.parse(JSON.stringify(snapshotExchange(original))) as ExchangeSnapshot);
    const shrink: MarketEvent = { t: 1_004, seq: 3, ch: 'book', msg: { s: 'BTCUSDT', b: [[6_000_000, 700_000]], a: [] } };
    feed(original, shrink);
    feed(restored, shrink);
    expect(original.openOrders('u1')[0]!.queueAhead).toBe(700_000);
    expect(restored.openOrders('u1')[0]!.queueAhead).toBe(700_000);
  });

  it('restoring garbage throws a clear error', () => {
    const opts = options({ kind: 'riskAverse' });
    const garbage: unknown[] = [null, 'snapshot', 42, {}, [], { format: 'exchange-snapshot', version: 2 }, { format: 'session', version: 1 }];
    for (const g of garbage) expect(() => restoreExchange(opts, g as ExchangeSnapshot), json(g)).toThrow(/exchange snapshot/);
  });

  // A stored snapshot cut short or damaged must be refused by name, never restored into
  // an engine with undefined counters (new orders would all get the id "…NaN").
  it('restoring a snapshot with a good header but a missing or damaged body throws a clear error', () => {
    const ex = newExchange({ kind: 'riskAverse' });
    drive(ex, 0, 200);
    const good = JSON.parse(JSON.stringify(snapshotExchange(ex))) as Record<string, unknown>;
    const damaged = [
      ...['orderSeq', 'time', 'orders', 'ledger', 'books'].map((key) => Object.fromEntries(Object.entries(good).filter(([k]) => k !== key))),
      { ...good, time: 'soon' },
      { ...good, resting: ['no such order'] },
    ];
    for (const d of damaged) expect(() => restoreExchange(options({ kind: 'riskAverse' }), d as unknown as ExchangeSnapshot)).toThrow(/snapshot/);
  });
});
