import { useState } from 'react';
import { ltRecordsLink, type LtRecordTab } from '../../domain/ordersPanelTabs';
import { useLtOrders, type LtRecordDays } from '../../data/ltOrders';
import { useOrderFormat } from './useOrderFormat';

/** The LT records tab: the chosen record type and time range, its paged list and its link out. */
export function useLtRecords() {
  const [tab, setTab] = useState<LtRecordTab>('subscription');
  const [days, setDays] = useState<LtRecordDays>(7);
  const records = useLtOrders(tab, days);
  const format = useOrderFormat();
  return { tab, onTab: setTab, days, onDays: setDays, records, link: ltRecordsLink(tab), locale: format.locale, time: format.time };
}

export type LtRecordsModel = ReturnType<typeof useLtRecords>;
