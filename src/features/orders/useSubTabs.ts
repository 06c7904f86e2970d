import { useMemo, useState } from 'react';
import { orderSubTabs, subTabPlanTypes, type OrderSubTab } from '../../domain/orderSubTabs';
import { useProfile } from '../../data/queries';

/** The sub-tabs the signed-in account sees, the chosen one and the plan types it lists. */
export function useSubTabs() {
  const profile = useProfile().data;
  const isDemo = profile?.isDemo ?? false;
  const compliant = !(profile?.eaaRestricted ?? false);
  const tabs = useMemo(() => orderSubTabs({ isDemo, compliant }), [isDemo, compliant]);
  const [chosen, setTab] = useState<OrderSubTab>('ordinary');
  // A tab the account no longer sees (an account switch) falls back to the first.
  const tab = tabs.includes(chosen) ? chosen : 'ordinary';
  const planTypes = useMemo(() => subTabPlanTypes(tab, tabs), [tab, tabs]);
  return { tabs, tab, setTab, planTypes };
}
