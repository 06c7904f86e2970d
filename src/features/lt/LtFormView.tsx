import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { authLinks } from '../../domain/authLinks';
import { QUICK_PERCENTS } from '../../domain/lt/amountField';
import { formatTrimmed } from '../../domain/lt/display';
import { NumberField } from '../order-entry';
import type { LtFormModel } from './useLtForm';

interface Props {
  model: LtFormModel;
  /** the token, for "Redeem BTC3L" and the estimate's unit */
  token: string;
  quote: string;
}

/**
 * One LT form as the trader sees it: what is available, the amount with its
 * coin, quick shares of the balance and Max, the limits and the figures
 * before submit, then the submit — or, for a visitor, Log in / Sign up back
 * to this page (as the order form has).
 */
export function LtFormView({ model, token, quote }: Props) {
  const { t, i18n } = useTranslation('lt');
  const { t: tt } = useTranslation('trade');
  const location = useLocation();
  const fieldId = useId();
  const lng = i18n.language;
  const num = (value: string | null | undefined, max = 8, min = 0) => formatTrimmed(value, lng, max, min);
  // A figure not known yet is a bare dash, not "— USDT".
  const withUnit = (value: string | null | undefined, unit: string) => (value ? `${num(value)} ${unit}` : '—');
  const subscribe = model.action === 'subscribe';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    model.submit();
  };

  const rows: Array<[string, string, string?]> = [];
  // The per-order range doubles as the field's placeholder: what may be typed.
  let range: string | undefined;
  if (model.summary?.kind === 'subscribe') {
    const f = model.summary.figures;
    range = `${num(f.minPurchase)} – ${num(f.maxPurchase)}`;
    rows.push([t('fee'), withUnit(f.fee, quote), 'lt-fee']);
    rows.push([t('estimatedTokens'), withUnit(f.estimatedTokens, token), 'lt-estimate']);
    rows.push([t('perOrder'), `${range} ${quote}`]);
    // A visitor has no day's use: the cap left is the signed-in user's.
    if (model.loggedIn) rows.push([t('dailyRemaining'), withUnit(f.dailyRemaining, quote), 'lt-daily-remaining']);
  } else if (model.summary?.kind === 'redeem') {
    const f = model.summary.figures;
    range = `${num(f.minRedeem)} – ${num(f.maxRedeem)}`;
    rows.push([t('fee'), withUnit(f.fee, quote), 'lt-fee']);
    rows.push([t('estimatedQuote'), withUnit(f.estimatedQuote, quote), 'lt-estimate']);
    rows.push([t('perOrder'), `${range} ${token}`]);
  }

  const links = authLinks(location.pathname + location.search);
  return (
    <form className="lt-form" onSubmit={onSubmit} noValidate aria-label={t(subscribe ? 'subscribeForm' : 'redeemForm')}>
      {model.loggedIn && (
        <p className="lt-form__available">
          <span>{t('available')}</span>
          <span className="num" dir="ltr" data-testid={`lt-available-${model.coin}`}>
            {withUnit(model.available, model.coin)}
          </span>
        </p>
      )}
      <NumberField
        id={fieldId}
        label={t(subscribe ? 'amount' : 'quantity')}
        value={model.inputs.text}
        unit={model.coin}
        placeholder={range}
        message={model.fieldMessage}
        invalid={model.invalid}
        onInput={model.type}
        onPaste={model.type}
        onBlur={() => undefined}
        helpers={
          <button type="button" className="link-button" onClick={model.max} disabled={!model.ready || !model.loggedIn}>
            {t('max')}
          </button>
        }
      />
      <div className="lt-form__shares" role="group" aria-label={t('shareOfBalance')}>
        {QUICK_PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className="lt-form__share"
            aria-pressed={model.inputs.percent === p}
            disabled={!model.ready || !model.loggedIn}
            onClick={() => model.percent(p)}
          >
            <span dir="ltr">{p}%</span>
          </button>
        ))}
      </div>
      <dl className="lt-form__facts">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="lt-form__fact">
            <dt>{label}</dt>
            <dd className="num" dir="ltr" data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {model.loggedIn ? (
        <button
          type="submit"
          className={`lt-form__submit lt-form__submit--${model.action}`}
          disabled={!model.ready}
          aria-busy={model.pending || undefined}
        >
          {model.pending ? <span className="lt-form__spinner" aria-hidden="true" /> : null}
          {t(subscribe ? 'subscribeCoin' : 'redeemCoin', { coin: token })}
        </button>
      ) : (
        <div className="lt-form__visitor">
          <a className="btn btn--primary" href={links.login}>{tt('logIn')}</a>
          <a className="btn btn--secondary" href={links.signUp}>{tt('signUp')}</a>
        </div>
      )}
    </form>
  );
}
