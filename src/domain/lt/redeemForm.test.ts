import { describe, expect, it } from 'vitest';
import { EMPTY_AMOUNT, type LtAmountInputs } from './amountField';
import { reduceRedeem, redeemErrors, redeemMax, redeemSummary, type RedeemContext } from './redeemForm';
import { LIMITS, OPEN } from './testKit';

const ctx: RedeemContext = { limits: LIMITS, state: { ...OPEN, nav: '5' }, held: '100' };
const STEP = LIMITS.tokenStep;
const typed = (text: string): LtAmountInputs => reduceRedeem(EMPTY_AMOUNT, { type: 'type', text, step: STEP });

describe('the token field', () => {
  it('cuts to the token step and picks shares of the tokens held', () => {
    expect(typed('20.123456').text).toBe('20.1234');
    expect(reduceRedeem(EMPTY_AMOUNT, { type: 'percent', percent: 75, of: '33.3333', step: STEP }).text).toBe('24.9999');
    expect(reduceRedeem(typed('5'), { type: 'type', text: 'x', step: STEP })).toMatchObject({ text: '5', note: 'notANumber' });
  });
});

describe('redeemMax', () => {
  it('is the tokens held or the per-order maximum, whichever is less', () => {
    expect(redeemMax(ctx)).toBe('100');
    expect(redeemMax({ ...ctx, held: '5000' })).toBe('2000');
    expect(redeemMax({ ...ctx, held: null })).toBe('2000');
  });
});

describe('redeemSummary', () => {
  it('values the tokens at the NAV, takes the fee, and rounds the quote down to its step', () => {
    // 30 × 4.821 = 144.63; fee 0.072315; 144.557685 → 144.557685 (8 decimals allowed).
    expect(redeemSummary(typed('30'), { ...ctx, state: OPEN })).toEqual({
      quantity: '30.0000',
      gross: '144.63000000',
      fee: '0.07231500',
      estimatedQuote: '144.55768500',
      minRedeem: '20',
      maxRedeem: '2000',
      held: '100',
    });
  });

  it('rounds an inexact fee up and the quote down', () => {
    // 0.0001 × 4.82100001 = 0.000482100001 → gross 0.00048210; fee 0.000000241050… → 0.00000025; net 0.000481858950… → 0.00048185
    const summary = redeemSummary(typed('0.0001'), { ...ctx, state: { ...OPEN, nav: '4.82100001' } });
    expect(summary).toMatchObject({ gross: '0.00048210', fee: '0.00000025', estimatedQuote: '0.00048185' });
  });

  it('has no figures while the quantity does not read', () => {
    expect(redeemSummary(EMPTY_AMOUNT, ctx)).toMatchObject({ quantity: null, gross: null, fee: null, estimatedQuote: null });
  });
});

describe('redeemErrors', () => {
  it('is the check chain over the form\'s quantity and context', () => {
    expect(redeemErrors(typed('30'), ctx)).toEqual([]);
    expect(redeemErrors(typed('300'), ctx).map((e) => e.key)).toEqual(['lt_redemption_token_not_enough']);
    expect(redeemErrors(typed('10'), ctx).map((e) => e.key)).toEqual(['lt_redemption_min_quantity']);
  });
});
