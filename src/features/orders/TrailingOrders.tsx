import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrailingPlan, TRAILING_PLAN_TYPES } from '../../domain/orderSubTabs';
import { useCancelOrder, useCancellingIds, useOpenOrders, type Order } from '../../data/orders';
import { CancelAllButton } from './CancelAllButton';
import { ExportCsvButton } from './ExportCsvButton';
import { ListState } from './ListState';
import { OrderTable } from './OrderTable';
import { trailingOrdersTable } from './csvTables';
import { FullListLinks } from './FullListLinks';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { useOrderFormat } from './useOrderFormat';

/**
 * Trailing stops (spec 2 §2 tab): waiting for their activation price, or
 * trailing the market as trailing profit orders; each cancellable, and its
 * activation, distance and quantity editable in the row (planOrderModify).
 */
export function TrailingOrders() {
  const { t } = useTranslation('trade');
  const query = useOpenOrders('plan');
  const cancel = useCancelOrder();
  const cancelling = useCancellingIds();
  const cancelMutate = cancel.mutate;
  const cancelOne = useCallback((order: Order) => cancelMutate(order), [cancelMutate]);
  const { matches, symbolId } = usePairFilter();
  const shown = (rows: readonly Order[]) => rows.filter((o) => isTrailingPlan(o.planType) && matches(o));
  const count = query.data ? shown(query.data).length : 0;
  const format = useOrderFormat();
  return (
    <div className="orders">
      <div className="orders__bar">
        <div className="orders__tools">
          <AllPairsSwitch />
          <FullListLinks tab="trailing" />
          <ExportCsvButton list="orders-trailing" disabled={count === 0} table={() => trailingOrdersTable(shown(query.data ?? []), t, format)} />
          <CancelAllButton planTypes={TRAILING_PLAN_TYPES} symbolId={symbolId} count={count} />
        </div>
      </div>
      <div className="orders__list">
        <ListState query={query} emptyText={t('noTrailingOrders')} select={shown}>
          {(orders) => (
            <OrderTable orders={orders} label={t('openTrailingOrdersLabel')} columns="trailing" onCancel={cancelOne} cancelling={cancelling} editable />
          )}
        </ListState>
      </div>
    </div>
  );
}
