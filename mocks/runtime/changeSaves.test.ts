/**
 * Saves given as changes (the engine's journal, issue 31) must keep the
 * records equal to the whole state: after every step of a seeded random
 * workload (orders placed, modified, cancelled, filled by the market and by
 * each other, plan orders triggered, history trimmed, accounts reset, top-ups,
 * day quotas), the rows
 * rebuilt into a snapshot equal the engine's own snapshot. A mutation the
 * journal misses shows up here as a difference, with the step that made it.
 */
import { describe, expect, it } from 'vitest';
import { PLAN, snapshotChanges } from '../exchange';
import { amount, harness, instrumentsFor, type Harness } from '../exchange/testKit';
import { seededRandom } from '../server/crashKit';
import { journaledRows } from './changeSaveKit';
import { WholeSaveNeeded } from './exchangePersistence';
import { planChanges, snapshotRows, type Rows } from './recordRows';

const USERS = ['u1', 'u2', 'u3'];

function market(historyLimit: number): Harness {
  const instruments = instrumentsFor(['BTCUSDT'], { BTCUSDT: { dailyBuyQuota: amount('1000000') } });
  const h = harness({ historyLimit, instruments });
  for (const userId of USERS.slice(1)) h.ex.addAccount({ userId, kind: 'UTA', demo: true }, { USDT: amount('100000'), BTC: amount('2') });
  h.snapshot([['59999', '1']], [['60001', '1']]);
  return h;
}

/** One random step of a trader's or the market's; answers what it did (for the failure message). */
function randomStep(h: Harness, random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const user = pick(USERS);
  const open = () => h.ex.openOrders(user);
  const roll = random();
  if (roll < 0.38) {
    const side = random() < 0.5 ? 'Buy' : 'Sell';
    const price = (60_000 + Math.round((random() - 0.5) * 8) / 2).toFixed(2);
    const tif = pick(['GTC', 'GTC', 'IOC', 'PostOnly'] as const);
    h.ex.create(user, { symbol: 'BTCUSDT', side, orderType: 'Limit', qty: '0.001', price, timeInForce: tif, clientOrderId: random() < 0.3 ? `c${Math.floor(random() * 20)}` : undefined }, h.t);
    return `${user} ${side} ${tif} at ${price}`;
  }
  if (roll < 0.46) {
    // Plan orders: they wait for a trigger on the last price, then place (or fill) their order.
    const kind = pick(['conditional', 'stopLimit', 'trailing'] as const);
    const trigger = (60_000 + Math.round((random() - 0.5) * 6)).toFixed(2);
    if (kind === 'conditional') h.ex.create(user, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: trigger, planType: PLAN.CONDITIONAL, triggerPrice: trigger }, h.t);
    else if (kind === 'stopLimit') h.ex.create(user, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '0.001', price: trigger, planType: PLAN.STOP_LIMIT, triggerPrice: trigger }, h.t);
    else h.ex.create(user, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.001', planType: PLAN.TRAILING_STOP, trailingValue: '2' }, h.t);
    return `${user} ${kind} plan at ${trigger}`;
  }
  if (roll < 0.5) {
    const order = [...open(), ...h.ex.openOrders(user, { plan: true })][0];
    if (order) h.ex.cancel(user, { orderId: order.orderId }, h.t);
    return `${user} cancels`;
  }
  if (roll < 0.58) {
    const order = open()[0];
    if (order) h.ex.modify(user, { orderId: order.orderId, qty: random() < 0.5 ? '0.002' : '0.0005', price: (60_000 + Math.round((random() - 0.5) * 6)).toFixed(2) }, h.t);
    return `${user} modifies`;
  }
  if (roll < 0.78) {
    const price = (60_000 + Math.round((random() - 0.5) * 8)).toFixed(2);
    h.trade(price, '0.01', random() < 0.5);
    return `market trades at ${price}`;
  }
  if (roll < 0.88) {
    const mid = 60_000 + Math.round((random() - 0.5) * 6);
    h.book([[(mid - 1).toFixed(2), '0.5']], [[(mid + 1).toFixed(2), '0.5']]);
    return `book moves around ${mid}`;
  }
  if (roll < 0.93) {
    h.ex.credit(user, 'USDT', amount('10'));
    return `${user} tops up`;
  }
  if (roll < 0.95) {
    h.ex.resetAccount(user, { USDT: amount('100000'), BTC: amount('2') }, h.t);
    return `${user} resets`;
  }
  if (roll < 0.97) {
    h.ex.updateAccount(user, { demo: random() < 0.5 });
    return `${user} settings`;
  }
  // Across midnight now and then: the day quota starts again.
  h.step(random() < 0.2 ? 86_400_000 : 500);
  return 'time passes';
}

describe('saves given as changes', () => {
  it.each([1, 2, 3, 4, 5, 6])('keep the rows equal to the whole state through a random workload (seed %i)', (seed) => {
    const random = seededRandom(seed);
    const h = market(4);
    const kept = journaledRows(h.ex);
    const steps: string[] = [];
    for (let n = 0; n < 600; n += 1) {
      steps.push(randomStep(h, random));
      // Several steps share a save now and then, as calls of one turn do.
      if (random() < 0.3) continue;
      kept.save();
      const { stored, engine } = kept.compare();
      expect(stored, `after step ${n}: ${steps.slice(-5).join('; ')}`).toEqual(engine);
    }
    // The workload did what it is for: orders filled, history trimmed (limit 4, kept up to 8) and accounts reset.
    expect(USERS.some((userId) => h.ex.fills(userId).length > 0)).toBe(true);
    expect(h.ex.state().orderSeq).toBeGreaterThan(h.ex.allOrders().length + 20);
    expect(steps.filter((step) => step.endsWith('resets')).length).toBeGreaterThan(0);
  });

  it('are refused by rows that hold no whole save yet, writing nothing', () => {
    const h = market(10);
    h.ex.trackChanges();
    h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '59000' }, h.t);
    const rows: Rows = new Map();
    expect(() => planChanges(rows, snapshotRows(snapshotChanges(h.ex) as unknown as Record<string, unknown>))).toThrow(WholeSaveNeeded);
    expect(rows.size).toBe(0);
  });
});
