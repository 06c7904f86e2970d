/**
 * Reading a saved desk back. A strategy that does not read (a damaged or
 * older save) is dropped rather than restored half-way: its child stays on
 * the exchange as the user's own order, which is what the user would see
 * anyway.
 */
import { parseAmount } from '../exchange/amount';
import { seqOfStrategyId, typeOfStrategyId } from './algoTags';
import { END_REASONS, STRATEGY_FINISHED, STRATEGY_RUNNING, type AlgoChild, type AlgoDeskState, type AlgoStrategyState } from './algoTypes';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isCount = (v: unknown): v is number => isInt(v) && v >= 0;
const isAmount = (v: unknown): v is string => typeof v === 'string' && parseAmount(v) !== null;
const intOrNull = (v: unknown) => v === null || isInt(v);
const REASONS: ReadonlySet<unknown> = new Set(END_REASONS);

function childOk(v: unknown): v is AlgoChild | null {
  if (v === null) return true;
  return isObject(v) && typeof v.clientOrderId === 'string' && (v.orderId === null || typeof v.orderId === 'string') && isCount(v.qty) && isCount(v.price)
    && isCount(v.lots) && isAmount(v.value) && isAmount(v.fee) && typeof v.cancelling === 'boolean';
}

function settingsOk(v: unknown, type: string | null): boolean {
  if (!isObject(v) || v.type !== type) return false;
  if (v.type === 'twap') return isCount(v.durationMs) && isCount(v.intervalMs) && v.intervalMs > 0 && isCount(v.slices) && intOrNull(v.priceLimit);
  if (v.type === 'iceberg') return isCount(v.price) && isCount(v.visibleLots) && v.visibleLots > 0 && typeof v.randomize === 'boolean';
  return isCount(v.chasePercentE4) && intOrNull(v.maxChasePrice);
}

export function readStrategy(v: unknown): AlgoStrategyState | null {
  if (!isObject(v) || typeof v.strategyId !== 'string' || typeof v.userId !== 'string' || typeof v.symbol !== 'string') return null;
  if (!settingsOk(v.settings, typeOfStrategyId(v.strategyId))) return null;
  if ((v.side !== 'Buy' && v.side !== 'Sell') || !isCount(v.size) || (v.status !== STRATEGY_RUNNING && v.status !== STRATEGY_FINISHED)) return null;
  if (!(v.endReason === null || REASONS.has(v.endReason))) return null;
  const failure = v.failure;
  if (!(failure === null || (isObject(failure) && isInt(failure.code) && typeof failure.message === 'string'))) return null;
  if (!isInt(v.createdAt) || !isInt(v.updatedAt) || !intOrNull(v.endedAt)) return null;
  if (!isCount(v.executedLots) || !isAmount(v.executedValue) || !isAmount(v.fee) || !childOk(v.child)) return null;
  if (!isCount(v.nextSlice) || !isInt(v.rng) || !isCount(v.orderSeq)) return null;
  // Checked field by field above: a deep copy keeps the caller's object out of the desk.
  return structuredClone(v) as unknown as AlgoStrategyState;
}

/** The saved desk, or an empty one; strategies that do not read are left out. */
export function readAlgoState(v: unknown): AlgoDeskState {
  if (!isObject(v) || !Array.isArray(v.strategies)) return { version: 1, seq: 0, strategies: [] };
  const strategies = v.strategies.map(readStrategy).filter((s): s is AlgoStrategyState => s !== null);
  // Ids are never reused, even when a save lost its counter.
  const highest = strategies.reduce((m, s) => Math.max(m, seqOfStrategyId(s.strategyId)), 0);
  return { version: 1, seq: Math.max(isCount(v.seq) ? v.seq : 0, highest), strategies };
}
