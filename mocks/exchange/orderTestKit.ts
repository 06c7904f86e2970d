/**
 * What the order tests share (vitest only; the bench uses testKit.ts alone):
 * placing an order that must be accepted, reading it back, its fills and the
 * user's balance lines, and the lock invariant after each step.
 */
import { expect } from 'vitest';
import { checkInvariants } from './invariants';
import { amount, harness, type Harness } from './testKit';
import type { ExchangeOptions } from './exchange';
import type { Order, OrderRequest } from './types';

export const U = 'u1';

/** A BTCUSDT limit buy of `qty` (default 1) unless `req` says otherwise; throws when refused. */
export function place(h: Harness, req: Partial<OrderRequest>, user = U): Order {
  const r = h.ex.create(user, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '1', ...req } as OrderRequest, h.t);
  if (!r.ok) throw new Error(`refused ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export const get = (h: Harness, orderId: string, user = U): Order => h.ex.getOrder(user, { orderId })!;
export const line = (h: Harness, token: string, user = U) => h.ex.ledger.line(user, token);
export const fillsOf = (h: Harness, orderId: string, user = U) => h.ex.fills(user).filter((f) => f.orderId === orderId).reverse();
/** Quote value of `qty` at `price`, both decimal text (independent of the engine's units). */
export const value = (price: string, qty: string) => (amount(price) * amount(qty)) / 10n ** 18n;
/** Tops the account up to 1,000,000 USDT, for tests that buy more than 100,000 USDT's worth. */
export const rich = (h: Harness) => h.ex.credit(U, 'USDT', amount('900000'));

/** Locked balances are exactly what the open orders (plans included) hold, and nothing is negative. */
export function expectLocksHeld(h: Harness): void {
  expect(checkInvariants(h.ex, { exactLocks: true })).toEqual([]);
}

/** Best bid 59,999 (1 BTC) then 59,998 (2 BTC); best ask 60,001 (1 BTC) then 60,002 (2 BTC). */
export function touchMarket(options: Partial<ExchangeOptions> = {}): Harness {
  const h = harness(options);
  h.snapshot([['59999', '1'], ['59998', '2']], [['60001', '1'], ['60002', '2']]);
  return h;
}
