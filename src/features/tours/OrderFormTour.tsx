import { useState } from 'react';
import type { OrderFormType } from '../../domain/order-entry/types';
import { orderFormTour, type TourId } from '../../domain/tours';
import { useLeverageSettings } from '../../data/spotMargin';
import { useUserPreferences } from '../../data/userPreferences';
import { GuidedTour } from './GuidedTour';

/**
 * The order form's first-time tours: the OCO or trailing-stop steps when that
 * type is first opened, the leverage switch when it first shows (spec 1 §2.8).
 */
export function OrderFormTour({ type, leverageSwitchShown }: { type: OrderFormType; leverageSwitchShown: boolean }) {
  const preferences = useUserPreferences();
  const { settings } = useLeverageSettings();
  // Closed this session: the preference save may still be on its way.
  const [ended, setEnded] = useState<readonly TourId[]>([]);
  const due = orderFormTour(preferences, type, leverageSwitchShown && settings !== null);
  if (!due || ended.includes(due)) return null;
  // A phone's order sheet may be closed: the tour waits until its control is on screen, and until the trader pauses.
  return <GuidedTour key={due} id={due} markRead waitForTarget waitForQuiet onClosed={() => setEnded((list) => [...list, due])} />;
}
