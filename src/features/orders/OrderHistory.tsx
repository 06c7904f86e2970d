import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderHistoryRange } from '../../domain/orderStatus';
import { useOrderHistory } from '../../data/orders';
import { KindTabs } from './KindTabs';
import { useSubTabs } from './useSubTabs';
import { FullListLinks } from './FullListLinks';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { ExportCsvButton } from './ExportCsvButton';
import { ordersTable } from './csvTables';
import { useOrderFormat } from './useOrderFormat';
import { ListState, LoadMore } from './ListState';
import { RangePicker } from './RangePicker';
import { OrderTable } from './OrderTable';

/** Order history: finished orders of the last 7, 30 or 180 days (spec 2 §2, §9). */
export function OrderHistory() {
  const { t } = useTranslation('trade');
  const { tabs, tab, setTab, planTypes } = useSubTabs();
  const [days, setDays] = useState<OrderHistoryRange>(7);
  const query = useOrderHistory(planTypes, days);
  const { matches } = usePairFilter();
  const format = useOrderFormat();
  const shown = (query.data ?? []).filter(matches);
  const tools = (
    <>
      <AllPairsSwitch />
          <FullListLinks tab="history" subTab={tab} />
      <ExportCsvButton list="orders-history" disabled={shown.length === 0} table={() => ordersTable(shown, t, format)} />
      <RangePicker days={days} onDays={setDays} />
    </>
  );
  return (
    <KindTabs idPrefix="orders-history" tabs={tabs} tab={tab} onTab={setTab} tools={tools}>
      <ListState query={query} emptyText={t('noOrderHistory', { count: days })} select={(rows) => rows.filter(matches)}>
        {(orders) => <OrderTable orders={orders} label={t('orderHistoryLabel')} columns={tab === 'ordinary' ? 'ordinary' : 'plan'} />}
      </ListState>
      <LoadMore query={query} />
    </KindTabs>
  );
}
