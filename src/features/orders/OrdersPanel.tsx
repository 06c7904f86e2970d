import { useTranslation } from 'react-i18next';
import { PanelFrame } from '../../ui/PanelFrame';
import { VisitorPrompt } from '../account';

type OrdersTab = 'current' | 'history' | 'trades';

/** Positions and orders area (spec 2 §2). Visitors are asked to log in. */
export function OrdersPanel() {
  const { t } = useTranslation('trade');
  const tabs = [
    { value: 'current' as const, label: t('tabCurrentOrders') },
    { value: 'history' as const, label: t('tabOrderHistory') },
    { value: 'trades' as const, label: t('tabTradeHistory') },
  ];
  return (
    <PanelFrame<OrdersTab> areaId="orders" headerId="first-tab-area" title={t('myOrders')} tabs={tabs} initialTab="current">
      {() => <VisitorPrompt compact />}
    </PanelFrame>
  );
}
