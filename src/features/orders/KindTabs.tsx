import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '../../data/orders';
import { Tabs } from '../../ui/Tabs';

interface KindTabsProps {
  /** unique per list (the tab and panel ids derive from it) */
  idPrefix: string;
  kind: OrderKind;
  onKind: (kind: OrderKind) => void;
  /** controls beside the sub-tabs (cancel-all, the time range) */
  tools?: ReactNode;
  children: ReactNode;
}

/** Spec 2 §2 sub-tabs: ordinary orders and conditional (plan) orders. */
export function KindTabs({ idPrefix, kind, onKind, tools, children }: KindTabsProps) {
  const { t } = useTranslation('trade');
  const items = [
    { value: 'ordinary' as const, label: t('kindOrdinary') },
    { value: 'plan' as const, label: t('kindConditional') },
  ];
  return (
    <div className="orders">
      <div className="orders__bar">
        <Tabs items={items} value={kind} onChange={onKind} label={t('orderKinds')} idPrefix={idPrefix} />
        {tools && <div className="orders__tools">{tools}</div>}
      </div>
      <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${kind}`} className="orders__list">
        {children}
      </div>
    </div>
  );
}
