/**
 * Guided tours over the page's own elements (spec 1 §2.8 "Guided tours:
 * new-user onboarding, OCO and trailing stop steps, and a leverage switch";
 * §4 trade guide state; §9 default step guide state [1,3]).
 *
 * A tour is a list of steps, each pointing at an element by CSS selector. A
 * finished or skipped tour is stored through the preference call (spec 1 §7)
 * under its own key, so it is never shown again on any device.
 */
import { TRADE_GUIDE_PREF_KEY } from './headerRules';
import type { OrderFormType } from './order-entry/types';

export type TourId = 'onboarding' | 'oco' | 'trailing' | 'leverage';

export interface TourStep {
  /** CSS selector of the element the spotlight sits on; a step whose element is not on screen centres its card */
  target: string;
  /** translation key stem: `${key}Title`, `${key}Text` */
  key: string;
}

export interface TourDefinition {
  prefKey: string;
  /** translation key of the tour's title (the card's accessible name) */
  titleKey: string;
  steps: readonly TourStep[];
}

export const TOURS: Record<TourId, TourDefinition> = {
  onboarding: {
    prefKey: TRADE_GUIDE_PREF_KEY,
    titleKey: 'tradeGuideTitle',
    steps: [
      { target: '#market-header', key: 'guideStepMarket' },
      { target: '.ob', key: 'guideStepBook' },
      { target: '.order-entry', key: 'guideStepOrder' },
    ],
  },
  oco: {
    prefKey: 'spot_tour_oco',
    titleKey: 'tourOcoTitle',
    steps: [
      { target: '[data-tour="oco-take-profit"]', key: 'tourOcoTakeProfit' },
      { target: '[data-tour="oco-stop-loss"]', key: 'tourOcoStopLoss' },
      { target: '.order-field:has(#order-quantity)', key: 'tourOcoQuantity' },
    ],
  },
  trailing: {
    prefKey: 'spot_tour_trailing',
    titleKey: 'tourTrailingTitle',
    steps: [
      { target: '.order-field:has(#order-trailingActivation)', key: 'tourTrailingActivation' },
      { target: '.order-field:has(#order-trailingValue)', key: 'tourTrailingDistance' },
      { target: '.order-field:has(#order-quantity)', key: 'tourTrailingQuantity' },
    ],
  },
  leverage: {
    prefKey: 'spot_tour_leverage',
    titleKey: 'tourLeverageTitle',
    steps: [{ target: '[data-tour="leverage-switch"]', key: 'tourLeverageSwitch' }],
  },
};

/** [step, total] of the onboarding tour, 1-based: where a reload picks it up. */
export type StepGuideState = readonly [step: number, total: number];

export const DEFAULT_STEP_GUIDE: StepGuideState = [1, TOURS.onboarding.steps.length];

/**
 * Stored step-guide state is untrusted: anything that is not [step, total]
 * with 1 ≤ step ≤ total and the tour's current length starts over at [1,3].
 */
export function parseStepGuide(stored: unknown): StepGuideState {
  if (!Array.isArray(stored) || stored.length !== 2) return DEFAULT_STEP_GUIDE;
  const [step, total] = stored as unknown[];
  if (typeof step !== 'number' || typeof total !== 'number') return DEFAULT_STEP_GUIDE;
  if (!Number.isInteger(step) || total !== DEFAULT_STEP_GUIDE[1] || step < 1 || step > total) return DEFAULT_STEP_GUIDE;
  return [step, total];
}

export interface Preferences {
  loaded: boolean;
  values: Readonly<Record<string, string>>;
}

/** A tour is due once the preferences are known and its key is not 'read'. */
export function tourDue(id: TourId, prefs: Preferences): boolean {
  return prefs.loaded && prefs.values[TOURS[id].prefKey] !== 'read';
}

/**
 * The order form's tour, if any: the OCO or trailing-stop steps the first
 * time that type is open, else the leverage switch the first time it is on
 * screen. Never before the new-user onboarding is done, so two tours never
 * stand over each other.
 */
export function orderFormTour(prefs: Preferences, type: OrderFormType, leverageSwitchShown: boolean): TourId | null {
  if (tourDue('onboarding', prefs)) return null;
  if (type === 'oco' && tourDue('oco', prefs)) return 'oco';
  if (type === 'trailing' && tourDue('trailing', prefs)) return 'trailing';
  if (leverageSwitchShown && tourDue('leverage', prefs)) return 'leverage';
  return null;
}

export type TourKey = 'next' | 'back' | 'close' | null;

/** Arrow keys follow the reading direction: in RTL the left arrow goes forward. */
export function tourKey(key: string, dir: 'ltr' | 'rtl'): TourKey {
  if (key === 'Escape') return 'close';
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return 'next';
  if (key === backward) return 'back';
  return null;
}

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}
export type CardSide = 'below' | 'above' | 'end' | 'start' | 'over' | 'centre';
export interface CardPlace {
  top: number;
  left: number;
  side: CardSide;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, Math.max(low, high)));

/**
 * Where the step's card goes: below the element, else above, else beside it
 * on the reading side (right in LTR, left in RTL), else the other side; an
 * element that fills the screen gets the card over its lower edge. Without an
 * element on screen the card is centred. Always inside the viewport, `margin`
 * from its edges.
 */
export function placeTourCard(target: Rect | null, card: Size, viewport: Size, dir: 'ltr' | 'rtl', gap = 12, margin = 8): CardPlace {
  const maxLeft = viewport.width - card.width - margin;
  const maxTop = viewport.height - card.height - margin;
  if (!target || target.width <= 0 || target.height <= 0) {
    return { top: clamp((viewport.height - card.height) / 2, margin, maxTop), left: clamp((viewport.width - card.width) / 2, margin, maxLeft), side: 'centre' };
  }
  const right = target.left + target.width;
  const bottom = target.top + target.height;
  // Aligned with the element's starting edge: its left in LTR, its right in RTL.
  const alignedLeft = clamp(dir === 'rtl' ? right - card.width : target.left, margin, maxLeft);
  if (bottom + gap + card.height <= viewport.height - margin) return { top: clamp(bottom + gap, margin, maxTop), left: alignedLeft, side: 'below' };
  if (target.top - gap - card.height >= margin) return { top: clamp(target.top - gap - card.height, margin, maxTop), left: alignedLeft, side: 'above' };
  const sideTop = clamp(target.top, margin, maxTop);
  const fitsRight = right + gap + card.width <= viewport.width - margin;
  const fitsLeft = target.left - gap - card.width >= margin;
  const endIsRight = dir === 'ltr';
  if (endIsRight ? fitsRight : fitsLeft) return { top: sideTop, left: endIsRight ? right + gap : target.left - gap - card.width, side: 'end' };
  if (endIsRight ? fitsLeft : fitsRight) return { top: sideTop, left: endIsRight ? target.left - gap - card.width : right + gap, side: 'start' };
  return { top: clamp(bottom - card.height - margin, margin, maxTop), left: clamp((viewport.width - card.width) / 2, margin, maxLeft), side: 'over' };
}
