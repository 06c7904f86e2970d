/**
 * The order lists' sub-tabs (spec 2 §2): ordinary, stop-limit, conditional
 * and OCO — OCO only for compliant accounts that are not demo (§6). Which
 * plan types each shows: conditional takes the conditional, TP/SL and
 * trailing plans; a demo account, which cannot place OCO orders but may hold
 * the OCO a limit order's TP/SL placed, sees those legs under conditional.
 */
export type OrderSubTab = 'ordinary' | 'stopLimit' | 'conditional' | 'oco';

export interface SubTabAccount {
  isDemo: boolean;
  /** the compliance flag (not restricted) */
  compliant: boolean;
}

export function orderSubTabs(account: SubTabAccount): OrderSubTab[] {
  const tabs: OrderSubTab[] = ['ordinary', 'stopLimit', 'conditional'];
  if (account.compliant && !account.isDemo) tabs.push('oco');
  return tabs;
}

const STOP_LIMIT = 8;
const OCO = 10;
const CONDITIONAL_TYPES = [1, 11, 4, 5] as const;

/** The exact plan types a plan sub-tab lists (empty for ordinary orders). */
export function subTabPlanTypes(tab: OrderSubTab, tabs: readonly OrderSubTab[]): number[] {
  switch (tab) {
    case 'ordinary':
      return [];
    case 'stopLimit':
      return [STOP_LIMIT];
    case 'oco':
      return [OCO];
    case 'conditional':
      return tabs.includes('oco') ? [...CONDITIONAL_TYPES] : [...CONDITIONAL_TYPES, OCO];
  }
}

/** Whether an order of this plan type belongs in the sub-tab (-1: ordinary). */
export function inSubTab(planType: number, tab: OrderSubTab, tabs: readonly OrderSubTab[]): boolean {
  return tab === 'ordinary' ? planType === -1 : subTabPlanTypes(tab, tabs).includes(planType);
}
