import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_GUIDE_PREF_KEY, tradeGuideState } from '../../domain/headerRules';
import { DEFAULT_STEP_GUIDE, parseStepGuide } from '../../domain/tours';
import { readJson, STORAGE_KEYS, writeJson } from '../../data/storage';
import { useUserPreferences } from '../../data/userPreferences';
import { GuidedTour } from '../tours';

/**
 * The trade guide (spec 1 §2.4, §4): the new-user onboarding tour over the
 * header, the order book and the order form. A signed-in new user gets it once
 * on their own, picking up at the stored step-guide state (default [1,3]) after
 * a reload; finishing or closing it marks it read on the server. Anyone can
 * open it again from the header.
 */
export function TradeGuide() {
  const { t } = useTranslation('market');
  const preferences = useUserPreferences();
  const state = tradeGuideState(preferences.loaded, preferences.values[TRADE_GUIDE_PREF_KEY]);
  const [opened, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const unasked = state === 'new' && !dismissed && !opened;
  const open = opened || unasked;
  const resumeAt = unasked ? parseStepGuide(readJson(STORAGE_KEYS.stepGuide))[0] - 1 : 0;

  return (
    <>
      <button type="button" className="btn btn--ghost" data-guide-state={state} onClick={() => setOpen(true)}>
        {t('tradeGuide')}
      </button>
      {open && (
        <GuidedTour
          id="onboarding"
          initialStep={resumeAt}
          markRead={preferences.loggedIn && state !== 'read'}
          onStepChange={(step) => writeJson(STORAGE_KEYS.stepGuide, [step + 1, DEFAULT_STEP_GUIDE[1]])}
          onClosed={() => {
            writeJson(STORAGE_KEYS.stepGuide, DEFAULT_STEP_GUIDE);
            setOpen(false);
            setDismissed(true);
          }}
        />
      )}
    </>
  );
}
