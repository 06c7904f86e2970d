import { useTranslation } from 'react-i18next';
import type { Precisions } from '../../domain/format';
import { flowAmount, type FlowTotals } from '../../domain/tradeAnalysis';

interface FlowSummaryProps {
  totals: FlowTotals;
  share: number | null;
  precisions: Precisions;
  base: string;
  quote: string;
  locale: string;
}

/** Buy vs sell volume of the period with a two-colour ratio bar, and the net inflow with its sign. */
export function FlowSummary({ totals, share, precisions, base, quote, locale }: FlowSummaryProps) {
  const { t } = useTranslation('chart');
  const qty = (v: number) => flowAmount(v, precisions.quantity, locale);
  const value = (v: number) => flowAmount(v, precisions.price, locale);
  const buyPercent = share === null ? null : Math.round(share * 1000) / 10;
  const net = totals.netInflow > 0 ? 'up' : totals.netInflow < 0 ? 'down' : 'flat';
  return (
    <div className="flow__summary">
      <dl className="flow__sides">
        <div className="flow__side flow__side--buy">
          <dt>{t('analysis.buyVolume', { unit: base })}</dt>
          <dd dir="ltr" data-testid="flow-buy-qty">{qty(totals.buyQty)}</dd>
          <dd dir="ltr" className="flow__sub">{value(totals.buyValue)} {quote}</dd>
        </div>
        <div className="flow__side flow__side--sell">
          <dt>{t('analysis.sellVolume', { unit: base })}</dt>
          <dd dir="ltr" data-testid="flow-sell-qty">{qty(totals.sellQty)}</dd>
          <dd dir="ltr" className="flow__sub">{value(totals.sellValue)} {quote}</dd>
        </div>
        <div className={`flow__side flow__net flow__net--${net}`}>
          <dt>{t('analysis.netInflow', { unit: quote })}</dt>
          <dd dir="ltr" data-testid="flow-net">{flowAmount(totals.netInflow, precisions.price, locale, true)}</dd>
          <dd className="flow__sub">{t('analysis.trades', { count: totals.count })}</dd>
        </div>
      </dl>
      {buyPercent === null ? (
        <p className="flow__ratio-empty">{t('analysis.noTradesInPeriod')}</p>
      ) : (
        <div
          className="flow__ratio"
          role="img"
          aria-label={t('analysis.ratio', { buy: buyPercent.toFixed(1), sell: (100 - buyPercent).toFixed(1) })}
        >
          {/* Buy is always the start side, sell the end side; the bar mirrors with the page in RTL, the colours never change. */}
          <span className="flow__ratio-buy" style={{ inlineSize: `${buyPercent}%` }} />
          <span className="flow__ratio-sell" />
          <span className="flow__ratio-labels" aria-hidden="true">
            <span dir="ltr">{buyPercent.toFixed(1)}%</span>
            <span dir="ltr">{(100 - buyPercent).toFixed(1)}%</span>
          </span>
        </div>
      )}
    </div>
  );
}
