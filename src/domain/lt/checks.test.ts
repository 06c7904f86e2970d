import { describe, expect, it } from 'vitest';
import { dailyRemaining, isAmountError, redemptionChecks, subscriptionChecks, type RedemptionCheckInput, type SubscriptionCheckInput } from './checks';
import { LIMITS, OPEN } from './testKit';

const sub = (patch: Partial<SubscriptionCheckInput> = {}) => subscriptionChecks({ amount: '150', available: '1000', state: OPEN, limits: LIMITS, ...patch });
const red = (patch: Partial<RedemptionCheckInput> = {}) => redemptionChecks({ quantity: '50', held: '100', state: OPEN, limits: LIMITS, ...patch });
const first = (errors: ReturnType<typeof sub>) => errors[0]?.key;

describe('subscription checks (spec 2 §5, in order)', () => {
  it('passes a sound order', () => {
    expect(sub()).toEqual([]);
  });

  // Each case breaks its own step and every later one, so the step is first only if the order is right.
  it.each([
    ['empty', { amount: '' }],
    ['zero', { amount: '0.000' }],
    ['letters', { amount: 'abc' }],
    ['negative', { amount: '-5' }],
  ])('1. amount %s → lt_subscription_failed_input_amount', (_, patch) => {
    expect(first(sub({ ...patch, state: { ...OPEN, st: 4, riskState: 5, nav: '0' } }))).toBe('lt_subscription_failed_input_amount');
  });

  it('2. above the available quote → lt_subscription_usdt_not_enough', () => {
    expect(first(sub({ amount: '20000', available: '150', state: { ...OPEN, st: 3, riskState: 5, nav: '0' } }))).toBe('lt_subscription_usdt_not_enough');
  });

  it.each([3, 4])('3. st %i → lt_subscription_failed_closed', (st) => {
    expect(first(sub({ amount: '20000', available: '50000', state: { ...OPEN, st, riskState: 4, nav: '0' } }))).toBe('lt_subscription_failed_closed');
  });

  it('st 2 (subscribe only) keeps subscription open', () => {
    expect(sub({ state: { ...OPEN, st: 2 } })).toEqual([]);
  });

  it('4. st 5 → lt_subscription_failed_change_position', () => {
    expect(first(sub({ amount: '20000', available: '50000', state: { ...OPEN, st: 5, riskState: 4, nav: '0' } }))).toBe('lt_subscription_failed_change_position');
  });

  it('5. riskState 4 while the switch is on → lt_subscription_failed_close_position; with the switch off it does not count', () => {
    expect(first(sub({ amount: '20000', available: '50000', state: { ...OPEN, riskState: 4, nav: '0' } }))).toBe('lt_subscription_failed_close_position');
    expect(sub({ state: { ...OPEN, riskState: 4, riskSwitchStatus: 0 } })).toEqual([]);
  });

  it('6. NAV 0 → lt_subscription_failed_invalid_value', () => {
    expect(first(sub({ amount: '20000', available: '50000', state: { ...OPEN, riskState: 5, nav: '0' } }))).toBe('lt_subscription_failed_invalid_value');
  });

  it('7. riskState 5 → lt_subscription_failed_wear_position', () => {
    expect(first(sub({ amount: '20000', available: '50000', state: { ...OPEN, riskState: 5 } }))).toBe('lt_subscription_failed_wear_position');
  });

  it('8. above maxPurchase → lt_subscription_max_amount with the value', () => {
    const errors = sub({ amount: '20000', available: '50000', limits: { ...LIMITS, dailyPurchaseUsed: '190000' } });
    expect(errors[0]).toEqual({ key: 'lt_subscription_max_amount', params: { value: '10000' } });
    expect(errors.map((e) => e.key)).toEqual(['lt_subscription_max_amount', 'lt_subscription_failed_large_amount']);
  });

  it('9. below minPurchase → lt_subscription_min_amount with the value', () => {
    const errors = sub({ amount: '50', limits: { ...LIMITS, dailyPurchaseUsed: '199990' } });
    expect(errors[0]).toEqual({ key: 'lt_subscription_min_amount', params: { value: '100' } });
    expect(errors.map((e) => e.key)).toEqual(['lt_subscription_min_amount', 'lt_subscription_failed_large_amount']);
  });

  it('10. today\'s subscriptions + amount above the daily cap → lt_subscription_failed_large_amount', () => {
    expect(sub({ amount: '150', limits: { ...LIMITS, dailyPurchaseUsed: '199900' } })).toEqual([{ key: 'lt_subscription_failed_large_amount' }]);
    // Exactly reaching the cap is allowed.
    expect(sub({ amount: '150', limits: { ...LIMITS, dailyPurchaseUsed: '199850' } })).toEqual([]);
  });

  it('lists every failure in the order of the chain', () => {
    expect(sub({ amount: '20000', available: '100', state: { st: 5, riskState: 5, riskSwitchStatus: 1, nav: '0' }, limits: { ...LIMITS, dailyPurchaseUsed: '199000' } }).map((e) => e.key)).toEqual([
      'lt_subscription_usdt_not_enough',
      'lt_subscription_failed_change_position',
      'lt_subscription_failed_invalid_value',
      'lt_subscription_failed_wear_position',
      'lt_subscription_max_amount',
      'lt_subscription_failed_large_amount',
    ]);
  });

  it('skips the balance check while the balance is unknown, and never throws on odd text', () => {
    expect(sub({ available: null, amount: '150' })).toEqual([]);
    for (const amount of ['1e999', '..', '١٢٣', 'NaN', 'Infinity', '9'.repeat(400), '1,5']) {
      expect(() => sub({ amount })).not.toThrow();
    }
  });
});

describe('redemption checks (spec 2 §5, in order)', () => {
  it('passes a sound order', () => {
    expect(red()).toEqual([]);
  });

  it.each([['empty', ''], ['zero', '0'], ['letters', '12a']])('1. quantity %s → lt_redemption_failed_input_quantity', (_, quantity) => {
    expect(first(red({ quantity, state: { ...OPEN, st: 4, nav: '0' } }))).toBe('lt_redemption_failed_input_quantity');
  });

  it('2. above the held tokens → lt_redemption_token_not_enough', () => {
    expect(first(red({ quantity: '5000', held: '10', state: { ...OPEN, st: 2, nav: '0' } }))).toBe('lt_redemption_token_not_enough');
  });

  it.each([2, 4])('3. st %i → lt_redemption_failed_closed', (st) => {
    expect(first(red({ quantity: '5000', held: '9000', state: { ...OPEN, st, riskState: 4, nav: '0' } }))).toBe('lt_redemption_failed_closed');
  });

  it('st 3 (redeem only) keeps redemption open; riskState 5 does not block it', () => {
    expect(red({ state: { ...OPEN, st: 3 } })).toEqual([]);
    expect(red({ state: { ...OPEN, riskState: 5 } })).toEqual([]);
  });

  it('4. st 5 → lt_redemption_failed_change_position', () => {
    expect(first(red({ quantity: '5000', held: '9000', state: { ...OPEN, st: 5, riskState: 4, nav: '0' } }))).toBe('lt_redemption_failed_change_position');
  });

  it('5. riskState 4 while the switch is on → lt_redemption_failed_close_position', () => {
    expect(first(red({ quantity: '5000', held: '9000', state: { ...OPEN, riskState: 4, nav: '0' } }))).toBe('lt_redemption_failed_close_position');
    expect(red({ state: { ...OPEN, riskState: 4, riskSwitchStatus: 0 } })).toEqual([]);
  });

  it('6. NAV 0 → lt_redemption_failed_invalid_value', () => {
    expect(first(red({ quantity: '5000', held: '9000', state: { ...OPEN, nav: '0' } }))).toBe('lt_redemption_failed_invalid_value');
  });

  it('7. below minRedeem → lt_redemption_min_quantity with the value', () => {
    expect(red({ quantity: '5' })).toEqual([{ key: 'lt_redemption_min_quantity', params: { value: '20' } }]);
  });

  it('8. above maxRedeem → lt_redemption_max_quantity with the value', () => {
    expect(red({ quantity: '5000', held: '9000' })).toEqual([{ key: 'lt_redemption_max_quantity', params: { value: '2000' } }]);
  });
});

describe('dailyRemaining', () => {
  it('is the cap less today\'s subscriptions, never below zero', () => {
    expect(dailyRemaining(LIMITS)?.toFixed()).toBe('200000');
    expect(dailyRemaining({ dailyPurchaseCap: '200000', dailyPurchaseUsed: '199850.5' })?.toFixed()).toBe('149.5');
    expect(dailyRemaining({ dailyPurchaseCap: '100', dailyPurchaseUsed: '150' })?.toFixed()).toBe('0');
  });
});

describe('isAmountError', () => {
  it('tells the amount\'s failures from the token\'s state', () => {
    expect(isAmountError('lt_subscription_min_amount')).toBe(true);
    expect(isAmountError('lt_redemption_token_not_enough')).toBe(true);
    expect(isAmountError('lt_subscription_failed_closed')).toBe(false);
    expect(isAmountError('lt_redemption_failed_invalid_value')).toBe(false);
  });
});
