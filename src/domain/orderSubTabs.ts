import { isTrailingPlan, PLAN_TYPE, TRAILING_PLAN_TYPES } from './planTypes';
/**
 * The order lists' sub-tabs (spec 2 §2): ordinary, stop-limit, conditional
 * and OCO — OCO only for compliant accounts that are not demo (§6). Which
 * plan types each shows: conditional takes the conditional, TP/SL and
 * trailing plans; a demo account, which cannot place OCO orders but may hold
 * the OCO a limit order's TP/SL placed, sees those legs under conditional.
 * Where the panel has its own trailing-stop tab (open orders of a unified
 * account), the trailing plans leave conditional for it.
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

const STOP_LIMIT = PLAN_TYPE.stopLimit;
const OCO = PLAN_TYPE.oco;
export { TRAILING_PLAN_TYPES, isTrailingPlan };
const CONDITIONAL_TYPES = [PLAN_TYPE.conditional, PLAN_TYPE.tpsl] as const;

export interface SubTabPlaces {
  /** the trailing plans have their own tab, so conditional leaves them out */
  trailingApart?: boolean;
}

/** The exact plan types a plan sub-tab lists (empty for ordinary orders). */
export function subTabPlanTypes(tab: OrderSubTab, tabs: readonly OrderSubTab[], places: SubTabPlaces = {}): number[] {
  switch (tab) {
    case 'ordinary':
      return [];
    case 'stopLimit':
      return [STOP_LIMIT];
    case 'oco':
      return [OCO];
    case 'conditional':
      return [
        ...CONDITIONAL_TYPES,
        ...(places.trailingApart ? [] : TRAILING_PLAN_TYPES),
        ...(tabs.includes('oco') ? [] : [OCO]),
      ];
  }
}

/** Whether an order of this plan type belongs in the sub-tab (-1: ordinary). */
export function inSubTab(planType: number, tab: OrderSubTab, tabs: readonly OrderSubTab[], places: SubTabPlaces = {}): boolean {
  return tab === 'ordinary' ? planType === PLAN_TYPE.ordinary : subTabPlanTypes(tab, tabs, places).includes(planType);
}

