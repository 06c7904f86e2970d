import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelOrder, useCancellingIds, useOpenOrders, type OrderKind } from '../../data/orders';
import { CancelAllButton } from './CancelAllButton';
import { KindTabs } from './KindTabs';
import { ListState } from './ListState';
import { OrderTable } from './OrderTable';

/** Current orders: the open ordinary or plan orders, each cancellable, plus cancel-all. */
export function CurrentOrders() {
  const { t } = useTranslation('trade');
  const [kind, setKind] = useState<OrderKind>('ordinary');
  const query = useOpenOrders(kind);
  const cancel = useCancelOrder();
  const cancelling = useCancellingIds();
  return (
    <KindTabs idPrefix="orders-current" kind={kind} onKind={setKind} tools={<CancelAllButton kind={kind} count={query.data?.length ?? 0} />}>
      <ListState query={query} emptyText={t('noOpenOrders')}>
        {(orders) => (
          <OrderTable
            orders={orders}
            label={t(kind === 'plan' ? 'openPlanOrdersLabel' : 'openOrdersLabel')}
            showTrigger={kind === 'plan'}
            onCancel={(order) => cancel.mutate(order)}
            cancelling={cancelling}
            editable
          />
        )}
      </ListState>
    </KindTabs>
  );
}
