/**
 * How the rest of the mock tells a strategy's child orders from the user's
 * own: by their client id ("algo-<strategyId>-<n>"). The strategy id carries
 * its type in its second digit (the type's specialTradeFrom), so the tag is
 * stateless: the order history keeps it after the desk forgot the strategy.
 */
import { CHASE_TRADE_FROM, ICEBERG_TRADE_FROM, TWAP_TRADE_FROM } from '../../src/domain/orderStatus';
import type { StrategyType } from './algoTypes';

/** Client ids of the strategies' children: the prefix marks them (the page's own ids must not use it). */
export const ALGO_CLIENT_PREFIX = 'algo-';

/** `specialTradeFrom` of each type's children (spec 2 §3 order field; 0 is the user's own order). */
export const ALGO_TRADE_FROM: Readonly<Record<StrategyType, number>> = { iceberg: ICEBERG_TRADE_FROM, twap: TWAP_TRADE_FROM, chase: CHASE_TRADE_FROM };

const TYPE_OF_DIGIT: Readonly<Record<string, StrategyType>> = { [ICEBERG_TRADE_FROM]: 'iceberg', [TWAP_TRADE_FROM]: 'twap', [CHASE_TRADE_FROM]: 'chase' };

/**
 * Strategy ids: 18 digits, "7", the type's digit, then a zero-padded
 * sequence; grid bot ids are 12 digits starting with "6", so the two never meet.
 */
export const strategyIdOf = (type: StrategyType, seq: number): string => `7${ALGO_TRADE_FROM[type]}${String(seq).padStart(16, '0')}`;

const STRATEGY_ID = /^7([123])(\d{16})$/;
export const seqOfStrategyId = (id: string): number => Number(STRATEGY_ID.exec(id)?.[2] ?? 0);
export const typeOfStrategyId = (id: string): StrategyType | null => TYPE_OF_DIGIT[STRATEGY_ID.exec(id)?.[1] ?? ''] ?? null;

export const algoClientIdOf = (strategyId: string, n: number): string => `${ALGO_CLIENT_PREFIX}${strategyId}-${n}`;

const ALGO_CLIENT_ID = new RegExp(`^${ALGO_CLIENT_PREFIX}(7[123]\\d{16})-\\d+$`);

/** The strategy that placed an order, or null for an order of the user's own. */
export function strategyOfOrder(order: { clientOrderId: string }): string | null {
  return ALGO_CLIENT_ID.exec(order.clientOrderId)?.[1] ?? null;
}

/** `specialTradeFrom` of a strategy's child (1 iceberg, 2 TWAP, 3 chase), or null for any other order. */
export function strategyTradeFrom(order: { clientOrderId: string }): number | null {
  const id = strategyOfOrder(order);
  const type = id === null ? null : typeOfStrategyId(id);
  return type === null ? null : ALGO_TRADE_FROM[type];
}
