import type { TFunction } from 'i18next';
import type { PairPnl, QuoteTotal } from '../../data/pnl';

/**
 * P&L rows for CSV: the table's columns, numbers as the exchange wrote them
 * (no grouping, every decimal), then one total row per quote coin.
 */
export function pnlTable(pairs: readonly PairPnl[], totals: readonly QuoteTotal[], t: TFunction) {
  const header = [t('colPair'), t('colTrades'), t('colBuyVolume'), t('colSellVolume'), t('colFees'), t('colRealisedPnl'), t('colQuote'), t('colUnexplained')];
  const rows: Array<Array<string | number>> = [
    ...pairs.map((p) => [`${p.base}/${p.quote}`, p.trades, p.buyVolume, p.sellVolume, p.fees, p.realisedPnl, p.quote, p.unexplainedQty]),
    ...totals.map((q) => [t('totalRow', { quote: q.quote }), q.trades, q.buyVolume, q.sellVolume, q.fees, q.realisedPnl, q.quote, '']),
  ];
  return { header, rows };
}
