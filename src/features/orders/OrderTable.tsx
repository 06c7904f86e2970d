import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyOrder, usePendingModifies, type ModifyFields, type Order } from '../../data/orders';
import { OrderRow } from './OrderRow';
import { numberHeaders, type OrderColumns } from './orderColumns';
import { useOrderFormat } from './useOrderFormat';
import { useVirtualRows } from './useVirtualRows';

export { pairOf } from './OrderRow';

interface OrderTableProps {
  orders: readonly Order[];
  /** the list's name for assistive tech */
  label: string;
  /** the number columns: plan lists add the trigger, trailing lists show the activation, distance and stop */
  columns: OrderColumns;
  /** open lists: a cancel button per row (a stable callback keeps the rows memoised) */
  onCancel?: (order: Order) => void;
  cancelling?: ReadonlySet<string>;
  /** open lists: limit and plan orders can be modified in their row */
  editable?: boolean;
}

/** Orders of every pair, newest first; sides in the spec's up and down colours. */
export function OrderTable({ orders, label, columns, onCancel, cancelling, editable = false }: OrderTableProps) {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const modify = useModifyOrder();
  const pending = usePendingModifies();
  const mutate = modify.mutate;
  const onModify = useCallback((order: Order, fields: ModifyFields) => mutate({ order, fields }), [mutate]);
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = useVirtualRows(orders.length, body);
  // Pair, time, side, type, the number columns, filled, status, and the actions when the list has them.
  const columnCount = 4 + numberHeaders(columns).length + 2 + (onCancel ? 1 : 0);
  const spacer = (height: number) =>
    height > 0 ? (
      <tr aria-hidden="true" className="orders__spacer">
        <td colSpan={columnCount} style={{ blockSize: height }} />
      </tr>
    ) : null;
  return (
    // aria-rowcount: with long lists windowed, assistive tech still hears how many orders there are.
    <table className="orders__table" aria-label={label} aria-rowcount={orders.length + 1}>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col">{t('colPair')}</th>
          <th scope="col">{t('colTime')}</th>
          <th scope="col">{t('colSide')}</th>
          <th scope="col">{t('colType')}</th>
          {numberHeaders(columns).map((key) => (
            <th key={key} scope="col" className="orders__num">{t(key)}</th>
          ))}
          <th scope="col" className="orders__num">{t('colFilled')}</th>
          <th scope="col">{t('colStatus')}</th>
          {onCancel && <th scope="col" className="orders__action-cell"><span className="visually-hidden">{t('colAction')}</span></th>}
        </tr>
      </thead>
      <tbody ref={body}>
        {spacer(rows.before)}
        {rows.indexes.map((index) => orders[index]!).map((o, i) => (
          <OrderRow
            key={o.orderId}
            index={rows.indexes[i]!}
            measure={rows.measure}
            order={o}
            t={t}
            format={format}
            columns={columns}
            sent={pending.get(o.orderId)}
            cancelling={cancelling?.has(o.orderId) ?? false}
            editing={editing === o.orderId}
            editable={editable}
            onCancel={onCancel}
            onEdit={setEditing}
            onModify={onModify}
          />
        ))}
        {spacer(rows.after)}
      </tbody>
    </table>
  );
}
