import { useId, useMemo, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from 'decimal.js';
import { formatAsGiven } from '../../domain/format';
import { gridCreateBody, gridErrors, gridSummary, initialGrid, reduceGrid, type GridField, type GridFunding, type GridType } from '../../domain/gridBot';
import { useCreateGridBot, useGridBacktest } from '../../data/gridBot';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import { GateDialog, NumberField, placeFailure, useGateFlow, useOrderContext } from '../order-entry';
import { GridBacktestReport } from './GridBacktestReport';

const FIELD_OF: Record<string, GridField> = {
  gridMinPriceMissing: 'minPrice',
  gridRangeInvalid: 'maxPrice',
  gridMaxPriceMissing: 'maxPrice',
  gridTooNarrow: 'gridNumber',
  gridNoProfit: 'gridNumber',
  gridNumberRange: 'gridNumber',
  gridStopLossBelowRange: 'stopLoss',
  gridTakeProfitAboveRange: 'takeProfit',
  gridEntryPriceInvalid: 'entryPrice',
};

/** A report describes the inputs it was run with: once they change it goes. */
const sameBody = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const percent = (ratio: string, locale: string) => `${formatAsGiven(new Decimal(ratio).times(100).toDecimalPlaces(2).toFixed(2), locale)} %`;

/**
 * The grid bot's create form (issue 21 part 2): range, grids, kind,
 * investment, the optional entry / stop-loss / take-profit prices and
 * trailing; the grid's figures; the form's gates; then the create. The new
 * bot shows in the grid panel that replaces the order lists.
 */
export function GridBotForm({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('trade');
  const id = useId();
  const locale = i18n.language;
  const [inputs, dispatch] = useReducer(reduceGrid, undefined, initialGrid);
  const [showErrors, setShowErrors] = useState(false);
  const { symbol, ctx, accountInfo } = useOrderContext(base, quote);
  const profile = useProfile().data;
  const create = useCreateGridBot();
  const backtest = useGridBacktest();
  const gates = useGateFlow({
    userId: profile?.userId ?? null,
    symbol: symbol ?? { baseTokenName: base, quoteTokenName: quote, mark: [] },
    upgradeTag: profile?.memberTags.UTA ?? null,
    riskState: accountInfo?.riskState ?? profile?.marginStatus ?? null,
  });
  const summary = useMemo(() => (ctx ? gridSummary(inputs, ctx.rules, ctx.lastPrice, ctx.feeRate) : null), [inputs, ctx]);
  const errors = useMemo(
    () => (ctx ? gridErrors(inputs, ctx.rules, ctx.lastPrice, ctx.feeRate, ctx.account && { quoteFree: ctx.account.quoteFree, baseFree: ctx.account.baseFree }) : []),
    [inputs, ctx],
  );
  if (!ctx || !summary) return null;
  const rules = ctx.rules;
  const shown = showErrors ? errors : [];
  const messageOf = (field: GridField) => {
    const error = shown.find((e) => (FIELD_OF[e.key] ?? (e.field === 'quantity' ? 'baseInvestment' : e.field === 'amount' ? 'quoteInvestment' : null)) === field);
    return error ? t(error.key, error.params ?? {}) : null;
  };
  const field = (name: GridField, label: string, unit?: string) => (
    <NumberField
      id={`${id}-${name}`}
      label={label}
      unit={unit}
      value={inputs[name]}
      message={messageOf(name)}
      invalid={messageOf(name) !== null}
      onInput={(text) => {
        dispatch({ type: 'field', field: name, text, rules });
        setShowErrors(false);
      }}
      onPaste={(text) => dispatch({ type: 'field', field: name, text, rules })}
      onBlur={() => undefined}
    />
  );
  const send = () =>
    create.mutate(gridCreateBody(inputs, rules.symbolId), {
      onSuccess: () => {
        toastStore.show(t('gridCreated', { pair: `${rules.baseCoin}/${rules.quoteCoin}` }), 'success');
      },
      onError: (error) => toastStore.show(placeFailure(error, t).text, 'error'),
    });
  /** The same checks as the create: a backtest of inputs the bot would refuse says nothing. */
  const runBacktest = () => {
    if (backtest.isPending) return;
    const first = errors[0];
    if (first) {
      setShowErrors(true);
      toastStore.show(t(first.key, first.params ?? {}), 'error');
      return;
    }
    backtest.mutate(gridCreateBody(inputs, rules.symbolId), { onError: (error) => toastStore.show(placeFailure(error, t).text, 'error') });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const first = errors[0];
    if (first) {
      setShowErrors(true);
      toastStore.show(t(first.key, first.params ?? {}), 'error');
      return;
    }
    gates.run({ proceed: send, block: (key) => toastStore.show(t(key), 'error') });
  };
  const formError = shown.find((e) => e.field === 'form' && !FIELD_OF[e.key]);

  return (
    <form className="grid-form" onSubmit={onSubmit} noValidate aria-label={t('tool_gridBot')}>
      {field('minPrice', t('gridMinPrice'), rules.quoteCoin)}
      {field('maxPrice', t('gridMaxPrice'), rules.quoteCoin)}
      {field('gridNumber', t('gridNumber'))}
      <fieldset className="scaled-order__distribution">
        <legend>{t('gridType')}</legend>
        {(['arithmetic', 'geometric'] as GridType[]).map((type) => (
          <label key={type}>
            <input type="radio" name={`${id}-type`} checked={inputs.type === type} onChange={() => dispatch({ type: 'gridType', value: type })} />
            {t(`gridType_${type}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="scaled-order__distribution">
        <legend>{t('gridFunding')}</legend>
        {(['quote', 'base', 'both'] as GridFunding[]).map((funding) => (
          <label key={funding}>
            <input type="radio" name={`${id}-funding`} checked={inputs.funding === funding} onChange={() => dispatch({ type: 'funding', value: funding })} />
            {funding === 'both' ? t('gridFunding_both') : funding === 'quote' ? rules.quoteCoin : rules.baseCoin}
          </label>
        ))}
      </fieldset>
      {inputs.funding !== 'base' && field('quoteInvestment', t('gridInvestment', { coin: rules.quoteCoin }), rules.quoteCoin)}
      {inputs.funding !== 'quote' && field('baseInvestment', t('gridInvestment', { coin: rules.baseCoin }), rules.baseCoin)}
      <details className="grid-form__advanced">
        <summary>{t('gridAdvanced')}</summary>
        {field('entryPrice', t('gridEntryPrice'), rules.quoteCoin)}
        {field('stopLoss', t('gridStopLoss'), rules.quoteCoin)}
        {field('takeProfit', t('gridTakeProfit'), rules.quoteCoin)}
        <label className="grid-form__check">
          <input type="checkbox" checked={inputs.trailing} onChange={(e) => dispatch({ type: 'trailing', on: e.target.checked })} />
          {t('gridTrailing')}
        </label>
      </details>
      <dl className="order-facts__list">
        <div className="order-facts__row">
          <dt>{t('gridProfitPerGrid')}</dt>
          <dd dir="ltr">{summary.profitPerGrid ? `${percent(summary.profitPerGrid.low, locale)} – ${percent(summary.profitPerGrid.high, locale)}` : '—'}</dd>
        </div>
        <div className="order-facts__row">
          <dt>{t('gridQtyPerGrid')}</dt>
          <dd dir="ltr">{summary.qtyPerGrid ? `${formatAsGiven(summary.qtyPerGrid, locale)} ${rules.baseCoin}` : '—'}</dd>
        </div>
        <div className="order-facts__row">
          <dt>{t('gridTotalInvestment')}</dt>
          <dd dir="ltr">{summary.totalInvestment ? `${formatAsGiven(summary.totalInvestment, locale)} ${rules.quoteCoin}` : '—'}</dd>
        </div>
      </dl>
      {formError && (
        <p className="order-submit__reason" role="alert">
          {t(formError.key, formError.params ?? {})}
        </p>
      )}
      <button type="button" className="grid-form__backtest" aria-busy={backtest.isPending || undefined} disabled={backtest.isPending} onClick={runBacktest}>
        {t(backtest.isPending ? 'gridBacktesting' : 'gridBacktest')}
      </button>
      {backtest.data && !backtest.isPending && sameBody(backtest.variables, gridCreateBody(inputs, rules.symbolId)) && <GridBacktestReport report={backtest.data} quoteCoin={rules.quoteCoin} tick={rules.tick} />}
      <button type="submit" className="order-submit__button order-submit__button--buy" aria-busy={create.isPending || undefined} disabled={create.isPending}>
        {t('gridCreate')}
      </button>
      <GateDialog {...gates.dialog} />
    </form>
  );
}
