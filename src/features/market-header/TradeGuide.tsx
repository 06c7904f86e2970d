import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_GUIDE_PREF_KEY, tradeGuideState } from '../../domain/headerRules';
import { useSavePreferences, useUserPreferences } from '../../data/userPreferences';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

const STEPS = ['guideStepMarket', 'guideStepBook', 'guideStepOrder', 'guideStepOrders'] as const;

/**
 * The trade guide (spec 1 §2.4, §4): a short walk through the page. A
 * signed-in new user gets it once on their own; finishing or closing it marks
 * it read on the server (preference save). Anyone can open it again.
 */
export function TradeGuide() {
  const { t } = useTranslation('market');
  const preferences = useUserPreferences();
  const save = useSavePreferences();
  const state = tradeGuideState(preferences.loaded, preferences.values[TRADE_GUIDE_PREF_KEY]);
  const [opened, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [step, setStep] = useState(0);
  // A new user sees it once without asking; the server flag then says read.
  const open = opened || (state === 'new' && !dismissed);

  const finish = () => {
    setOpen(false);
    setDismissed(true);
    setStep(0);
    if (preferences.loggedIn && state !== 'read') save.mutate({ [TRADE_GUIDE_PREF_KEY]: 'read' });
  };
  const last = step === STEPS.length - 1;
  const current = STEPS[step] ?? STEPS[0];

  return (
    <>
      <button type="button" className="btn btn--ghost" data-guide-state={state} onClick={() => setOpen(true)}>
        {t('tradeGuide')}
      </button>
      <Dialog
        open={open}
        title={t('tradeGuideTitle')}
        onClose={finish}
        actions={
          <>
            <Button variant="secondary" onClick={finish}>{t('guideClose')}</Button>
            {step > 0 && <Button variant="secondary" onClick={() => setStep(step - 1)}>{t('guideBack')}</Button>}
            <Button variant="primary" onClick={last ? finish : () => setStep(step + 1)}>{last ? t('guideFinish') : t('guideNext')}</Button>
          </>
        }
      >
        <p className="trade-guide__progress">{t('guideProgress', { step: step + 1, total: STEPS.length })}</p>
        <h3 className="trade-guide__step">{t(`${current}Title`)}</h3>
        <p>{t(`${current}Text`)}</p>
      </Dialog>
    </>
  );
}
