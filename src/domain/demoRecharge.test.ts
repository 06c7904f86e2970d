import { describe, expect, it } from 'vitest';
import { autoPrompt, demoBalanceEmpty, rechargeOutcome, retrySeconds } from './demoRecharge';

describe('demo recharge outcome (spec 2 §8)', () => {
  it('resultCode 0 is a success, 3410020 the specific error, any other the generic one', () => {
    expect(rechargeOutcome({ code: 0, resultCode: 0 })).toEqual({ kind: 'success', credited: [] });
    expect(rechargeOutcome({ code: 0, resultCode: 0, credited: [{ coin: 'USDT', amount: '100000' }] })).toEqual({ kind: 'success', credited: [{ coin: 'USDT', amount: '100000' }] });
    expect(rechargeOutcome({ code: 0, resultCode: 3410020 })).toEqual({ kind: 'limit' });
    expect(rechargeOutcome({ code: 0, resultCode: 3410021 })).toEqual({ kind: 'failed' });
    expect(rechargeOutcome({ code: 0, resultCode: null })).toEqual({ kind: 'failed' });
    expect(rechargeOutcome({ code: 0 })).toEqual({ kind: 'failed' });
  });

  it("a refused call shows the server's message", () => {
    expect(rechargeOutcome({ code: 10005, message: 'Operation not supported for this account' })).toEqual({ kind: 'server', message: 'Operation not supported for this account' });
    expect(rechargeOutcome({ code: '10001' })).toEqual({ kind: 'server', message: '' });
  });

  it('the rate-limit refusal carries the wait the exchange gave, or none when it gave nothing usable', () => {
    expect(rechargeOutcome({ code: 10006, message: 'Too many requests', retryAfterMs: 45_000 })).toEqual({ kind: 'rateLimited', retryAfterMs: 45_000 });
    expect(rechargeOutcome({ code: '10006', retryAfterMs: null })).toEqual({ kind: 'rateLimited', retryAfterMs: null });
    expect(rechargeOutcome({ code: 10006, retryAfterMs: -5 })).toEqual({ kind: 'rateLimited', retryAfterMs: null });
    expect(rechargeOutcome({ code: 10006, retryAfterMs: Number.NaN })).toEqual({ kind: 'rateLimited', retryAfterMs: null });
  });

  it('waits are whole seconds rounded up, never 0', () => {
    expect(retrySeconds(60_000)).toBe(60);
    expect(retrySeconds(14_001)).toBe(15);
    expect(retrySeconds(1)).toBe(1);
    expect(retrySeconds(0)).toBe(1);
  });
});

describe('demo balance at zero (spec 2 §4)', () => {
  it('is empty when the wallet value or the quote coin is exactly zero, and says which', () => {
    expect(demoBalanceEmpty({ isDemo: true, wb: '0', quoteTotal: '100' })).toBe('wallet');
    expect(demoBalanceEmpty({ isDemo: true, wb: '0.00', quoteTotal: null })).toBe('wallet');
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '0' })).toBe('quote');
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '0.000000' })).toBe('quote');
  });

  it('a quote coin below the minimum order value is empty too: buying by value leaves dust no order can spend', () => {
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '0.35454253', minOrderValue: '1' })).toBe('quote');
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '1', minOrderValue: '1' })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '0.35', minOrderValue: null })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: true, wb: '64000.12', quoteTotal: '0.35', minOrderValue: 'n/a' })).toBeNull();
  });

  it('is not empty with any amount left, while unknown, for text that is no number, or for other accounts', () => {
    expect(demoBalanceEmpty({ isDemo: true, wb: '0.01', quoteTotal: '0.00000001' })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: true, wb: null, quoteTotal: null })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: true, wb: '', quoteTotal: '.' })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: true, wb: '-0', quoteTotal: 'abc', minOrderValue: '1' })).toBeNull();
    expect(demoBalanceEmpty({ isDemo: false, wb: '0', quoteTotal: '0' })).toBeNull();
  });

  it('opens by itself once per empty spell', () => {
    let state = autoPrompt(false, false);
    expect(state).toEqual({ open: false, prompted: false });
    state = autoPrompt(state.prompted, true);
    expect(state).toEqual({ open: true, prompted: true });
    // closed by the trader, still empty: stays closed
    expect(autoPrompt(state.prompted, true)).toEqual({ open: false, prompted: true });
    // refilled, then empty again: due once more
    state = autoPrompt(true, false);
    expect(autoPrompt(state.prompted, true)).toEqual({ open: true, prompted: true });
  });
});
