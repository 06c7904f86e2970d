import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { inSubTab, type OrderSubTab } from '../../domain/orderSubTabs';
import { useCancelOrder, useCancellingIds, useOpenOrders, type Order } from '../../data/orders';
import { CancelAllButton } from './CancelAllButton';
import { KindTabs } from './KindTabs';
import { ListState } from './ListState';
import { OrderTable } from './OrderTable';
import { useSubTabs } from './useSubTabs';
import { FullListLinks } from './FullListLinks';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { ExportCsvButton } from './ExportCsvButton';
import { ordersTable } from './csvTables';
import { useOrderFormat } from './useOrderFormat';

const LIST_LABELS: Record<OrderSubTab, string> = {
  ordinary: 'openOrdersLabel',
  stopLimit: 'openStopLimitOrdersLabel',
  conditional: 'openPlanOrdersLabel',
  oco: 'openOcoOrdersLabel',
};

/**
 * Current orders: the open orders of the sub-tab, each cancellable and
 * modifiable, plus the sub-tab's cancel-all. `trailingApart`: the panel lists
 * trailing stops in their own tab, so conditional leaves them out.
 */
export function CurrentOrders({ trailingApart = false }: { trailingApart?: boolean }) {
  const { t } = useTranslation('trade');
  const { tabs, tab, setTab, planTypes } = useSubTabs({ trailingApart });
  const query = useOpenOrders(tab === 'ordinary' ? 'ordinary' : 'plan');
  const cancel = useCancelOrder();
  const cancelling = useCancellingIds();
  const cancelMutate = cancel.mutate;
  // Stable, so each row stays memoised while pushes change others.
  const cancelOne = useCallback((order: Order) => cancelMutate(order), [cancelMutate]);
  const { matches, symbolId } = usePairFilter();
  const shown = (rows: readonly Order[]) => rows.filter((o) => inSubTab(o.planType, tab, tabs, { trailingApart }) && matches(o));
  const count = query.data ? shown(query.data).length : 0;
  const format = useOrderFormat();
  return (
    <KindTabs
      idPrefix="orders-current"
      tabs={tabs}
      tab={tab}
      onTab={setTab}
      tools={
        <>
          <AllPairsSwitch />
          <FullListLinks tab="current" subTab={tab} />
          <ExportCsvButton list="orders-current" disabled={count === 0} table={() => ordersTable(shown(query.data ?? []), t, format)} />
          <CancelAllButton planTypes={planTypes} symbolId={symbolId} count={count} />
        </>
      }
    >
      <ListState query={query} emptyText={t('noOpenOrders')} select={shown}>
        {(orders) => (
          <OrderTable
            orders={orders}
            label={t(LIST_LABELS[tab])}
            columns={tab === 'ordinary' ? 'ordinary' : 'plan'}
            onCancel={cancelOne}
            cancelling={cancelling}
            editable
          />
        )}
      </ListState>
    </KindTabs>
  );
}
