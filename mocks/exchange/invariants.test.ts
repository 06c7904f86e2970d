// @vitest-environment node
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits } from '../../src/domain/units';
import type { MarketEvent } from '../market/types';
import { Exchange, type ExchangeOptions } from './exchange';
import { checkInvariants, conservation, holdings } from './invariants';
import { amount, instrumentsFor } from './testKit';
import { journaledRows } from '../runtime/changeSaveKit';
import { PLAN, type Fill, type OrderRequest, type PlanType, type Result, type Side, type Slippage } from './types';

/**
 * Property tests of the balance invariants: random market streams (snapshots,
 * book deltas, trades around a drifting mid, the odd gap) interleaved with
 * random calls of three accounts on BTCUSDT and ETHBTC (ETHBTC mixes BTC in as
 * a quote token). The invariant checker runs after every event and call;
 * value conservation against the fill events at the end. Shrinkable (the
 * steps are plain data), seeded.
 */

type Sym = 'BTCUSDT' | 'ETHBTC';
type User = 'u1' | 'u2' | 'u3';

/** Per symbol: start mid (ticks), the grid the generator prices on (ticks), and order / level sizes (lots). */
const MARKETS: Record<Sym, { mid: number; step: number; minLots: number; maxLots: number; levelLot: number; valueStep: string }> = {
  // 60,000.00 USDT, levels 0.50 apart; orders 0.00004–0.3 BTC; levels in 0.01 BTC
  BTCUSDT: { mid: 6_000_000, step: 50, minLots: 40, maxLots: 300_000, levelLot: 10_000, valueStep: '0.01' },
  // 0.050000 BTC, levels 0.000005 apart; orders 0.002–20 ETH; levels in 0.1 ETH
  ETHBTC: { mid: 50_000, step: 5, minLots: 2, maxLots: 20_000, levelLot: 100, valueStep: '0.00001' },
};

type Step = { dt: number } & (
  | { k: 'snapshot'; sym: Sym; drift: number; bids: number[]; asks: number[] }
  | { k: 'book'; sym: Sym; drift: number; changes: Array<{ bid: boolean; level: number; size: number }> }
  | { k: 'trade'; sym: Sym; off: number; size: number; buyerIsTaker: boolean }
  | { k: 'gap'; sym: Sym }
  | { k: 'wait' }
  | { k: 'limit'; user: User; sym: Sym; side: Side; tif: 'GTC' | 'IOC' | 'FOK' | 'PostOnly'; off: number; jitter: number; lots: number; cid: string | null }
  | { k: 'market'; user: User; sym: Sym; side: Side; byValue: boolean; lots: number; valueSteps: number; slippage: Slippage | null }
  | { k: 'plan'; user: User; sym: Sym; side: Side; plan: 'conditional' | 'stopLimit' | 'tpsl' | 'trailing' | 'oco'; market: boolean; off: number; off2: number; lots: number; pct: boolean; dist: number }
  | { k: 'modify'; user: User; pick: number; off: number | null; lots: number | null; trig: number | null }
  | { k: 'cancel'; user: User; pick: number }
  | { k: 'cancelAll'; user: User; syms: Sym[]; plan: boolean; planTypes: PlanType[] }
);

const sym = fc.constantFrom<Sym>('BTCUSDT', 'BTCUSDT', 'BTCUSDT', 'ETHBTC');
const user = fc.constantFrom<User>('u1', 'u2', 'u3');
const side = fc.constantFrom<Side>('Buy', 'Sell');
const sizes = fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 8 });
const lotsArb = fc.integer({ min: 0, max: 1000 });

const stepArb: fc.Arbitrary<Step> = fc
  .tuple(
    fc.integer({ min: 0, max: 400 }),
    fc.oneof(
      { weight: 2, arbitrary: fc.record({ k: fc.constant('snapshot' as const), sym, drift: fc.integer({ min: -3, max: 3 }), bids: sizes, asks: sizes }) },
      {
        weight: 5,
        arbitrary: fc.record({
          k: fc.constant('book' as const), sym, drift: fc.integer({ min: -2, max: 2 }),
          changes: fc.array(fc.record({ bid: fc.boolean(), level: fc.integer({ min: 1, max: 8 }), size: fc.integer({ min: 0, max: 200 }) }), { maxLength: 4 }),
        }),
      },
      { weight: 6, arbitrary: fc.record({ k: fc.constant('trade' as const), sym, off: fc.integer({ min: -5, max: 5 }), size: fc.integer({ min: 1, max: 150 }), buyerIsTaker: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('gap' as const), sym }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('wait' as const) }) },
      {
        weight: 6,
        arbitrary: fc.record({
          k: fc.constant('limit' as const), user, sym, side, tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'PostOnly'),
          off: fc.integer({ min: -6, max: 6 }), jitter: fc.constantFrom(0, 0, 0, 1, -1), lots: lotsArb, cid: fc.option(fc.constantFrom('a', 'b', 'c'), { freq: 4 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          k: fc.constant('market' as const), user, sym, side, byValue: fc.boolean(), lots: lotsArb, valueSteps: fc.integer({ min: 1, max: 1000 }),
          slippage: fc.option(fc.oneof(
            fc.record({ kind: fc.constant('ticks' as const), value: fc.integer({ min: 1, max: 300 }) }),
            fc.record({ kind: fc.constant('percent' as const), value: fc.constantFrom('0.01', '0.05', '0.5', '2') }),
          )),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          k: fc.constant('plan' as const), user, sym, side, plan: fc.constantFrom('conditional', 'stopLimit', 'tpsl', 'trailing', 'oco'),
          market: fc.boolean(), off: fc.integer({ min: -6, max: 6 }), off2: fc.integer({ min: -6, max: 6 }), lots: lotsArb, pct: fc.boolean(), dist: fc.integer({ min: 1, max: 6 }),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          k: fc.constant('modify' as const), user, pick: fc.nat(20),
          off: fc.option(fc.integer({ min: -6, max: 6 })), lots: fc.option(lotsArb), trig: fc.option(fc.integer({ min: -6, max: 6 })),
        }),
      },
      { weight: 2, arbitrary: fc.record({ k: fc.constant('cancel' as const), user, pick: fc.nat(20) }) },
      {
        weight: 1,
        arbitrary: fc.record({
          k: fc.constant('cancelAll' as const), user, syms: fc.subarray<Sym>(['BTCUSDT', 'ETHBTC']), plan: fc.boolean(),
          planTypes: fc.subarray<PlanType>([PLAN.CONDITIONAL, PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT, PLAN.STOP_LIMIT, PLAN.OCO, PLAN.TPSL]),
        }),
      },
    ),
  )
  .map(([dt, s]) => ({ dt, ...s }) as Step);

const scenarioArb = fc.record({
  latencyMs: fc.constantFrom(0, 0, 120),
  probabilistic: fc.boolean(),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 150, size: 'max' }),
});

/** Lots from the generator's 0–1000 scale: 0 and 1 fall under the minimum, so refusals come up too. */
function orderLots(s: Sym, n: number): number {
  const m = MARKETS[s];
  return n <= 1 ? n * m.minLots : m.minLots + Math.round(((m.maxLots - m.minLots) * n * n) / 1_000_000);
}

/** Open limit orders lock exactly what their rest needs (a fired OCO leg gives back the pair's larger lock). */
const EXACT = true;
/** What the generated streams reached, over all runs: the property is only as good as this. */
const seen = new Set<string>();
const outcomes = new Map<string, number>();
const note = (what: string, r: Result<unknown>) => {
  const key = r.ok ? `${what} ok` : `${what} ${r.error.code}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
};

function run(scenario: { latencyMs: number; probabilistic: boolean; steps: Step[] }): void {
  const instruments = instrumentsFor(['BTCUSDT', 'ETHBTC']);
  const options: ExchangeOptions = {
    instruments, startTime: 1_000, latencyMs: scenario.latencyMs,
    queue: scenario.probabilistic ? { kind: 'probabilistic', seed: 7 } : { kind: 'riskAverse' },
  };
  const ex = new Exchange(options);
  const fills: Fill[] = [];
  ex.subscribe((e) => {
    if (e.type === 'fill') {
      fills.push(e.fill);
      seen.add(e.fill.isMaker ? 'maker fill' : 'taker fill');
    }
    if (e.type === 'order') seen.add(`${e.order.planType} ${e.order.orderType} ${e.order.status}`);
  });
  // u2 may place OCO (not demo); u3 is a classic account, so its trailing orders are refused.
  ex.addAccount({ userId: 'u1', kind: 'UTA', demo: true }, { USDT: amount('100000'), BTC: amount('2'), ETH: amount('20') });
  ex.addAccount({ userId: 'u2', kind: 'UTA', demo: false }, { USDT: amount('20000'), BTC: amount('0.5'), ETH: amount('5') });
  ex.addAccount({ userId: 'u3', kind: 'CLASSIC', demo: true }, { USDT: amount('5000'), BTC: amount('0.1') });
  const initial = holdings(ex);
  // Every step also proves the change journal told every change: rows saved from it equal the engine's state.
  const kept = journaledRows(ex);
  const mids: Record<Sym, number> = { BTCUSDT: MARKETS.BTCUSDT.mid, ETHBTC: MARKETS.ETHBTC.mid };
  let t = 1_000;
  let seq = 0;

  const price = (s: Sym, ticks: number) => fromUnits(Math.max(1, ticks), instruments.find((i) => i.symbol === s)!.tick);
  const qty = (s: Sym, lots: number) => fromUnits(lots, instruments.find((i) => i.symbol === s)!.lot);
  const at = (s: Sym, off: number) => mids[s] + off * MARKETS[s].step;
  const market = (event: Omit<MarketEvent, 't' | 'seq'>) => ex.onMarket({ ...event, t, seq: ++seq } as MarketEvent, t);
  const level = (s: Sym, bid: boolean, k: number, size: number): [number, number] => [at(s, bid ? -k : k), size * MARKETS[s].levelLot];
  const open = (u: User) => [...ex.openOrders(u), ...ex.openOrders(u, { plan: true })];

  // An opening book on both pairs, so most calls meet a market (the steps may still gap it away).
  for (const s of ['BTCUSDT', 'ETHBTC'] as const) {
    const sides = (bid: boolean) => [1, 2, 3, 4].map((k) => level(s, bid, k, 20 * k));
    market({ ch: 'snapshot', msg: { s, b: sides(true), a: sides(false) } });
  }

  for (const [i, step] of scenario.steps.entries()) {
    t += step.dt;
    switch (step.k) {
      case 'snapshot':
        mids[step.sym] += step.drift * MARKETS[step.sym].step;
        market({ ch: 'snapshot', msg: { s: step.sym, b: step.bids.map((q, k) => level(step.sym, true, k + 1, q)), a: step.asks.map((q, k) => level(step.sym, false, k + 1, q)) } });
        break;
      case 'book': {
        mids[step.sym] += step.drift * MARKETS[step.sym].step;
        const b = step.changes.filter((c) => c.bid).map((c) => level(step.sym, true, c.level, c.size));
        const a = step.changes.filter((c) => !c.bid).map((c) => level(step.sym, false, c.level, c.size));
        market({ ch: 'book', msg: { s: step.sym, b, a } });
        break;
      }
      case 'trade':
        market({ ch: 'trade', msg: { s: step.sym, id: seq + 1, p: at(step.sym, step.off), q: step.size * MARKETS[step.sym].levelLot / 10, m: step.buyerIsTaker } });
        break;
      case 'gap':
        market({ ch: 'gap', msg: { s: step.sym, reason: 'test' } });
        break;
      case 'wait':
        ex.advance(t);
        break;
      case 'limit':
        note(step.k, ex.create(step.user, {
          symbol: step.sym, side: step.side, orderType: 'Limit', timeInForce: step.tif, price: price(step.sym, at(step.sym, step.off) + step.jitter),
          qty: qty(step.sym, orderLots(step.sym, step.lots)), ...(step.cid ? { clientOrderId: step.cid } : {}),
        }, t));
        break;
      case 'market': {
        const value = fromUnits(step.valueSteps * step.valueSteps * 3, MARKETS[step.sym].valueStep);
        note(step.k, ex.create(step.user, {
          symbol: step.sym, side: step.side, orderType: 'Market', marketUnit: step.byValue ? 'quoteCoin' : 'baseCoin',
          qty: step.byValue ? value : qty(step.sym, orderLots(step.sym, step.lots)), ...(step.slippage ? { slippage: step.slippage } : {}),
        }, t));
        break;
      }
      case 'plan':
        note(`${step.k} ${step.plan}`, ex.create(step.user, planRequest(step, (off) => at(step.sym, off), price, qty), t));
        break;
      case 'modify': {
        const orders = open(step.user);
        const o = orders[step.pick % Math.max(1, orders.length)];
        if (!o) break;
        const s = o.symbol as Sym;
        note(step.k, ex.modify(step.user, {
          orderId: o.orderId,
          ...(step.off !== null ? { price: price(s, at(s, step.off)) } : {}),
          ...(step.lots !== null ? { qty: qty(s, orderLots(s, step.lots)) } : {}),
          ...(step.trig !== null ? (o.trailingValue || o.trailingBps ? { trailingValue: price(s, Math.abs(step.trig) * MARKETS[s].step + 1) } : { triggerPrice: price(s, at(s, step.trig)) }) : {}),
        }, t));
        break;
      }
      case 'cancel': {
        const orders = open(step.user);
        const o = orders[step.pick % Math.max(1, orders.length)];
        if (o) ex.cancel(step.user, { orderId: o.orderId }, t);
        break;
      }
      case 'cancelAll':
        ex.cancelAll(step.user, { symbols: step.syms, kind: step.plan ? 'plan' : 'ordinary', planTypes: step.planTypes }, t);
        break;
    }
    const problems = checkInvariants(ex, { exactLocks: EXACT });
    if (problems.length > 0) throw new Error(`after step ${i} (${JSON.stringify(step)}): ${problems.join('; ')}`);
    kept.save();
    const { stored, engine } = kept.compare();
    expect(stored, `saved from the journal, after step ${i} (${JSON.stringify(step)})`).toEqual(engine);
  }

  // Everything cancelled: nothing may stay locked.
  t += 1;
  for (const u of ['u1', 'u2', 'u3'] as const) {
    ex.cancelAll(u, {}, t);
    ex.cancelAll(u, { kind: 'plan' }, t);
  }
  const problems = [...checkInvariants(ex, { exactLocks: EXACT }), ...conservation(initial, fills, holdings(ex), instruments)];
  for (const u of ['u1', 'u2', 'u3']) {
    for (const line of ex.balances(u)) if (line.locked !== 0n) problems.push(`${u} ${line.token}: ${line.locked} locked with every order cancelled`);
  }
  if (problems.length > 0) throw new Error(`at the end: ${problems.join('; ')}`);
}

function planRequest(
  step: Extract<Step, { k: 'plan' }>,
  mid: (off: number) => number,
  price: (s: Sym, ticks: number) => string,
  qty: (s: Sym, lots: number) => string,
): OrderRequest {
  const s = step.sym;
  const m = MARKETS[s];
  const base = { symbol: s, side: step.side, qty: qty(s, orderLots(s, step.lots)) };
  // Triggers around the current mid: the drifting market reaches some of them, from either side.
  const trigger = mid(step.off);
  const limit = trigger + step.off2 * m.step;
  switch (step.plan) {
    case 'conditional':
      return { ...base, planType: PLAN.CONDITIONAL, orderType: step.market ? 'Market' : 'Limit', triggerPrice: price(s, trigger), ...(step.market ? {} : { price: price(s, limit) }) };
    case 'stopLimit':
      return { ...base, planType: PLAN.STOP_LIMIT, orderType: 'Limit', triggerPrice: price(s, trigger), price: price(s, limit) };
    case 'tpsl':
      return { ...base, planType: PLAN.TPSL, orderType: step.market ? 'Market' : 'Limit', triggerPrice: price(s, trigger), ...(step.market ? {} : { price: price(s, limit) }) };
    case 'trailing':
      return {
        ...base, planType: PLAN.TRAILING_STOP, orderType: 'Market', marketUnit: 'baseCoin',
        ...(step.market ? {} : { activationPrice: price(s, trigger) }),
        ...(step.pct ? { trailingPercentage: ['0.1', '0.25', '0.5', '1'][step.dist % 4]! } : { trailingValue: price(s, step.dist * m.step) }),
      };
    case 'oco': {
      // A sell takes profit above the market and stops the loss below; a buy the other way round.
      const up = mid(Math.abs(step.off) + 1);
      const down = mid(-Math.abs(step.off2) - 1);
      const [tp, sl] = step.side === 'Sell' ? [up, down] : [down, up];
      const leg = (trig: number) => (step.market ? { triggerPrice: price(s, trig), orderType: 'Market' as const } : { triggerPrice: price(s, trig), orderType: 'Limit' as const, price: price(s, trig) });
      return { ...base, orderType: 'Limit', oco: { takeProfit: leg(tp), stopLoss: leg(sl) } };
    }
  }
}

describe('exchange balance invariants over random streams', () => {
  it('hold after every market event and call, and value is conserved up to the fees', () => {
    fc.assert(fc.property(scenarioArb, (scenario) => run(scenario)), { seed: 20240808, numRuns: 150 });
    // The streams must reach what the invariants are about, or passing means little.
    for (const what of ['maker fill', 'taker fill', '-1 Limit PartiallyFilled', '-1 Limit PartiallyFilledCanceled', '-1 Market PartiallyFilledCanceled', '1 Market Rejected']) {
      expect(seen).toContain(what);
    }
    for (const plan of [1, 5, 8, 10, 11]) expect([...seen].some((k) => k.startsWith(`${plan} `) && k.endsWith(' Triggered'))).toBe(true);
    for (const what of ['limit ok', 'market ok', 'modify ok', 'plan oco ok', 'plan trailing ok', 'plan conditional ok']) expect(outcomes.get(what) ?? 0).toBeGreaterThan(20);
  }, 30_000);

  it('the checker itself catches a lock no order explains, and conservation a balance that moved without a fill', () => {
    // Guards the guards: a checker that cannot fail would make the property above meaningless.
    const instruments = instrumentsFor(['BTCUSDT']);
    const ex = new Exchange({ instruments, startTime: 1_000 });
    ex.addAccount({ userId: 'u1', kind: 'UTA', demo: true }, { USDT: amount('1000') });
    const before = holdings(ex);
    expect(checkInvariants(ex)).toEqual([]);
    ex.ledger.lock('u1', 'USDT', amount('10'));
    expect(checkInvariants(ex)).toEqual([expect.stringContaining('u1 USDT: locked 10000000000000000000, open orders hold 0')]);
    ex.credit('u1', 'USDT', amount('1'));
    expect(conservation(before, [], holdings(ex), instruments)).toEqual([expect.stringContaining('u1 USDT')]);
  });
});

describe('exchange locks after an OCO leg fires', () => {
  // The fired leg's order locks its own price × qty; the rest of the pair's larger lock is free again at once.
  it('a buy OCO whose take-profit fires locks only what its limit order needs', () => {
    const instruments = instrumentsFor(['BTCUSDT']);
    const ex = new Exchange({ instruments, startTime: 1_000 });
    ex.addAccount({ userId: 'u2', kind: 'UTA', demo: false }, { USDT: amount('10000') });
    const px = (p: number) => Math.round(p * 100);
    ex.onMarket({ t: 1_001, seq: 1, ch: 'snapshot', msg: { s: 'BTCUSDT', b: [[px(59_999.5), 1_000_000]], a: [[px(60_000.5), 1_000_000]] } }, 1_001);
    ex.onMarket({ t: 1_002, seq: 2, ch: 'trade', msg: { s: 'BTCUSDT', id: 1, p: px(60_000), q: 1_000, m: true } }, 1_002);
    const placed = ex.create('u2', {
      symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01',
      oco: { takeProfit: { triggerPrice: '59900', orderType: 'Limit', price: '59900' }, stopLoss: { triggerPrice: '60100', orderType: 'Limit', price: '60100' } },
    }, 1_003);
    expect(placed.ok).toBe(true);
    // A seller prints at the take-profit trigger: the leg fires and its buy at 59,900 rests below the asks.
    ex.onMarket({ t: 1_004, seq: 3, ch: 'trade', msg: { s: 'BTCUSDT', id: 2, p: px(59_900), q: 1_000, m: false } }, 1_004);
    const child = ex.openOrders('u2')[0]!;
    expect(child.price).toBe(px(59_900));
    expect(ex.balances('u2').find((l) => l.token === 'USDT')!.locked).toBe(amount('599'));
    expect(checkInvariants(ex)).toEqual([]);
  });
});
