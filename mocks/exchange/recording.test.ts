// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { fromUnits } from '../../src/domain/units';
import { describeWithSharedData, sharedDataFile } from '../../tests/support/sharedData';
import { createBinanceImporter } from '../market/importers/binance';
import { fileLines } from '../market/session/node-io';
import type { DraftEvent } from '../market/session/writer';
import type { MarketEvent } from '../market/types';
import { Exchange } from './exchange';
import { checkInvariants, conservation, holdings } from './invariants';
import { amount, instrumentsFor } from './testKit';
import { PLAN, type Fill, type Order, type OrderRequest, type Side } from './types';
import { Audit, SPEC } from './recordingAudit';

/**
 * A scripted trading session on the real Binance BTCUSDT recording (read from
 * ../shared/data at test time, never stored here): limits at and near the
 * touch on both sides, market orders, marketable limits, IOC / FOK /
 * PostOnly, stops, TP/SL, OCO and trailing stops, placed at fixed replay
 * times. Every fill is audited against the recording as it happens
 * (recordingAudit.ts says how).
 * The whole file is 5.8 minutes (about 13,000 events); it imports in 1–4 s.
 */
const FILE = 'binance-spot-btcusdt-20240808.raw.gz';
const USER = 'trader';

const price = (ticks: number) => fromUnits(ticks, SPEC.tick);
const qty = (lots: number) => fromUnits(lots, SPEC.lot);
const USD = 100; // ticks in one USDT

describeWithSharedData('exchange engine on the real BTCUSDT recording', () => {
  let events: MarketEvent[] = [];
  let importMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    const importer = createBinanceImporter({ instruments: [SPEC] });
    const drafts: DraftEvent[] = [];
    let line = 0;
    for await (const text of fileLines(sharedDataFile(FILE))) drafts.push(...importer.push(text, ++line));
    drafts.push(...importer.finish());
    events = drafts.map((d, i) => ({ ...d, seq: i + 1 }) as MarketEvent);
    importMs = performance.now() - started;
  }, 60_000);

  it('fills only at prices the recording traded or showed, after the queue ahead', () => {
    const instruments = instrumentsFor(['BTCUSDT']);
    const ex = new Exchange({ instruments, startTime: events[0]!.t });
    ex.attachSession([SPEC]);
    // Not demo and unified: OCO and trailing orders are allowed.
    ex.addAccount({ userId: USER, kind: 'UTA', demo: false }, { USDT: amount('1000000'), BTC: amount('20') });
    const initial = holdings(ex);
    const audit = new Audit();
    ex.subscribe((e) => {
      if (e.type === 'fill') audit.onFill(e.fill);
      else if (e.type === 'order') audit.onOrder(e.order);
      else if (e.type === 'trade') audit.onTrade();
    });

    const start = events.find((e) => e.ch === 'snapshot')!.t;
    const end = events.at(-1)!.t;
    const script = buildScript(start, end);
    const placed = { ok: 0, refused: new Map<number, number>() };
    const roles = new Map<string, string>();
    const call = (at: number, role: string, req: OrderRequest) => {
      audit.context = { kind: 'call', at };
      const r = ex.create(USER, req, at);
      if (r.ok) {
        placed.ok += 1;
        roles.set(role, r.value.orderId);
      } else {
        placed.refused.set(r.error.code, (placed.refused.get(r.error.code) ?? 0) + 1);
      }
    };
    const invariantProblems: string[] = [];
    const checkNow = (where: string) => {
      const p = checkInvariants(ex);
      if (p.length > 0 && invariantProblems.length < 5) invariantProblems.push(`${where}: ${p.join('; ')}`);
    };

    let next = 0;
    for (const event of events) {
      while (next < script.length && script[next]!.at < event.t) {
        const action = script[next++]!;
        const bid = audit.book.bestBid();
        const ask = audit.book.bestAsk();
        const last = audit.lastPrice;
        if (bid === undefined || ask === undefined || last === null) continue;
        action.run({ bid, ask, last, at: action.at, call, roles, ex, audit });
        checkNow(`after the call at +${action.at - start} ms`);
      }
      audit.beforeEvent(event);
      ex.onMarket(event, event.t);
      audit.afterEvent(event);
      checkNow(`after event ${event.seq} (${event.ch})`);
    }
    audit.context = { kind: 'call', at: end + 1 };
    ex.cancelAll(USER, {}, end + 1);
    ex.cancelAll(USER, { kind: 'plan' }, end + 1);
    audit.flush();

    // The summary belongs in the log whether the test passes or not.
    const orders = ex.orderHistory(USER);
    const ordinary = orders.filter((o) => o.planType === PLAN.ORDINARY);
    const filledOrders = ordinary.filter((o) => o.executedQty > 0);
    const maker = audit.fills.filter((f) => f.isMaker).length;
    // Orders that joined behind a recorded queue and later filled at their price (not through it).
    const behind = audit.queues.filter((q) => q.joined > 0 && q.firstFillAfter !== null);
    const waited = behind.map((q) => q.firstFillAfter! / q.joined);
    const range = (xs: number[]) => (xs.length ? `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}` : '-');
    const triggered = orders.filter((o) => o.status === 'Triggered');
    // oxlint-disable-next-line no-console
    console.log([
      `recording ${FILE}: ${events.length} events over ${((end - events[0]!.t) / 60_000).toFixed(1)} min, imported in ${importMs.toFixed(0)} ms`,
      `orders: ${placed.ok} placed, ${[...placed.refused].map(([c, n]) => `${n} refused ${c}`).join(', ') || 'none refused'}; ${triggered.length} plans triggered`,
      `fills: ${audit.fills.length} (${maker} maker, ${audit.fills.length - maker} taker); fill rate ${filledOrders.length}/${ordinary.length} ordinary orders (${((100 * filledOrders.length) / Math.max(1, ordinary.length)).toFixed(0)} %)`,
      `queues: ${audit.queues.length} joined; ${behind.length} that joined behind recorded volume filled at their price once the recording had traded ${range(waited)}× that volume there (less where the level shrank)`,
      `trades between own orders: ${audit.userMatches}`,
      `audit problems: ${audit.problems.length}`,
    ].join('\n'));

    expect(audit.problems).toEqual([]);
    expect(invariantProblems).toEqual([]);
    expect(conservation(initial, audit.fills, holdings(ex), instruments)).toEqual([]);
    for (const line of ex.balances(USER)) expect(line.locked).toBe(0n);

    // The session must reach what is audited, or passing means little.
    expect(audit.fills.length).toBeGreaterThan(50);
    expect(maker).toBeGreaterThan(10);
    expect(audit.fills.length - maker).toBeGreaterThan(10);
    const planTypes = new Set(triggered.map((o) => o.planType));
    for (const t of [PLAN.CONDITIONAL, PLAN.STOP_LIMIT, PLAN.OCO]) expect(planTypes).toContain(t);
    expect(planTypes.has(PLAN.TRAILING_STOP) || planTypes.has(PLAN.TRAILING_PROFIT)).toBe(true);
    // Some orders joined behind recorded volume and filled at their price, so the queue bound above was exercised.
    expect(behind.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the recording audit itself', () => {
  // Guards the guard: each rule above must be able to fail.
  const fill = (over: Partial<Fill>): Fill => ({
    tradeId: 't', orderId: 'o1', userId: USER, symbol: SPEC.symbol, side: 'Buy', price: 6_000_000, qty: 100,
    value: 0n, fee: 0n, feeToken: 'BTC', isMaker: false, time: 10, ...over,
  });
  const opened = () => {
    const audit = new Audit();
    audit.beforeEvent({ t: 10, seq: 1, ch: 'snapshot', msg: { s: SPEC.symbol, b: [[5_999_900, 500]], a: [[6_000_000, 500], [6_000_100, 500]] } });
    audit.context = { kind: 'call', at: 10 };
    return audit;
  };

  it('flags taker fills off the book, beyond a level, or skipping a better level', () => {
    const audit = opened();
    audit.onFill(fill({ price: 6_000_050 }));
    audit.onFill(fill({ qty: 600 }));
    expect(audit.problems).toEqual([expect.stringContaining('not on the recorded book'), expect.stringContaining('took 600 lots of the 500')]);
    const fresh = opened();
    fresh.onFill(fill({ price: 6_000_100, qty: 10 }));
    expect(fresh.problems).toEqual([expect.stringContaining('a better recorded level 60000.00 still had 500 lots')]);
  });

  it('flags maker fills no trade reaches, beyond a trade, or ahead of the queue', () => {
    const audit = opened();
    audit.onOrder({ orderId: 'o1', planType: PLAN.ORDINARY, orderType: 'Limit', status: 'New', side: 'Buy', price: 5_999_900 } as Order);
    const trade = (p: number, q: number, m: boolean): MarketEvent => ({ t: 11, seq: 2, ch: 'trade', msg: { s: SPEC.symbol, id: 1, p, q, m } });
    audit.beforeEvent(trade(5_999_950, 50, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, time: 11 }));
    audit.beforeEvent(trade(5_999_900, 550, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, qty: 100, time: 11 }));
    audit.afterEvent(trade(5_999_900, 550, false));
    audit.beforeEvent(trade(5_999_800, 20, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, qty: 30, time: 11 }));
    // The engine prints each fill with the recording on the tape: that judges it.
    audit.onTrade();
    expect(audit.problems).toEqual([
      expect.stringContaining('does not reach it'),
      expect.stringContaining('still ahead'),
      expect.stringContaining("exceed the recorded trade's 20"),
    ]);
  });
});

interface ActionContext {
  bid: number;
  ask: number;
  last: number;
  at: number;
  call: (at: number, role: string, req: OrderRequest) => void;
  roles: Map<string, string>;
  ex: Exchange;
  audit: Audit;
}

interface Action {
  at: number;
  run: (c: ActionContext) => void;
}

const limit = (side: Side, ticks: number, lots: number, timeInForce: OrderRequest['timeInForce'] = 'GTC'): OrderRequest => ({
  symbol: SPEC.symbol, side, orderType: 'Limit', timeInForce, price: price(ticks), qty: qty(lots),
});

/** Every 20 s of replay: a round of orders priced from the book and last trade at that moment. */
function buildScript(start: number, end: number): Action[] {
  const actions: Action[] = [];
  for (let k = 0, t0 = start + 5_000; t0 + 15_000 < end; k++, t0 += 20_000) {
    const r = (name: string) => `${name}#${k}`;
    actions.push({
      at: t0,
      run: ({ bid, ask, at, call }) => {
        // Join the queues at the touch, and wait a little behind it.
        call(at, r('bidQueue'), limit('Buy', bid, 20_000));
        call(at, r('askQueue'), limit('Sell', ask, 20_000));
        call(at, r('bidBelow'), limit('Buy', bid - 5 * USD, 10_000));
        call(at, r('askAbove'), limit('Sell', ask + 5 * USD, 10_000));
      },
    });
    actions.push({
      at: t0 + 2_000,
      run: ({ at, call }) => {
        call(at, r('marketBuy'), { symbol: SPEC.symbol, side: 'Buy', orderType: 'Market', qty: '500' });
        call(at, r('marketSell'), { symbol: SPEC.symbol, side: 'Sell', orderType: 'Market', qty: qty(5_000), slippage: { kind: 'percent', value: '0.05' } });
      },
    });
    actions.push({
      at: t0 + 4_000,
      run: ({ bid, ask, at, call }) => {
        // Marketable: sweep the touch and rest the rest (GTC) or drop it (IOC); FOK all or nothing.
        if (k % 2 === 0) call(at, r('sweepBuy'), limit('Buy', ask + USD, 500_000));
        else call(at, r('sweepSell'), limit('Sell', bid - USD, 500_000, 'IOC'));
        call(at, r('fok'), limit(k % 2 === 0 ? 'Sell' : 'Buy', k % 2 === 0 ? bid : ask, 10_000, 'FOK'));
      },
    });
    actions.push({
      at: t0 + 6_000,
      run: ({ ask, at, call }) => {
        call(at, r('postTake'), limit('Buy', ask, 10_000, 'PostOnly'));
        call(at, r('postRest'), limit('Sell', ask + 1, 10_000, 'PostOnly'));
      },
    });
    actions.push({
      at: t0 + 8_000,
      run: ({ last, at, call }) => {
        const base = { symbol: SPEC.symbol, qty: qty(10_000) };
        if (k % 2 === 0) {
          call(at, r('stop'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.CONDITIONAL, triggerPrice: price(last - 10 * USD) });
          call(at, r('stopLimit'), { ...base, side: 'Buy', orderType: 'Limit', planType: PLAN.STOP_LIMIT, triggerPrice: price(last + 10 * USD), price: price(last + 15 * USD) });
          call(at, r('tpsl'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.TPSL, triggerPrice: price(last + 8 * USD) });
        } else {
          call(at, r('trailSell'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.TRAILING_STOP, trailingValue: '5' });
          call(at, r('trailBuy'), { symbol: SPEC.symbol, qty: '300', side: 'Buy', orderType: 'Market', planType: PLAN.TRAILING_STOP, activationPrice: price(last - 5 * USD), trailingValue: '3' });
        }
        if (k % 3 === 0) {
          call(at, r('oco'), {
            ...base, side: 'Sell', orderType: 'Limit',
            oco: { takeProfit: { triggerPrice: price(last + 10 * USD), orderType: 'Limit', price: price(last + 10 * USD) }, stopLoss: { triggerPrice: price(last - 10 * USD), orderType: 'Market' } },
          });
        }
      },
    });
    actions.push({
      at: t0 + 12_000,
      run: ({ ask, at, ex, roles, audit }) => {
        // Re-price the ask that joined the queue to the touch now (back of that queue); drop the bid below.
        audit.context = { kind: 'call', at };
        const askQueue = roles.get(r('askQueue'));
        if (askQueue) ex.modify(USER, { orderId: askQueue, price: price(ask) }, at);
        const below = roles.get(r('bidBelow'));
        if (below) ex.cancel(USER, { orderId: below }, at);
      },
    });
  }
  return actions;
}
