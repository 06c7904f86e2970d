import { describe, expect, it } from 'vitest';
import { EMPTY_AMOUNT, MAX_INTEGER_DIGITS, reduceLtAmount, type LtAmountInputs } from './amountField';
import { reduceSubscribe, subscribeErrors, subscribeMax, subscribeSummary, type SubscribeContext } from './subscribeForm';
import { LIMITS, OPEN } from './testKit';

const ctx: SubscribeContext = { limits: LIMITS, state: { ...OPEN, nav: '5' }, available: '1000' };
const STEP = LIMITS.quoteStep;
const typed = (text: string): LtAmountInputs => reduceSubscribe(EMPTY_AMOUNT, { type: 'type', text, step: STEP });

describe('the amount field', () => {
  it('takes typed and pasted numbers, cut to the step', () => {
    expect(typed('150').text).toBe('150');
    expect(typed('1,234.5').text).toBe('1234.5');
    expect(typed('1e3').text).toBe('1000');
    expect(typed('0.123456789').text).toBe('0.12345678');
    expect(reduceLtAmount(EMPTY_AMOUNT, { type: 'type', text: '20.55555', step: '0.0001' }).text).toBe('20.5555');
  });

  it('refuses letters, negatives and huge numbers: the field keeps its text and says why', () => {
    const before = typed('150');
    expect(reduceSubscribe(before, { type: 'type', text: '15a', step: STEP })).toEqual({ ...before, note: 'notANumber' });
    expect(reduceSubscribe(before, { type: 'type', text: '-5', step: STEP })).toEqual({ ...before, note: 'notANumber' });
    expect(reduceSubscribe(before, { type: 'type', text: '1e100', step: STEP })).toEqual({ ...before, note: 'tooLarge' });
    expect(reduceSubscribe(before, { type: 'type', text: '9'.repeat(MAX_INTEGER_DIGITS + 1), step: STEP }).note).toBe('tooLarge');
    // The next good keystroke clears the note.
    expect(reduceSubscribe({ ...before, note: 'notANumber' }, { type: 'type', text: '151', step: STEP })).toEqual({ text: '151', percent: null, note: null });
  });

  it('picks a share of the balance, floored to the step', () => {
    expect(reduceSubscribe(EMPTY_AMOUNT, { type: 'percent', percent: 25, of: '1000', step: STEP })).toEqual({ text: '250', percent: 25, note: null });
    expect(reduceSubscribe(EMPTY_AMOUNT, { type: 'percent', percent: 50, of: '0.00000003', step: STEP }).text).toBe('0.00000001');
    expect(reduceSubscribe(EMPTY_AMOUNT, { type: 'percent', percent: 100, of: '0', step: STEP }).text).toBe('');
    expect(reduceSubscribe(EMPTY_AMOUNT, { type: 'percent', percent: 250, of: '10', step: STEP })).toMatchObject({ text: '10', percent: 100 });
    // An unknown balance keeps the text.
    expect(reduceSubscribe(typed('7'), { type: 'percent', percent: 50, of: null, step: STEP })).toMatchObject({ text: '7', percent: 50 });
  });

  it('sets the most allowed and clears', () => {
    expect(reduceSubscribe(EMPTY_AMOUNT, { type: 'max', value: subscribeMax(ctx), step: STEP }).text).toBe('1000');
    expect(reduceSubscribe(typed('5'), { type: 'clear' })).toEqual(EMPTY_AMOUNT);
  });
});

describe('subscribeMax', () => {
  it('is the least of the balance, the per-order maximum and today\'s remaining cap', () => {
    expect(subscribeMax(ctx)).toBe('1000');
    expect(subscribeMax({ ...ctx, available: '50000' })).toBe('10000');
    expect(subscribeMax({ ...ctx, available: '50000', limits: { ...LIMITS, dailyPurchaseUsed: '199700' } })).toBe('300');
    expect(subscribeMax({ ...ctx, available: null })).toBe('10000');
  });
});

describe('subscribeSummary', () => {
  it('shows the fee and the tokens (amount − fee) ÷ NAV rounded down to the token step', () => {
    // 150 × 0.0005 = 0.075 fee; 149.925 ÷ 5 = 29.985 tokens.
    expect(subscribeSummary(typed('150'), ctx)).toEqual({
      amount: '150.00000000',
      fee: '0.07500000',
      estimatedTokens: '29.9850',
      minPurchase: '100',
      maxPurchase: '10000',
      dailyRemaining: '200000',
      available: '1000',
    });
    // 100 × 0.9995 ÷ 4.821 = 20.73221323… → 20.7322
    expect(subscribeSummary(typed('100'), { ...ctx, state: OPEN }).estimatedTokens).toBe('20.7322');
  });

  it('rounds the fee up to the quote step', () => {
    expect(subscribeSummary(typed('0.00000003'), ctx).fee).toBe('0.00000001');
  });

  it('has no figures while the amount does not read, and no tokens at NAV 0', () => {
    expect(subscribeSummary(EMPTY_AMOUNT, ctx)).toMatchObject({ amount: null, fee: null, estimatedTokens: null, dailyRemaining: '200000' });
    expect(subscribeSummary(typed('150'), { ...ctx, state: { ...OPEN, nav: '0' } })).toMatchObject({ fee: '0.07500000', estimatedTokens: null });
  });
});

describe('subscribeErrors', () => {
  it('is the check chain over the form\'s amount and context', () => {
    expect(subscribeErrors(typed('150'), ctx)).toEqual([]);
    expect(subscribeErrors(typed('50'), ctx).map((e) => e.key)).toEqual(['lt_subscription_min_amount']);
    expect(subscribeErrors(EMPTY_AMOUNT, ctx).map((e) => e.key)).toEqual(['lt_subscription_failed_input_amount']);
    expect(subscribeErrors(typed('2000'), ctx).map((e) => e.key)).toEqual(['lt_subscription_usdt_not_enough']);
  });
});
