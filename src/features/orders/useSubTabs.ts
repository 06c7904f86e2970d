import { useMemo, useState } from 'react';
import { orderSubTabs, subTabPlanTypes, type OrderSubTab, type SubTabPlaces } from '../../domain/orderSubTabs';
import { useProfile } from '../../data/queries';

/** The sub-tabs the signed-in account sees, the chosen one and the plan types it lists. */
export function useSubTabs(places: SubTabPlaces = {}) {
  const profile = useProfile().data;
  const isDemo = profile?.isDemo ?? false;
  const compliant = !(profile?.eaaRestricted ?? false);
  const tabs = useMemo(() => orderSubTabs({ isDemo, compliant }), [isDemo, compliant]);
  const [chosen, setTab] = useState<OrderSubTab>('ordinary');
  // A tab the account no longer sees (an account switch) falls back to the first.
  const tab = tabs.includes(chosen) ? chosen : 'ordinary';
  const trailingApart = places.trailingApart ?? false;
  const planTypes = useMemo(() => subTabPlanTypes(tab, tabs, { trailingApart }), [tab, tabs, trailingApart]);
  return { tabs, tab, setTab, planTypes };
}
