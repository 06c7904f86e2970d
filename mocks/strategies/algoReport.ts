/**
 * A strategy as detail() and list() answer it: the common spec 2 §3 fields,
 * then its type's inputs. The average price is the order views' own
 * (executed value over executed size, two decimals past the tick).
 */
import { formatAmount, parseAmount } from '../exchange/amount';
import type { Instrument } from '../exchange/instruments';
import { decimalsOf, fromUnits } from '../../src/domain/units';
import type { AlgoDetail, AlgoStrategyState } from './algoTypes';

export function detailOf(s: AlgoStrategyState, inst: Instrument): AlgoDetail {
  const value = parseAmount(s.executedValue) ?? 0n;
  const avg = s.executedLots > 0 ? formatAmount((value * 10n ** 18n) / (BigInt(s.executedLots) * inst.scale.lotAmount), decimalsOf(inst.tick) + 2) : '0';
  const price = (ticks: number | null) => (ticks === null ? '' : fromUnits(ticks, inst.tick));
  const base: AlgoDetail = {
    strategyId: s.strategyId,
    strategyType: s.settings.type,
    symbol: s.symbol,
    category: 'UTA_SPOT',
    side: s.side,
    status: s.status,
    size: fromUnits(s.size, inst.lot),
    executedSize: fromUnits(s.executedLots, inst.lot),
    avgPrice: avg,
    executedValue: s.executedValue,
    fee: s.fee,
    feeCoin: s.side === 'Buy' ? inst.base : inst.quote,
    createdTime: s.createdAt,
    updatedTime: s.updatedAt,
    endedTime: s.endedAt,
    endReason: s.endReason,
    failure: s.failure,
    childOrderId: s.child?.orderId ?? '',
  };
  const t = s.settings;
  if (t.type === 'twap') {
    return { ...base, durationSec: t.durationMs / 1000, intervalSec: t.intervalMs / 1000, priceLimit: price(t.priceLimit), sliceCount: t.slices, slicesDue: Math.min(s.nextSlice, t.slices) };
  }
  if (t.type === 'iceberg') return { ...base, price: price(t.price), visibleSize: fromUnits(t.visibleLots, inst.lot), randomize: t.randomize };
  return { ...base, chasePercentE4: t.chasePercentE4, maxChasePrice: price(t.maxChasePrice), chasePrice: s.child ? price(s.child.price) : '' };
}
