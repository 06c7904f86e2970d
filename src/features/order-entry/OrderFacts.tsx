import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from 'decimal.js';
import { costPreview, isMarketable } from '../../domain/order-entry/costPreview';
import { firesMarket } from '../../domain/order-entry/summary';
import { formatDecimal } from '../../domain/format';
import { decimalsOf } from '../../domain/units';
import type { TradePreferences } from '../../domain/order-entry/tradePreferences';
import type { OrderEntryModel } from './useOrderEntry';

/** Amounts as the locale writes them, cut (never rounded up) to `decimals`. */
function amount(value: string | null, decimals: number, locale: string): string {
  if (value === null) return '—';
  const cut = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return formatDecimal(cut.toFixed(), Math.min(decimals, Math.max(0, cut.decimalPlaces())), locale) ?? value;
}

/**
 * The figures under the fields: available balance, Max buy / Max sell, the
 * estimated fee, and — for an order that takes liquidity now — the cost
 * preview from the live book (average fill, slippage against the last
 * price, levels it would consume).
 */
export function OrderFacts({ model, prefs }: { model: OrderEntryModel; prefs: TradePreferences }) {
  const { t, i18n } = useTranslation('trade');
  const { inputs, summary, ctx, asks, bids } = model;
  const locale = i18n.language;
  const rules = ctx?.rules;
  const takes = Boolean(ctx && summary && (inputs.type === 'market' || (inputs.type === 'limit' && inputs.price && isMarketable(inputs.side, inputs.price, ctx.bestBid, ctx.bestAsk))));
  const preview = useMemo(() => {
    if (!takes || !ctx || !summary) return null;
    const byValue = firesMarket(inputs) && summary.sizeField === 'amount';
    const size = byValue ? summary.amount : summary.quantity;
    if (!size) return null;
    const levels = (inputs.side === 'Buy' ? asks : bids).map(([price, qty]) => ({ price, qty }));
    return costPreview({
      side: inputs.side,
      levels,
      ...(byValue ? { value: size } : { quantity: size }),
      limitPrice: inputs.type === 'limit' ? inputs.price : null,
      lastPrice: ctx.lastPrice,
      feeRate: ctx.feeRate,
    });
  }, [takes, ctx, summary, inputs, asks, bids]);
  if (!ctx || !summary || !rules) return null;
  const lotDecimals = decimalsOf(rules.lot);
  const priceDecimals = decimalsOf(rules.tick);
  const buy = inputs.side === 'Buy';

  return (
    <div className="order-facts">
      <dl className="order-facts__list">
        {ctx.account && prefs.showAvailableBalance && (
          <div className="order-facts__row">
            <dt>{t('available')}</dt>
            <dd className="num" data-testid="order-available">{amount(summary.available, buy ? rules.amountDecimals : lotDecimals, locale)} {summary.availableCoin}</dd>
          </div>
        )}
        {ctx.account && prefs.showMaxBuy && (
          <div className="order-facts__row">
            <dt>{t(buy ? 'maxBuy' : 'maxSell')}</dt>
            <dd className="num" data-testid="order-max">{amount(summary.maxQty, lotDecimals, locale)} {rules.baseCoin}</dd>
          </div>
        )}
        {ctx.account && summary.borrowed !== null && prefs.showBorrowedAmount && (
          <div className="order-facts__row">
            <dt>{t('borrowedAmount')}</dt>
            <dd className="num" data-testid="order-borrowed">{amount(summary.borrowed, buy ? rules.amountDecimals : lotDecimals, locale)} {summary.availableCoin}</dd>
          </div>
        )}
        <div className="order-facts__row">
          <dt>{t('estimatedFee')}</dt>
          <dd className="num">{amount(summary.fee, buy ? lotDecimals : rules.amountDecimals, locale)} {summary.feeCoin}</dd>
        </div>
      </dl>
      {preview && (
        <section className="order-preview" aria-label={t('costPreview')} aria-live="polite">
          <h3 className="order-preview__title">{t('costPreview')}</h3>
          <dl className="order-facts__list">
            <div className="order-facts__row">
              <dt>{t('estimatedAvgPrice')}</dt>
              <dd className="num" data-testid="preview-avg">{amount(preview.avgPrice, priceDecimals + 2, locale)}</dd>
            </div>
            <div className="order-facts__row">
              <dt>{t('estimatedSlippage')}</dt>
              <dd className="num" data-testid="preview-slippage">{preview.slippage === null ? '—' : `${new Decimal(preview.slippage).mul(100).toFixed(3)}%`}</dd>
            </div>
            <div className="order-facts__row">
              <dt>{t('levelsConsumed')}</dt>
              <dd className="num" data-testid="preview-levels">{preview.levelsUsed}</dd>
            </div>
          </dl>
          {preview.partial && <p className="order-preview__warn">{t('previewBookTooThin')}</p>}
        </section>
      )}
    </div>
  );
}
