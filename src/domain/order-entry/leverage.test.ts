import { describe, expect, it } from 'vitest';
import {
  borrowedAmount, ISOLATED_MODE_TIP, LEVERAGE_NOT_CONFIRMED_TIP, LEVERAGE_OFF_TIP, leverageCheck, leverageOn, quizComplete, switchStep, type LeverageSettings,
} from './leverage';

const NEW: LeverageSettings = { spotMargin: false, leverage: 10, confirmed: false, quizPassed: false, marginMode: 'REGULAR_MARGIN' };
const READY: LeverageSettings = { ...NEW, confirmed: true, quizPassed: true };
const ON: LeverageSettings = { ...READY, spotMargin: true };

describe('spot leverage (spec 1 §5)', () => {
  it('is on only when switched on, confirmed, passed and not in isolated mode', () => {
    expect(leverageOn(ON)).toBe(true);
    expect(leverageOn(null)).toBe(false);
    expect(leverageOn(READY)).toBe(false);
    expect(leverageOn({ ...ON, quizPassed: false })).toBe(false);
    expect(leverageOn({ ...ON, marginMode: 'ISOLATED_MARGIN' })).toBe(false);
  });

  it('the switch: confirmation, then the quiz, then on; off at once; blocked in isolated mode', () => {
    expect(switchStep(NEW)).toEqual({ kind: 'onboard', step: 'confirm' });
    expect(switchStep({ ...NEW, confirmed: true })).toEqual({ kind: 'onboard', step: 'quiz' });
    expect(switchStep(READY)).toEqual({ kind: 'set', spotMargin: true });
    expect(switchStep(ON)).toEqual({ kind: 'set', spotMargin: false });
    expect(switchStep({ ...READY, marginMode: 'ISOLATED_MARGIN' })).toEqual({ kind: 'block', messageKey: ISOLATED_MODE_TIP });
  });

  it('an order beyond the balance: isolated mode blocks, switched off tells to switch on, not set up tells to set up, on passes', () => {
    expect(leverageCheck(READY, '1500', '1000')).toBe(LEVERAGE_OFF_TIP);
    expect(leverageCheck(NEW, '1500', '1000')).toBe(LEVERAGE_NOT_CONFIRMED_TIP);
    expect(leverageCheck({ ...ON, marginMode: 'ISOLATED_MARGIN' }, '1500', '1000')).toBe(ISOLATED_MODE_TIP);
    expect(leverageCheck(ON, '1500', '1000')).toBeNull();
  });

  it('an order within the balance, a classic account, or sizes not known yet: no check', () => {
    expect(leverageCheck(NEW, '1000', '1000')).toBeNull();
    expect(leverageCheck(null, '1500', '1000')).toBeNull();
    expect(leverageCheck(NEW, null, '1000')).toBeNull();
    expect(leverageCheck(NEW, '1500', null)).toBeNull();
    expect(leverageCheck(NEW, 'abc', '1000')).toBeNull();
  });

  it('borrows what the order spends beyond the balance', () => {
    expect(borrowedAmount('1500', '1000')).toBe('500');
    expect(borrowedAmount('800', '1000')).toBe('0');
    expect(borrowedAmount('800', null)).toBe('800');
    expect(borrowedAmount(null, '1000')).toBeNull();
  });

  it('the quiz is complete when every question has one of its options', () => {
    expect(quizComplete({ loss: 'multiplied', owe: 'nothing', liquidation: 'waits' })).toBe(true);
    expect(quizComplete({ loss: 'multiplied', owe: 'nothing' })).toBe(false);
    expect(quizComplete({ loss: 'multiplied', owe: 'nothing', liquidation: 'maybe' })).toBe(false);
  });
});
