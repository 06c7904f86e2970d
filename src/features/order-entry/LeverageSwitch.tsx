import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { leverageOn, MAX_LEVERAGE, MIN_LEVERAGE, switchStep } from '../../domain/order-entry/leverage';
import { ApiError } from '../../data/http';
import { useLeverageActions, useLeverageSettings } from '../../data/spotMargin';
import { toastStore } from '../../data/toasts';
import { LeverageOnboarding } from './LeverageOnboarding';

const LEVERAGES = Array.from({ length: MAX_LEVERAGE - MIN_LEVERAGE + 1 }, (_, i) => MIN_LEVERAGE + i);

/**
 * The spot-margin switch of a unified account (spec 1 §2.8 "a leverage
 * switch", §5 leverage check) and, while it is on, the leverage. Switching
 * on the first time runs the confirmation and the quiz; isolated margin mode
 * refuses with its message. Each change is told once the exchange stored it.
 */
export function LeverageSwitch({ showLeverage }: { showLeverage: boolean }) {
  const { t } = useTranslation('trade');
  const { settings } = useLeverageSettings();
  const { change } = useLeverageActions();
  const [onboarding, setOnboarding] = useState<'confirm' | 'quiz' | null>(null);
  if (!settings) return null;
  const on = leverageOn(settings);
  const failed = (error: unknown) =>
    toastStore.show(t('spotMarginChangeFailed', { message: error instanceof ApiError ? error.message : String(error) }), 'error');
  const turn = (spotMargin: boolean) =>
    change.mutate({ spotMargin }, { onSuccess: (s) => toastStore.show(t(s.spotMargin ? 'spotMarginOn' : 'spotMarginOff'), 'success'), onError: failed });
  const press = () => {
    const step = switchStep(settings);
    if (step.kind === 'block') toastStore.show(t(step.messageKey), 'error');
    else if (step.kind === 'onboard') setOnboarding(step.step);
    else turn(step.spotMargin);
  };
  return (
    <div className="order-leverage" data-tour="leverage-switch">
      <button type="button" role="switch" className="order-leverage__switch" aria-checked={on} disabled={change.isPending} onClick={press}>
        <span className="order-leverage__track" aria-hidden="true" />
        {t('spotMargin')}
      </button>
      {on && showLeverage && (
        <label className="order-leverage__pick">
          <span>{t('leverageLabel')}</span>
          <select
            value={settings.leverage}
            disabled={change.isPending}
            onChange={(e) =>
              change.mutate(
                { leverage: Number(e.target.value) },
                { onSuccess: (s) => toastStore.show(t('spotMarginLeverageSet', { leverage: s.leverage }), 'success'), onError: failed },
              )
            }
          >
            {LEVERAGES.map((n) => (
              <option key={n} value={n}>{n}x</option>
            ))}
          </select>
        </label>
      )}
      {/* Outside the order form: Enter in the quiz must not submit an order, and the form's first field stays its own. */}
      {onboarding &&
        createPortal(
          <LeverageOnboarding
            step={onboarding}
            onStep={setOnboarding}
            onPassed={() => {
              setOnboarding(null);
              turn(true);
            }}
          />,
          document.body,
        )}
    </div>
  );
}
