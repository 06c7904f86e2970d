import { describe, expect, it } from 'vitest';
import { inSubTab, orderSubTabs, subTabPlanTypes } from './orderSubTabs';

describe('order sub-tabs (spec 2 §2, §6)', () => {
  it('offers OCO only to compliant accounts that are not demo', () => {
    expect(orderSubTabs({ isDemo: false, compliant: true })).toEqual(['ordinary', 'stopLimit', 'conditional', 'oco']);
    expect(orderSubTabs({ isDemo: true, compliant: true })).toEqual(['ordinary', 'stopLimit', 'conditional']);
    expect(orderSubTabs({ isDemo: false, compliant: false })).toEqual(['ordinary', 'stopLimit', 'conditional']);
  });

  it('puts every plan type in exactly one sub-tab; without the OCO tab its legs are conditional', () => {
    for (const account of [{ isDemo: false, compliant: true }, { isDemo: true, compliant: true }]) {
      const tabs = orderSubTabs(account);
      for (const planType of [-1, 1, 4, 5, 8, 10, 11]) expect(tabs.filter((tab) => inSubTab(planType, tab, tabs))).toHaveLength(1);
    }
    expect(subTabPlanTypes('conditional', ['ordinary', 'stopLimit', 'conditional'])).toContain(10);
    expect(subTabPlanTypes('conditional', ['ordinary', 'stopLimit', 'conditional', 'oco'])).not.toContain(10);
    expect(subTabPlanTypes('stopLimit', [])).toEqual([8]);
  });
});

describe('the trailing-stop tab (spec 2 §2)', () => {
  it('takes trailing stop and trailing profit out of conditional, and only then', () => {
    const tabs = orderSubTabs({ isDemo: false, compliant: true });
    expect(subTabPlanTypes('conditional', tabs, { trailingApart: true })).toEqual([1, 11]);
    expect(subTabPlanTypes('conditional', tabs)).toEqual([1, 11, 4, 5]);
    expect(inSubTab(4, 'conditional', tabs, { trailingApart: true })).toBe(false);
    expect(inSubTab(5, 'conditional', tabs)).toBe(true);
    // Every other plan type still has exactly one sub-tab.
    for (const planType of [-1, 1, 8, 10, 11]) expect(tabs.filter((tab) => inSubTab(planType, tab, tabs, { trailingApart: true }))).toHaveLength(1);
  });
});
