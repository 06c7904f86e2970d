import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../domain/format';
import { SIZE_DISTRIBUTIONS, type ScaledField } from '../../domain/order-entry/scaledOrder';
import type { OrderFormError } from '../../domain/order-entry/types';
import { GateDialog, NumberField, SideSwitch } from '../order-entry';
import { useScaledOrder } from './useScaledOrder';

/** Which input a check's message belongs beside. */
const FIELD_OF: Record<string, ScaledField> = {
  scaledLowerMissing: 'lower',
  orderPriceLowerLimit: 'lower',
  scaledUpperMissing: 'upper',
  scaledRangeInvalid: 'upper',
  scaledRangeTooNarrow: 'upper',
  scaledCountRange: 'count',
};

const fieldOf = (error: OrderFormError): ScaledField | 'form' => FIELD_OF[error.key] ?? (error.field === 'quantity' ? 'qty' : 'form');

/**
 * The scaled order tool's view: side, price range, number of orders, total
 * quantity and how the sizes are spread; the orders it will place, their
 * value and fee; one button. Everything it shows comes from the pure form.
 */
export function ScaledOrderForm({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('trade');
  const id = useId();
  const model = useScaledOrder(base, quote);
  const { inputs, ctx, summary, dispatch } = model;
  const locale = i18n.language;
  if (!ctx) return null;
  const rules = ctx.rules;
  const shown = model.showErrors ? model.errors : [];
  const messageFor = (field: ScaledField) => {
    const error = shown.find((e) => fieldOf(e) === field);
    return error ? t(error.key, error.params ?? {}) : null;
  };
  const formError = shown.find((e) => fieldOf(e) === 'form');
  const field = (name: ScaledField, label: string, unit?: string) => (
    <NumberField
      id={`${id}-${name}`}
      label={label}
      unit={unit}
      value={inputs[name]}
      message={messageFor(name)}
      invalid={messageFor(name) !== null}
      onInput={(text) => dispatch({ type: 'field', field: name, text, rules })}
      onPaste={(text) => dispatch({ type: 'field', field: name, text, rules })}
      onBlur={() => undefined}
    />
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    model.submit();
  };
  const count = summary?.slices.length ?? 0;
  const busy = model.progress !== null;

  return (
    <form className="scaled-order" onSubmit={onSubmit} noValidate aria-label={t('tool_scaledOrder')}>
      <SideSwitch side={inputs.side} onChange={(side) => dispatch({ type: 'side', side })} />
      {field('lower', t('scaledLower'), rules.quoteCoin)}
      {field('upper', t('scaledUpper'), rules.quoteCoin)}
      {field('count', t('scaledCount'))}
      {field('qty', t('scaledTotalQty'), rules.baseCoin)}
      <fieldset className="scaled-order__distribution">
        <legend>{t('scaledDistribution')}</legend>
        {SIZE_DISTRIBUTIONS.map((d) => (
          <label key={d}>
            <input type="radio" name={`${id}-distribution`} checked={inputs.distribution === d} onChange={() => dispatch({ type: 'distribution', distribution: d })} />
            {t(`scaledDistribution_${d}`)}
          </label>
        ))}
      </fieldset>
      {count > 0 && summary && (
        <>
          <table className="scaled-order__preview" aria-label={t('scaledPreview')}>
            <thead>
              <tr>
                <th scope="col">{t('colPrice')}</th>
                <th scope="col">{t('colQty')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.slices.map((s) => (
                <tr key={s.price}>
                  <td dir="ltr">{formatAsGiven(s.price, locale)}</td>
                  <td dir="ltr">{formatAsGiven(s.qty, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="order-facts__list">
            <div className="order-facts__row">
              <dt>{t('scaledValue')}</dt>
              <dd dir="ltr">{summary.value ? `${formatAsGiven(summary.value, locale)} ${rules.quoteCoin}` : '—'}</dd>
            </div>
            <div className="order-facts__row">
              <dt>{t('scaledAveragePrice')}</dt>
              <dd dir="ltr">{summary.averagePrice ? formatAsGiven(summary.averagePrice, locale) : '—'}</dd>
            </div>
            <div className="order-facts__row">
              <dt>{t('estimatedFee')}</dt>
              <dd dir="ltr">{summary.fee ? `${formatAsGiven(summary.fee, locale)} ${rules.quoteCoin}` : '—'}</dd>
            </div>
          </dl>
        </>
      )}
      {formError && (
        <p className="order-submit__reason" role="alert">
          {t(formError.key, formError.params ?? {})}
        </p>
      )}
      <button type="submit" className={`order-submit__button order-submit__button--${inputs.side.toLowerCase()}`} aria-busy={busy || undefined} disabled={busy}>
        {busy
          ? t('scaledSending', { placed: model.progress!.placed, of: model.progress!.of })
          : t(count > 0 ? 'scaledSubmit' : 'scaledSubmitNone', { count, side: t(inputs.side === 'Buy' ? 'buy' : 'sell'), coin: rules.baseCoin })}
      </button>
      <GateDialog {...model.gateDialog} />
    </form>
  );
}
