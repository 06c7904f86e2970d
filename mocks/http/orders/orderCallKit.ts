/**
 * What the order call contract tests share (vitest only): signed-in callers
 * on a contract runtime, prices around the live book, placing orders that
 * must be accepted, and the shape every order view must have.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { fromUnits } from '../../../src/domain/units';
import { startRuntime, type CallOptions, type ContractEnvelope, type ContractRuntime, type RuntimeKind } from '../../runtime/contractKit';
import { ORDER_PATHS } from './paths';

export type Answer = ContractEnvelope & { status: number; headers: Headers };
export type Caller = (path: string, body?: unknown, options?: CallOptions) => Promise<Answer>;
export type Row = Record<string, unknown>;

/** A caller signed in as `userId` (null: a visitor); a body makes it a POST. */
export async function callerFor(rt: ContractRuntime, userId: string | null): Promise<Caller> {
  const token = userId === null ? null : await rt.signIn(userId);
  return (path, body, options = {}) => rt.call(path, { body, token, ...options });
}

/** Best bid and ask of a symbol's book as users see it, in ticks, with the instrument's tick. */
export function touchOf(rt: ContractRuntime, symbol: string) {
  const exchange = rt.backend.exchange;
  const view = exchange.bookView(symbol, 1);
  const tick = exchange.instrument(symbol)!.tick;
  const bid = view?.b[0]?.[0];
  const ask = view?.a[0]?.[0];
  if (bid === undefined || ask === undefined) throw new Error(`${symbol} has no book yet`);
  return { bid, ask, price: (ticks: number) => fromUnits(Math.round(ticks), tick) };
}

/** A buy price 5 % under the bid: rests on the book, inside the price band. */
export const restingBuyPrice = (rt: ContractRuntime, symbol: string) => {
  const t = touchOf(rt, symbol);
  return t.price(t.bid * 0.95);
};

/** A buy price 1 % over the ask: fills as it meets the book. */
export const marketableBuyPrice = (rt: ContractRuntime, symbol: string) => {
  const t = touchOf(rt, symbol);
  return t.price(t.ask * 1.01);
};

/** Creates an order that must be accepted; answers its view. */
export async function place(call: Caller, body: Row): Promise<Row> {
  const answer = await call(ORDER_PATHS.create, body);
  if (answer.code !== 0) throw new Error(`create refused ${answer.code}: ${answer.message ?? ''}`);
  return answer.result as Row;
}

/** A resting BTCUSDT limit buy of 0.001 BTC. */
export const restingBuy = (rt: ContractRuntime, call: Caller, extra: Row = {}) =>
  place(call, { symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(rt, 'BTCUSDT'), quantity: '0.001', ...extra });

export const listOf = (answer: Answer, key = 'list') => (answer.result as Record<string, Row[]>)[key]!;
export const idsOf = (rows: readonly Row[]) => rows.map((r) => r.orderId);

const DECIMAL = /^\d+(\.\d+)?$/;
const DECIMAL_FIELDS = ['price', 'origQty', 'executedQty', 'triggerPrice', 'activationPrice', 'trailingPercentage', 'trailingValue', 'amount', 'orderQtyForView', 'avgPrice', 'fee', 'qty'];
const STATUSES = ['New', 'PartiallyFilled', 'Untriggered', 'Triggered', 'Filled', 'PartiallyFilledCanceled', 'Cancelled', 'Rejected', 'Deactivated'];

/** Every spec 2 §3 order field, with its type. */
export function expectOrderView(order: Row): void {
  expect(order.orderId).toMatch(/^\d+$/);
  expect(typeof order.clientOrderId).toBe('string');
  expect(typeof order.symbolId).toBe('string');
  expect(['Buy', 'Sell']).toContain(order.side);
  expect(['LIMIT', 'MARKET']).toContain(order.type);
  expect(STATUSES).toContain(order.status);
  expect([-1, 1, 4, 5, 8, 10, 11]).toContain(order.planType);
  for (const field of DECIMAL_FIELDS) expect(order[field], field).toMatch(DECIMAL);
  expect(['baseCoin', 'quoteCoin']).toContain(order.marketUnit);
  expect(typeof order.isLeverage).toBe('boolean');
  expect(order.createType).toMatch(/^CreateBy/);
  expect(typeof order.stopOrderType).toBe('string');
  expect(order.specialTradeFrom).toBe(0);
  expect(typeof order.baseTokenName).toBe('string');
  expect(typeof order.quoteTokenName).toBe('string');
  for (const field of ['time', 'createdTime', 'updatedTime']) expect(Number.isInteger(order[field]), field).toBe(true);
  expect(['GTC', 'IOC', 'FOK', 'PostOnly']).toContain(order.timeInForce);
  expect(typeof order.rejectReason).toBe('string');
}

/**
 * One runtime per describe with a signed-in caller per user, made in
 * beforeAll and closed in afterAll; read the fields inside tests.
 */
export function runtimeWithCallers<const U extends readonly string[]>(kind: RuntimeKind, userIds: U) {
  const held = { rt: undefined as unknown as ContractRuntime, callers: {} as Record<U[number], Caller> };
  beforeAll(async () => {
    held.rt = await startRuntime(kind);
    for (const userId of userIds) held.callers[userId as U[number]] = await callerFor(held.rt, userId);
  });
  afterAll(() => held.rt.close());
  return held;
}
