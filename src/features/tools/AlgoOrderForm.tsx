import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../domain/format';
import { CHASE_MAX_PERCENT, TWAP_INTERVAL_SEC, TWAP_MINUTES, type AlgoField, type AlgoKind } from '../../domain/order-entry/algoOrder';
import type { OrderFormError } from '../../domain/order-entry/types';
import { GateDialog, NumberField, SideSwitch } from '../order-entry';
import { useAlgoOrder } from './useAlgoOrder';

/** The fields each kind asks for, in order. */
const FIELDS: Record<AlgoKind, readonly AlgoField[]> = {
  twap: ['size', 'durationMin', 'intervalSec', 'priceLimit'],
  iceberg: ['price', 'size', 'visibleSize'],
  chase: ['size', 'chasePercent', 'maxChasePrice'],
};

/** The field a check's message sits beside, for this kind. */
function fieldOf(error: OrderFormError, kind: AlgoKind): AlgoField | 'form' {
  switch (error.key) {
    case 'algoDurationRange':
      return 'durationMin';
    case 'algoIntervalRange':
    case 'algoIntervalOverDuration':
      return 'intervalSec';
    case 'algoChaseRange':
      return 'chasePercent';
    case 'algoPriceMissing':
      return 'price';
    case 'algoVisibleMissing':
    case 'algoVisibleOverSize':
      return 'visibleSize';
    case 'algoSliceBelowMin':
      return kind === 'iceberg' ? 'visibleSize' : 'size';
    case 'orderPriceLowerLimit':
      return kind === 'twap' ? 'priceLimit' : kind === 'iceberg' ? 'price' : 'maxChasePrice';
    default:
      return error.field === 'quantity' ? 'size' : 'form';
  }
}

/**
 * The TWAP, iceberg and chase tools' view: side, the kind's fields, what it
 * will do (slices, value, fee, the most the balance covers) and one button.
 * Everything it shows comes from the pure form.
 */
export function AlgoOrderForm({ kind, base, quote }: { kind: AlgoKind; base: string; quote: string }) {
  const { t, i18n } = useTranslation('trade');
  const id = useId();
  const model = useAlgoOrder(kind, base, quote);
  const { inputs, ctx, summary, dispatch } = model;
  const locale = i18n.language;
  if (!ctx) return null;
  const rules = ctx.rules;
  const shown = model.showErrors ? model.errors : [];
  const messageFor = (field: AlgoField) => {
    const error = shown.find((e) => fieldOf(e, kind) === field);
    return error ? t(error.key, error.params ?? {}) : null;
  };
  const formError = shown.find((e) => fieldOf(e, kind) === 'form');
  const labels: Record<AlgoField, { label: string; unit?: string; placeholder?: string }> = {
    size: { label: t('algoSize'), unit: rules.baseCoin },
    durationMin: { label: t('algoDuration'), unit: t('algoMinutes'), placeholder: `${TWAP_MINUTES.min}–${TWAP_MINUTES.max}` },
    intervalSec: { label: t('algoInterval'), unit: t('algoSeconds'), placeholder: `${TWAP_INTERVAL_SEC.min}–${TWAP_INTERVAL_SEC.max}` },
    priceLimit: { label: t(inputs.side === 'Buy' ? 'algoPriceLimitBuy' : 'algoPriceLimitSell'), unit: rules.quoteCoin, placeholder: t('algoOptional') },
    price: { label: t('colPrice'), unit: rules.quoteCoin },
    visibleSize: { label: t('algoVisibleSize'), unit: rules.baseCoin },
    chasePercent: { label: t('algoChaseDistance'), unit: '%', placeholder: `0–${CHASE_MAX_PERCENT}` },
    maxChasePrice: { label: t(inputs.side === 'Buy' ? 'algoChaseCapBuy' : 'algoChaseCapSell'), unit: rules.quoteCoin, placeholder: t('algoOptional') },
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    model.submit();
  };
  const money = (value: string | null, coin: string) => (value ? `${formatAsGiven(value, locale)} ${coin}` : '—');
  const side = t(inputs.side === 'Buy' ? 'buy' : 'sell');

  return (
    <form className="scaled-order" onSubmit={onSubmit} noValidate aria-label={t(`tool_${kind}`)}>
      <p className="tools-panel__hint">{t(`algoExplain_${kind}`)}</p>
      <SideSwitch side={inputs.side} onChange={(next) => dispatch({ type: 'side', side: next })} />
      {FIELDS[kind].map((name) => (
        <NumberField
          key={name}
          id={`${id}-${name}`}
          label={labels[name].label}
          unit={labels[name].unit}
          placeholder={labels[name].placeholder}
          value={inputs[name]}
          message={messageFor(name)}
          invalid={messageFor(name) !== null}
          onInput={(text) => dispatch({ type: 'field', field: name, text, rules })}
          onPaste={(text) => dispatch({ type: 'field', field: name, text, rules })}
          onBlur={() => undefined}
        />
      ))}
      {kind === 'iceberg' && (
        <label className="scaled-order__check">
          <input type="checkbox" checked={inputs.randomize} onChange={(e) => dispatch({ type: 'randomize', on: e.target.checked })} />
          {t('algoRandomize')}
        </label>
      )}
      {summary && (
        <dl className="order-facts__list">
          {summary.slices !== null && (
            <div className="order-facts__row">
              <dt>{t(kind === 'twap' ? 'algoSlices' : 'algoParts')}</dt>
              <dd dir="ltr">
                {summary.sliceSize ? t('algoSlicesOf', { count: summary.slices, size: formatAsGiven(summary.sliceSize, locale), coin: rules.baseCoin }) : summary.slices}
              </dd>
            </div>
          )}
          <div className="order-facts__row">
            <dt>{t('scaledValue')}</dt>
            <dd dir="ltr">{money(summary.value, rules.quoteCoin)}</dd>
          </div>
          <div className="order-facts__row">
            <dt>{t('estimatedFee')}</dt>
            <dd dir="ltr">{money(summary.fee, rules.quoteCoin)}</dd>
          </div>
          <div className="order-facts__row">
            <dt>{t(inputs.side === 'Buy' ? 'algoMaxBuy' : 'algoMaxSell')}</dt>
            <dd dir="ltr">{money(summary.max, rules.baseCoin)}</dd>
          </div>
        </dl>
      )}
      {formError && (
        <p className="order-submit__reason" role="alert">
          {t(formError.key, formError.params ?? {})}
        </p>
      )}
      <button type="submit" className={`order-submit__button order-submit__button--${inputs.side.toLowerCase()}`} aria-busy={model.sending || undefined} disabled={model.sending}>
        {t('algoSubmit', { kind: t(`algo_${kind}`), side, coin: rules.baseCoin })}
      </button>
      <GateDialog {...model.gateDialog} />
    </form>
  );
}
