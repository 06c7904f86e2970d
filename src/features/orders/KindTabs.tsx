import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSubTab } from '../../domain/orderSubTabs';
import { Tabs } from '../../ui/Tabs';

interface KindTabsProps {
  /** unique per list (the tab and panel ids derive from it) */
  idPrefix: string;
  /** the sub-tabs this account sees, in the spec's order */
  tabs: readonly OrderSubTab[];
  tab: OrderSubTab;
  onTab: (tab: OrderSubTab) => void;
  /** controls beside the sub-tabs (cancel-all, the time range) */
  tools?: ReactNode;
  children: ReactNode;
}

const LABEL_KEYS: Record<OrderSubTab, string> = {
  ordinary: 'kindOrdinary',
  stopLimit: 'kindStopLimit',
  conditional: 'kindConditional',
  oco: 'kindOco',
};

/** Spec 2 §2 sub-tabs: ordinary, stop-limit, conditional and (compliant, non-demo accounts) OCO. */
export function KindTabs({ idPrefix, tabs, tab, onTab, tools, children }: KindTabsProps) {
  const { t } = useTranslation('trade');
  const items = tabs.map((value) => ({ value, label: t(LABEL_KEYS[value]) }));
  return (
    <div className="orders">
      <div className="orders__bar">
        <Tabs items={items} value={tab} onChange={onTab} label={t('orderKinds')} idPrefix={idPrefix} />
        {tools && <div className="orders__tools">{tools}</div>}
      </div>
      <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${tab}`} className="orders__list">
        {children}
      </div>
    </div>
  );
}
