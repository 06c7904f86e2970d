import { describe, expect, it } from 'vitest';
import { ltRefusal } from './refusal';
import { LIMITS } from './testKit';

describe('ltRefusal (docs/api/lt.md codes → the check chain\'s keys)', () => {
  it.each([
    [176001, 'lt_subscription_failed_input_amount'],
    [176002, 'lt_subscription_usdt_not_enough'],
    [176003, 'lt_subscription_failed_closed'],
    [176004, 'lt_subscription_failed_change_position'],
    [176005, 'lt_subscription_failed_close_position'],
    [176006, 'lt_subscription_failed_invalid_value'],
    [176007, 'lt_subscription_failed_wear_position'],
    [176008, 'lt_subscription_max_amount'],
    [176009, 'lt_subscription_min_amount'],
    [176010, 'lt_subscription_failed_large_amount'],
  ])('subscription %i → %s', (code, key) => {
    expect(ltRefusal('subscribe', code, LIMITS, false)?.key).toBe(key);
  });

  it.each([
    [176001, 'lt_redemption_failed_input_quantity'],
    [176002, 'lt_redemption_token_not_enough'],
    [176003, 'lt_redemption_failed_closed'],
    [176004, 'lt_redemption_failed_change_position'],
    [176005, 'lt_redemption_failed_close_position'],
    [176006, 'lt_redemption_failed_invalid_value'],
    [176008, 'lt_redemption_min_quantity'],
    [176009, 'lt_redemption_max_quantity'],
  ])('redemption %i → %s', (code, key) => {
    expect(ltRefusal('redeem', code, LIMITS, false)?.key).toBe(key);
  });

  it('names the limit in the min/max messages', () => {
    expect(ltRefusal('subscribe', '176009', LIMITS, false)).toEqual({ key: 'lt_subscription_min_amount', params: { value: '100' } });
    expect(ltRefusal('redeem', 176009, LIMITS, false)).toEqual({ key: 'lt_redemption_max_quantity', params: { value: '2000' } });
  });

  it('176011: demo accounts hear "operation unsupported", others "not available for this account"', () => {
    expect(ltRefusal('subscribe', 176011, LIMITS, true)?.key).toBe('lt_operation_unsupported');
    expect(ltRefusal('redeem', 176011, LIMITS, false)?.key).toBe('lt_not_available');
  });

  it('leaves other codes to the server\'s message', () => {
    expect(ltRefusal('subscribe', 10001, LIMITS, false)).toBeNull();
    expect(ltRefusal('redeem', 176007, LIMITS, false)).toBeNull();
    expect(ltRefusal('redeem', 176010, null, false)).toBeNull();
  });
});
