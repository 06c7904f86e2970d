import { describe, expect, it } from 'vitest';
import { rechargeOutcome } from './demoRecharge';

describe('demo recharge outcome (spec 2 §8)', () => {
  it('resultCode 0 is a success, 3410020 the specific error, any other the generic one', () => {
    expect(rechargeOutcome({ code: 0, resultCode: 0 })).toEqual({ kind: 'success' });
    expect(rechargeOutcome({ code: 0, resultCode: 3410020 })).toEqual({ kind: 'limit' });
    expect(rechargeOutcome({ code: 0, resultCode: 3410021 })).toEqual({ kind: 'failed' });
    expect(rechargeOutcome({ code: 0, resultCode: null })).toEqual({ kind: 'failed' });
  });

  it("a refused call shows the server's message", () => {
    expect(rechargeOutcome({ code: 10006, message: 'Too many requests' })).toEqual({ kind: 'server', message: 'Too many requests' });
  });
});
