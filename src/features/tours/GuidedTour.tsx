import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOURS, type TourId } from '../../domain/tours';
import { useSavePreferences } from '../../data/userPreferences';
import { Tour } from '../../ui/Tour';

interface GuidedTourProps {
  id: TourId;
  /** 0-based step to start on (the onboarding resumes where a reload left it) */
  initialStep?: number;
  /** write the tour's preference key 'read' when it ends (a signed-in user who had not read it) */
  markRead: boolean;
  onStepChange?: (step: number) => void;
  onClosed: () => void;
  /** show only once the first step's element is on screen (see Tour) */
  waitForTarget?: boolean;
  /** show only after a moment without key or pointer presses (see Tour) */
  waitForQuiet?: boolean;
}

/**
 * One of the page's tours (domain/tours.ts) with its translated texts. Ending
 * it — Finish, Skip or Escape — stores it as read through the preference
 * call (spec 1 §7), so it is not shown again on any device.
 */
export function GuidedTour({ id, initialStep = 0, markRead, onStepChange, onClosed, waitForTarget = false, waitForQuiet = false }: GuidedTourProps) {
  const { t } = useTranslation('market');
  const save = useSavePreferences();
  const [step, setStep] = useState(initialStep);
  const tour = TOURS[id];
  const steps = tour.steps.map((s) => ({ target: s.target, title: t(`${s.key}Title`), text: t(`${s.key}Text`) }));

  return (
    <Tour
      title={t(tour.titleKey)}
      steps={steps}
      step={step}
      waitForTarget={waitForTarget}
      waitForQuiet={waitForQuiet}
      onStep={(next) => {
        setStep(next);
        onStepChange?.(next);
      }}
      onClose={() => {
        if (markRead) save.mutate({ [tour.prefKey]: 'read' });
        onClosed();
      }}
      labels={{
        progress: t('guideProgress', { step: step + 1, total: steps.length }),
        next: t('guideNext'),
        back: t('guideBack'),
        skip: t('guideSkip'),
        finish: t('guideFinish'),
      }}
    />
  );
}
