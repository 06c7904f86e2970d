import { useTranslation } from 'react-i18next';
import { fieldText } from '../../domain/order-entry/form';
import type { LegKind, NumericField, OrderFormError } from '../../domain/order-entry/types';
import type { TradePreferences } from '../../domain/order-entry/tradePreferences';
import { NumberField } from './NumberField';
import { SizeSlider } from './SizeSlider';
import type { OrderEntryModel } from './useOrderEntry';

interface Props {
  model: OrderEntryModel;
  prefs: TradePreferences;
  /** failed checks to mark beside their fields (after a submit was refused) */
  errors: readonly OrderFormError[];
}

/** The fields of the chosen order type (spec 2 §1; REFERENCE.md "Order types"). */
export function OrderFields({ model, prefs, errors }: Props) {
  const { t } = useTranslation('trade');
  const { inputs, summary, actions, ctx } = model;
  if (!ctx || !summary) return null;
  const { baseCoin, quoteCoin } = ctx.rules;
  const errorOf = (field: NumericField) => errors.find((e) => e.field === field);

  const field = (name: NumericField, label: string, unit: string, extra: { value?: string; helpers?: React.ReactNode; placeholder?: string } = {}) => {
    const error = errorOf(name);
    const notice = inputs.notice?.field === name ? t(inputs.notice.key) : null;
    return (
      <NumberField
        key={name}
        id={`order-${name}`}
        label={label}
        unit={unit}
        value={extra.value ?? fieldText(inputs, name)}
        placeholder={extra.placeholder}
        helpers={extra.helpers}
        message={notice ?? (error ? t(error.key, error.params ?? {}) : null)}
        invalid={Boolean(notice || error)}
        onInput={(text) => actions.input(name, text)}
        onPaste={(text) => actions.paste(name, text)}
        onBlur={() => actions.blur(name)}
      />
    );
  };

  const priceHelpers = (
    <span className="order-field__helpers">
      <button type="button" className="link-button" disabled={!ctx.lastPrice} onClick={() => ctx.lastPrice && actions.pickPrice(ctx.lastPrice)}>
        {t('useLastPrice')}
      </button>
      <button
        type="button"
        className="link-button"
        disabled={!(inputs.side === 'Buy' ? ctx.bestBid : ctx.bestAsk)}
        onClick={() => {
          const best = inputs.side === 'Buy' ? ctx.bestBid : ctx.bestAsk;
          if (best) actions.pickPrice(best);
        }}
      >
        {t(inputs.side === 'Buy' ? 'bestBid' : 'bestAsk')}
      </button>
    </span>
  );

  // The derived size shows what the other one comes to; the one the trader writes shows their text.
  const sizes = (byUnit: boolean) => {
    if (byUnit) {
      return summary.sizeField === 'amount'
        ? field('amount', t('orderValue'), quoteCoin)
        : field('quantity', t('quantity'), baseCoin);
    }
    return (
      <>
        {field('quantity', t('quantity'), baseCoin, { value: summary.sizeField === 'amount' ? (summary.quantity ?? '') : inputs.quantity })}
        {field('amount', t('orderValue'), quoteCoin, { value: summary.sizeField === 'quantity' ? (summary.amount ?? '') : inputs.amount })}
      </>
    );
  };

  const kindSelect = (id: string, label: string, value: LegKind, onChange: (kind: LegKind) => void) => (
    <label className="order-select" htmlFor={id}>
      <span className="order-select__label">{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as LegKind)}>
        <option value="limit">{t('limit')}</option>
        <option value="market">{t('market')}</option>
      </select>
    </label>
  );

  const unitSwitch = prefs.showBaseOrQuote && (
    <label className="order-select" htmlFor="order-market-unit">
      <span className="order-select__label">{t('sizeIn')}</span>
      <select id="order-market-unit" value={inputs.marketUnit} onChange={(e) => actions.choose({ marketUnit: e.target.value as 'baseCoin' | 'quoteCoin' })}>
        <option value="quoteCoin">{t('byValue', { coin: quoteCoin })}</option>
        <option value="baseCoin">{t('byQuantity', { coin: baseCoin })}</option>
      </select>
    </label>
  );

  const slider = <SizeSlider percent={summary.percentOfMax} onChange={actions.setPercent} disabled={!ctx.account} />;

  switch (inputs.type) {
    case 'limit':
    case 'stopLimit':
      return (
        <>
          {inputs.type === 'stopLimit' && field('triggerPrice', t('triggerPrice'), quoteCoin)}
          {field('price', t('price'), quoteCoin, { helpers: priceHelpers })}
          {sizes(false)}
          {slider}
          {inputs.type === 'limit' && prefs.showTpSl && (
            <fieldset className={inputs.tpslOn ? 'order-leg order-tpsl' : 'order-leg order-tpsl order-tpsl--off'}>
              <legend>
                <label className="order-tpsl__switch">
                  <input type="checkbox" checked={inputs.tpslOn} onChange={(e) => actions.choose({ tpslOn: e.target.checked })} />
                  {t('attachTpSl')}
                </label>
              </legend>
              {inputs.tpslOn && (
                <>
                  {field('takeProfit', t('takeProfitTrigger'), quoteCoin)}
                  {field('stopLoss', t('stopLossTrigger'), quoteCoin)}
                  <p className="order-tpsl__note">{t('attachTpSlNote')}</p>
                </>
              )}
            </fieldset>
          )}
        </>
      );
    case 'market':
      return (
        <>
          <p className="order-entry__market-price">{t('marketPriceNote')}</p>
          {unitSwitch}
          {sizes(true)}
          {slider}
        </>
      );
    case 'conditional':
    case 'tpsl':
      return (
        <>
          {field('triggerPrice', t('triggerPrice'), quoteCoin)}
          {kindSelect('order-plan-kind', t('executeAs'), inputs.planKind, (planKind) => actions.choose({ planKind }))}
          {inputs.planKind === 'limit' ? (
            <>
              {field('price', t('price'), quoteCoin, { helpers: priceHelpers })}
              {sizes(false)}
            </>
          ) : (
            <>
              {unitSwitch}
              {sizes(true)}
            </>
          )}
          {slider}
        </>
      );
    case 'oco':
      return (
        <>
          <fieldset className="order-leg" data-tour="oco-take-profit">
            <legend>{t('takeProfitLeg')}</legend>
            {field('ocoTpTrigger', t('takeProfitTrigger'), quoteCoin)}
            {kindSelect('order-oco-tp-kind', t('executeAs'), inputs.oco.takeProfit.kind, (ocoTpKind) => actions.choose({ ocoTpKind }))}
            {inputs.oco.takeProfit.kind === 'limit' && field('ocoTpPrice', t('takeProfitPrice'), quoteCoin)}
          </fieldset>
          <fieldset className="order-leg" data-tour="oco-stop-loss">
            <legend>{t('stopLossLeg')}</legend>
            {field('ocoSlTrigger', t('stopLossTrigger'), quoteCoin)}
            {kindSelect('order-oco-sl-kind', t('executeAs'), inputs.oco.stopLoss.kind, (ocoSlKind) => actions.choose({ ocoSlKind }))}
            {inputs.oco.stopLoss.kind === 'limit' && field('ocoSlPrice', t('stopLossPrice'), quoteCoin)}
          </fieldset>
          {field('quantity', t('quantity'), baseCoin)}
          {slider}
        </>
      );
    case 'trailing':
      return (
        <>
          {field('trailingActivation', t('activationPrice'), quoteCoin, { placeholder: t('optional') })}
          <label className="order-select" htmlFor="order-trailing-by">
            <span className="order-select__label">{t('trailBy')}</span>
            <select id="order-trailing-by" value={inputs.trailingBy} onChange={(e) => actions.choose({ trailingBy: e.target.value as 'value' | 'percent' })}>
              <option value="percent">{t('trailByPercent')}</option>
              <option value="value">{t('trailByValue')}</option>
            </select>
          </label>
          {field('trailingValue', t(inputs.trailingBy === 'percent' ? 'trailingRate' : 'trailingDistance'), inputs.trailingBy === 'percent' ? '%' : quoteCoin)}
          {field('quantity', t('quantity'), baseCoin)}
          {slider}
        </>
      );
  }
}
