import { describe, expect, it } from 'vitest';
import { DEFAULT_STEP_GUIDE, orderFormTour, parseStepGuide, placeTourCard, TOURS, tourDue, tourKey } from './tours';

const loaded = (values: Record<string, string> = {}) => ({ loaded: true, values });
const allRead = loaded({ spot_new_user_trade_guide: 'read', spot_tour_oco: 'read', spot_tour_trailing: 'read', spot_tour_leverage: 'read' });

describe('step guide state', () => {
  it('starts at [1,3], the onboarding tour has three steps', () => {
    expect(DEFAULT_STEP_GUIDE).toEqual([1, 3]);
    expect(TOURS.onboarding.steps).toHaveLength(3);
  });

  it('keeps a stored step within the tour', () => {
    expect(parseStepGuide([2, 3])).toEqual([2, 3]);
    expect(parseStepGuide([3, 3])).toEqual([3, 3]);
  });

  it.each([[undefined], [null], ['[2,3]'], [[0, 3]], [[4, 3]], [[2, 5]], [[1.5, 3]], [[2]], [{ step: 2 }], [['2', '3']], [[Number.NaN, 3]]])(
    'starts over on damaged state %j',
    (stored) => {
      expect(parseStepGuide(stored)).toEqual([1, 3]);
    },
  );
});

describe('which tour is due', () => {
  it('none while the preferences are unknown (a visitor or still loading)', () => {
    expect(tourDue('onboarding', { loaded: false, values: {} })).toBe(false);
    expect(orderFormTour({ loaded: false, values: {} }, 'oco', true)).toBeNull();
  });

  it('the onboarding first; the order form waits until it is read', () => {
    expect(tourDue('onboarding', loaded())).toBe(true);
    expect(orderFormTour(loaded(), 'oco', true)).toBeNull();
  });

  it('OCO and trailing steps the first time that type is open, then the leverage switch', () => {
    const afterOnboarding = loaded({ spot_new_user_trade_guide: 'read' });
    expect(orderFormTour(afterOnboarding, 'oco', false)).toBe('oco');
    expect(orderFormTour(afterOnboarding, 'trailing', true)).toBe('trailing');
    expect(orderFormTour(afterOnboarding, 'limit', true)).toBe('leverage');
    expect(orderFormTour(afterOnboarding, 'limit', false)).toBeNull();
    expect(orderFormTour({ ...afterOnboarding, values: { ...afterOnboarding.values, spot_tour_oco: 'read' } }, 'oco', true)).toBe('leverage');
  });

  it('never again once read', () => {
    for (const type of ['oco', 'trailing', 'limit'] as const) expect(orderFormTour(allRead, type, true)).toBeNull();
  });
});

describe('tour keys', () => {
  it('arrows follow the reading direction; Escape closes', () => {
    expect(tourKey('ArrowRight', 'ltr')).toBe('next');
    expect(tourKey('ArrowLeft', 'ltr')).toBe('back');
    expect(tourKey('ArrowLeft', 'rtl')).toBe('next');
    expect(tourKey('ArrowRight', 'rtl')).toBe('back');
    expect(tourKey('Escape', 'rtl')).toBe('close');
    expect(tourKey('Enter', 'ltr')).toBeNull();
  });
});

describe('card placement', () => {
  const card = { width: 300, height: 160 };
  const desktop = { width: 1440, height: 900 };

  it('below the element, aligned with its starting edge', () => {
    const header = { top: 50, left: 100, width: 800, height: 60 };
    expect(placeTourCard(header, card, desktop, 'ltr')).toEqual({ top: 122, left: 100, side: 'below' });
    // RTL: the card's right edge on the element's right edge.
    expect(placeTourCard(header, card, desktop, 'rtl')).toEqual({ top: 122, left: 600, side: 'below' });
  });

  it('above when there is no room below', () => {
    const orders = { top: 700, left: 20, width: 900, height: 190 };
    expect(placeTourCard(orders, card, desktop, 'ltr')).toEqual({ top: 528, left: 20, side: 'above' });
  });

  it('beside a tall element: the reading side first', () => {
    const form = { top: 60, left: 1100, width: 330, height: 830 };
    expect(placeTourCard(form, card, desktop, 'ltr')).toEqual({ top: 60, left: 788, side: 'start' });
    const book = { top: 60, left: 700, width: 300, height: 830 };
    expect(placeTourCard(book, card, desktop, 'ltr')).toEqual({ top: 60, left: 1012, side: 'end' });
    expect(placeTourCard(book, card, desktop, 'rtl')).toEqual({ top: 60, left: 388, side: 'end' });
  });

  it('over the lower edge of an element that fills a phone screen, inside the screen', () => {
    const phone = { width: 320, height: 640 };
    const place = placeTourCard({ top: 0, left: 0, width: 320, height: 640 }, { width: 304, height: 180 }, phone, 'ltr');
    expect(place).toEqual({ top: 452, left: 8, side: 'over' });
  });

  it('centred without an element on screen', () => {
    expect(placeTourCard(null, card, desktop, 'ltr')).toEqual({ top: 370, left: 570, side: 'centre' });
    expect(placeTourCard({ top: 0, left: 0, width: 0, height: 0 }, card, desktop, 'rtl').side).toBe('centre');
  });

  it('never leaves the viewport, even off-screen elements', () => {
    const place = placeTourCard({ top: -400, left: 1500, width: 200, height: 100 }, card, desktop, 'ltr');
    expect(place.left).toBeGreaterThanOrEqual(8);
    expect(place.left + card.width).toBeLessThanOrEqual(desktop.width - 8);
    expect(place.top).toBeGreaterThanOrEqual(8);
  });
});
