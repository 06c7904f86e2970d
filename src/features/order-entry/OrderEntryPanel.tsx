import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_TYPES, TAB_TYPES, TIME_IN_FORCE, type OrderFormType, type Side, type SlippageKind, type TimeInForce } from '../../domain/order-entry/types';
import { useProfile } from '../../data/queries';
import { OrderFormTour } from '../tours';
import { GateDialog, TradePreferencesPopover } from './parts';
import { LeverageSwitch } from './LeverageSwitch';
import { NoticeSettings } from './NoticeSettings';
import { OrderFacts } from './OrderFacts';
import { OrderFields } from './OrderFields';
import { SideSwitch } from './SideSwitch';
import { SubmitArea } from './SubmitArea';
import { useOrderEntry } from './useOrderEntry';
import { useOrderPreferences } from './useOrderPreferences';
import { useSubmitOrder } from './useSubmitOrder';
import './orderEntry.css';

const TYPE_LABEL: Record<OrderFormType, string> = {
  limit: 'limit',
  market: 'market',
  conditional: 'conditional',
  stopLimit: 'stopLimit',
  tpsl: 'tpsl',
  oco: 'oco',
  trailing: 'trailingStop',
};

/** A side the page asks the form to take (the phone's Buy / Sell bar); `at` makes a repeat of the same side a new request. */
export interface SideRequest {
  side: Side;
  at: number;
}

/**
 * Order entry on the Trade tab (spec 2 §1, §2 'standard'): side, type,
 * the type's fields, the figures, and the submit — or, for a visitor, the
 * log-in and sign-up links. Alt+Shift+B / Alt+Shift+S switch side and
 * focus the form from anywhere on the page.
 */
export function OrderEntryPanel({ base, quote, sideRequest }: { base: string; quote: string; sideRequest?: SideRequest | null }) {
  const { t } = useTranslation('trade');
  const profile = useProfile().data;
  const model = useOrderEntry(base, quote);
  const submit = useSubmitOrder(model);
  const { prefs, context: prefContext } = useOrderPreferences(profile ?? null);
  const { inputs, actions, ctx } = model;
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const loggedIn = profile?.loggedIn ?? false;

  const menuTypes = MENU_TYPES.filter((type) => (type === 'oco' ? !profile?.isDemo : type === 'trailing' ? profile?.accountType === 'UTA' : true));
  const banned = ctx ? (inputs.side === 'Buy' ? ctx.rules.isBanBuy : ctx.rules.isBanSell) : false;

  // setSide is stable (the actions object around it is not): the form takes the side once per request.
  const { setSide } = actions;
  useEffect(() => {
    if (sideRequest) setSide(sideRequest.side);
  }, [sideRequest, setSide]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey) return;
      const side: Side | null = event.code === 'KeyB' ? 'Buy' : event.code === 'KeyS' ? 'Sell' : null;
      if (!side) return;
      event.preventDefault();
      actions.setSide(side);
      formRef.current?.querySelector<HTMLInputElement>('input:not([type=range])')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn || banned) return;
    submit.submit();
  };
  // A held Enter repeats keydown: only the first press may submit.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Enter' && event.repeat) event.preventDefault();
    };
    form.addEventListener('keydown', onKeyDown);
    return () => form.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section className="order-entry" aria-labelledby={titleId}>
      <header className="order-entry__header">
        <h2 id={titleId} className="order-entry__title">{t('tradeTab')}</h2>
        {loggedIn && (
          <TradePreferencesPopover userId={profile?.userId ?? null} context={prefContext}>
            <NoticeSettings />
          </TradePreferencesPopover>
        )}
      </header>
      <form ref={formRef} className="order-entry__form" onSubmit={onSubmit} noValidate aria-label={t('orderForm')}>
        <SideSwitch side={inputs.side} onChange={actions.setSide} />
        {loggedIn && prefs.showSpotMargin && <LeverageSwitch showLeverage={prefs.showLeverage} />}
        <div className="order-types" role="group" aria-label={t('orderType')}>
          {TAB_TYPES.map((type) => (
            <button key={type} type="button" className="order-types__tab" aria-pressed={inputs.type === type} onClick={() => actions.setType(type)}>
              {t(TYPE_LABEL[type])}
            </button>
          ))}
          <select
            className="order-types__more"
            aria-label={t('moreOrderTypes')}
            value={(MENU_TYPES as readonly string[]).includes(inputs.type) ? inputs.type : ''}
            onChange={(e) => e.target.value && actions.setType(e.target.value as OrderFormType)}
          >
            <option value="">{t('moreOrderTypes')}</option>
            {menuTypes.map((type) => (
              <option key={type} value={type}>{t(TYPE_LABEL[type])}</option>
            ))}
          </select>
        </div>
        {ctx ? (
          <>
            <OrderFields model={model} prefs={prefs} errors={submit.showErrors ? model.errors : []} />
            {inputs.type === 'limit' && prefs.showTimeInForce && (
              <label className="order-select" htmlFor="order-tif">
                <span className="order-select__label">{t('timeInForce')}</span>
                <select id="order-tif" value={inputs.timeInForce} onChange={(e) => actions.choose({ timeInForce: e.target.value as TimeInForce })}>
                  {TIME_IN_FORCE.filter((tif) => tif !== 'PostOnly' || prefs.showPostOnly).map((tif) => (
                    <option key={tif} value={tif}>{t(`tif${tif}`)}</option>
                  ))}
                </select>
              </label>
            )}
            {(inputs.type === 'market' || ((inputs.type === 'conditional' || inputs.type === 'tpsl') && inputs.planKind === 'market')) && prefs.showMaxSlippageLimit && (
              <SlippageControl model={model} />
            )}
            <OrderFacts model={model} prefs={prefs} />
          </>
        ) : (
          <p className="order-entry__loading" role="status">{t('loadingSymbol')}</p>
        )}
        {submit.flags.tryLimit && <p className="order-entry__flag" role="alert">{t('tradeTryLimit')}</p>}
        {submit.flags.standardAccountLimit && <p className="order-entry__flag" role="alert">{t('standardAccountLimit')}</p>}
        <SubmitArea loggedIn={loggedIn} side={inputs.side} baseCoin={ctx?.rules.baseCoin ?? base} pending={submit.pending} banned={banned} ready={ctx !== null} />
      </form>
      {loggedIn && <OrderFormTour type={inputs.type} leverageSwitchShown={prefs.showSpotMargin} />}
      <GateDialog gate={submit.gate} onAccept={submit.acceptGate} onCancel={submit.cancelGate} />
    </section>
  );
}

function SlippageControl({ model }: { model: ReturnType<typeof useOrderEntry> }) {
  const { t } = useTranslation('trade');
  const { inputs, actions } = model;
  return (
    <div className="order-slippage">
      <label className="order-select" htmlFor="order-slippage-kind">
        <span className="order-select__label">{t('maxSlippage')}</span>
        <select id="order-slippage-kind" value={inputs.slippageKind} onChange={(e) => actions.choose({ slippageKind: e.target.value as SlippageKind })}>
          <option value="none">{t('slippageNone')}</option>
          <option value="ticks">{t('slippageTicks')}</option>
          <option value="percent">{t('slippagePercent')}</option>
        </select>
      </label>
      {inputs.slippageKind !== 'none' && (
        <label className="order-select" htmlFor="order-slippage">
          <span className="order-select__label">{t(inputs.slippageKind === 'ticks' ? 'slippageTicksValue' : 'slippagePercentValue')}</span>
          <input
            id="order-slippage"
            className="order-field__input num"
            inputMode="decimal"
            dir="ltr"
            value={inputs.slippage}
            onChange={(e) => actions.input('slippage', e.target.value)}
            onPaste={(e) => {
              e.preventDefault();
              actions.paste('slippage', e.clipboardData.getData('text'));
            }}
          />
        </label>
      )}
    </div>
  );
}
