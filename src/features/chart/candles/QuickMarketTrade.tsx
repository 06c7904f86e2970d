import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { typeQuickQty } from '../../../domain/order-entry/quickOrder';
import type { QuickOrderModel } from '../../order-entry';

/**
 * Quick market trade on the chart (spec 1 §2.3 "show quick market trade"):
 * Sell at the best bid and Buy at the best ask, one quantity between them.
 * A market order sized in the base coin, through the same checks and gates
 * as the form; a visitor's press leads to log in.
 */
export function QuickMarketTrade({ quick }: { quick: QuickOrderModel }) {
  const { t, i18n } = useTranslation('trade');
  const errorId = useId();
  const [qty, setQty] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ctx = quick.ctx;
  if (!ctx) return null;
  const coin = ctx.rules.baseCoin;
  const price = (value: string | null) => (value ? formatAsGiven(value, i18n.language) : '—');
  const send = (side: 'Buy' | 'Sell') => {
    const refused = quick.submit({ kind: 'market', side, price: '', qty }, () => setQty(''));
    setError(refused ? t(refused.key, refused.params ?? {}) : null);
  };
  return (
    <div className="quick-trade" role="group" aria-label={t('quickTradeLabel')}>
      <button type="button" className="quick-trade__side quick-trade__side--sell" disabled={quick.pending} onClick={() => send('Sell')}>
        <span>{t('sellCoin', { coin })}</span>
        <span className="num" dir="ltr">{price(ctx.bestBid)}</span>
      </button>
      <input
        className="quick-trade__qty num"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={t('quickQuantity', { coin })}
        aria-label={t('quickQuantity', { coin })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={qty}
        onChange={(event) => {
          setQty((current) => typeQuickQty(current, event.target.value, ctx.rules.lot));
          setError(null);
        }}
      />
      <button type="button" className="quick-trade__side quick-trade__side--buy" disabled={quick.pending} onClick={() => send('Buy')}>
        <span>{t('buyCoin', { coin })}</span>
        <span className="num" dir="ltr">{price(ctx.bestAsk)}</span>
      </button>
      {error && (
        <p id={errorId} className="quick-trade__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
