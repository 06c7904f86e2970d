import { describe, expect, it } from 'vitest';
import { isTrailingPlan, kindCodeOf, ORDER_KIND_CODE, PLAN_TYPE, planKindOf } from './planTypes';

describe('plan types and kind codes', () => {
  it('stop-limit is plan type 8 and kind code 1', () => {
    expect(PLAN_TYPE.stopLimit).toBe(8);
    expect(kindCodeOf(8)).toBe(ORDER_KIND_CODE.STOP_LIMIT);
    expect(ORDER_KIND_CODE.STOP_LIMIT).toBe(1);
  });

  it('the other kinds keep one number in both tables', () => {
    expect([kindCodeOf(10), kindCodeOf(11), kindCodeOf(4), kindCodeOf(5)]).toEqual([10, 11, 4, 5]);
  });

  it('conditional and ordinary orders have no kind code; unknown numbers have no kind', () => {
    expect(kindCodeOf(PLAN_TYPE.conditional)).toBeNull();
    expect(kindCodeOf(-1)).toBeNull();
    expect(planKindOf(99)).toBeNull();
    expect(kindCodeOf(99)).toBeNull();
    expect(planKindOf(8)).toBe('stopLimit');
  });

  it('trailing stop and trailing profit are one family', () => {
    expect([4, 5, 8].map(isTrailingPlan)).toEqual([true, true, false]);
  });
});
