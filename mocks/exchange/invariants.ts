/**
 * Balance invariants of the exchange engine, checked from the outside (its
 * public queries only) so a test can run them after every market event and
 * call: what a trader would notice if the engine's bookkeeping slipped — a
 * negative balance, funds locked for no order (or an order holding funds the
 * balance does not show), more filled than ordered, value appearing or
 * vanishing beyond the fees.
 */
import type { Amount } from './amount';
import type { Exchange } from './exchange';
import type { Instrument } from './instruments';
import { FINAL_STATUSES, PLAN, type Fill, type Order } from './types';

/** Free + locked per user and token: user → token → amount. */
export type Holdings = Record<string, Record<string, Amount>>;

/** Plan types that hold their lock from placement (a conditional order locks only when it triggers). */
const LOCKS_WHEN_PLACED = new Set<number>([PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT, PLAN.STOP_LIMIT, PLAN.OCO, PLAN.TPSL]);

const lockTokenOf = (inst: Instrument, order: Order): string => (order.side === 'Buy' ? inst.quote : inst.base);

export interface InvariantOptions {
  /**
   * Open limit orders must lock exactly what their rest needs (default); when
   * false, only never less (more is money held back for nothing, less is a
   * fill the lock cannot pay for).
   */
  exactLocks?: boolean;
}

/** Problems with the engine's balances and orders now; empty when all is well. */
export function checkInvariants(ex: Exchange, options: InvariantOptions = {}): string[] {
  const exact = options.exactLocks ?? true;
  const problems: string[] = [];
  const orders = ex.allOrders();
  // What the open orders say each user has locked, per token.
  const expected = new Map<string, Amount>();
  for (const o of orders) {
    const inst = ex.instrument(o.symbol);
    if (!inst) {
      problems.push(`order ${o.orderId}: unknown symbol ${o.symbol}`);
      continue;
    }
    problems.push(...orderProblems(inst, o, exact));
    if (FINAL_STATUSES.has(o.status)) continue;
    const key = `${o.userId}|${lockTokenOf(inst, o)}`;
    expected.set(key, (expected.get(key) ?? 0n) + o.locked);
  }
  for (const userId of ex.ledger.users()) {
    for (const line of ex.balances(userId)) {
      if (line.free < 0n) problems.push(`${userId} ${line.token}: free ${line.free} < 0`);
      if (line.locked < 0n) problems.push(`${userId} ${line.token}: locked ${line.locked} < 0`);
      const want = expected.get(`${userId}|${line.token}`) ?? 0n;
      if (line.locked !== want) problems.push(`${userId} ${line.token}: locked ${line.locked}, open orders hold ${want}`);
      expected.delete(`${userId}|${line.token}`);
    }
  }
  // Orders holding funds of a token the ledger has no line for.
  for (const [key, want] of expected) if (want !== 0n) problems.push(`${key}: open orders hold ${want}, the ledger has no line`);
  return problems;
}

/** One order on its own: sizes, fill amounts, and the lock its rest needs. */
function orderProblems(inst: Instrument, o: Order, exact: boolean): string[] {
  const out: string[] = [];
  // Built only when there is something to say: this runs for every order after every event.
  const say = (what: string) => out.push(`order ${o.orderId} (${o.side} ${o.orderType} plan ${o.planType} ${o.status}): ${what}`);
  if (o.locked < 0n) say(`locked ${o.locked} < 0`);
  if (o.executedQty < 0 || o.executedValue < 0n || o.fee < 0n) say('negative executed figures');
  // A market order by value has qty 0 until it runs, then qty = what it filled; so this holds for it too.
  if (o.executedQty > o.qty) say(`executed ${o.executedQty} lots of ${o.qty}`);
  if ((o.executedQty === 0) !== (o.executedValue === 0n)) say(`executed ${o.executedQty} lots for value ${o.executedValue}`);
  if (FINAL_STATUSES.has(o.status)) {
    if (o.locked !== 0n) say(`final but still locks ${o.locked}`);
    return out;
  }
  if (o.planType === PLAN.CONDITIONAL && o.locked !== 0n) say(`untriggered conditional locks ${o.locked}`);
  const rest = o.qty - o.executedQty;
  // The lock an open limit order's rest needs, exactly (a buy filled below its limit gave the saving back).
  if (o.planType === PLAN.ORDINARY && o.orderType === 'Limit') {
    const need = o.side === 'Buy' ? BigInt(o.price) * BigInt(rest) * inst.scale.valueUnit : BigInt(rest) * inst.scale.lotAmount;
    if (exact ? o.locked !== need : o.locked < need) say(`locks ${o.locked}, its rest of ${rest} lots needs ${need}`);
  }
  // A sell plan that locks when placed holds its base quantity (an OCO pair on one leg only).
  if (o.side === 'Sell' && LOCKS_WHEN_PLACED.has(o.planType) && o.marketUnit === 'baseCoin') {
    const need = BigInt(rest) * inst.scale.lotAmount;
    const ok = o.planType === PLAN.OCO ? o.locked === need || o.locked === 0n : o.locked === need;
    if (!ok) say(`locks ${o.locked}, its ${rest} lots need ${need}`);
  }
  return out;
}

/** Free + locked of every user and token the engine knows. */
export function holdings(ex: Exchange): Holdings {
  const out: Holdings = {};
  for (const userId of ex.ledger.users()) {
    out[userId] = {};
    for (const line of ex.balances(userId)) out[userId][line.token] = line.free + line.locked;
  }
  return out;
}

/** Fee rate used to check each fill's fee: parts per million of what the fill pays out. */
export interface FeeRates {
  makerPpm: number;
  takerPpm: number;
}

/**
 * Value conservation: for every user and token, final free + locked equals the
 * initial amount plus the sum of the fills' effects, computed here from the
 * fill events alone (a buy pays value in quote and gets qty in base less the
 * fee; a sell pays qty in base and gets value in quote less the fee). Each
 * fill's value must be price × qty, and its fee the rate of what it pays out,
 * rounded down. Returns the problems; empty when all is well.
 */
export function conservation(
  initial: Holdings,
  fills: readonly Fill[],
  final: Holdings,
  instruments: readonly Instrument[],
  fees: FeeRates = { makerPpm: 1000, takerPpm: 1000 },
): string[] {
  const problems: string[] = [];
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const expected: Holdings = {};
  const add = (userId: string, token: string, amount: Amount) => {
    const user = (expected[userId] ??= {});
    user[token] = (user[token] ?? 0n) + amount;
  };
  for (const [userId, tokens] of Object.entries(initial)) for (const [token, a] of Object.entries(tokens)) add(userId, token, a);
  for (const f of fills) {
    const inst = bySymbol.get(f.symbol);
    if (!inst) {
      problems.push(`fill ${f.tradeId}: unknown symbol ${f.symbol}`);
      continue;
    }
    const value = BigInt(f.price) * BigInt(f.qty) * inst.scale.valueUnit;
    const base = BigInt(f.qty) * inst.scale.lotAmount;
    if (f.value !== value) problems.push(`fill ${f.tradeId}: value ${f.value}, price × qty is ${value}`);
    const received = f.side === 'Buy' ? base : value;
    const fee = (received * BigInt(f.isMaker ? fees.makerPpm : fees.takerPpm)) / 1_000_000n;
    if (f.fee !== fee) problems.push(`fill ${f.tradeId}: fee ${f.fee}, the rate gives ${fee}`);
    const feeToken = f.side === 'Buy' ? inst.base : inst.quote;
    if (f.feeToken !== feeToken) problems.push(`fill ${f.tradeId}: fee in ${f.feeToken}, should be ${feeToken}`);
    if (f.side === 'Buy') {
      add(f.userId, inst.quote, -value);
      add(f.userId, inst.base, base - fee);
    } else {
      add(f.userId, inst.base, -base);
      add(f.userId, inst.quote, value - fee);
    }
  }
  const users = new Set([...Object.keys(expected), ...Object.keys(final)]);
  for (const userId of users) {
    const tokens = new Set([...Object.keys(expected[userId] ?? {}), ...Object.keys(final[userId] ?? {})]);
    for (const token of tokens) {
      const want = expected[userId]?.[token] ?? 0n;
      const got = final[userId]?.[token] ?? 0n;
      if (want !== got) problems.push(`${userId} ${token}: holds ${got}, initial plus fills give ${want} (off by ${got - want})`);
    }
  }
  return problems;
}
