import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyOrder, usePendingModifies, type ModifyFields, type Order } from '../../data/orders';
import { OrderRow } from './OrderRow';
import { useOrderFormat } from './useOrderFormat';

export { pairOf } from './OrderRow';

interface OrderTableProps {
  orders: readonly Order[];
  /** the list's name for assistive tech */
  label: string;
  /** plan lists show the trigger price */
  showTrigger: boolean;
  /** open lists: a cancel button per row (a stable callback keeps the rows memoised) */
  onCancel?: (order: Order) => void;
  cancelling?: ReadonlySet<string>;
  /** open lists: limit and plan orders can be modified in their row */
  editable?: boolean;
}

/** Orders of every pair, newest first; sides in the spec's up and down colours. */
export function OrderTable({ orders, label, showTrigger, onCancel, cancelling, editable = false }: OrderTableProps) {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const modify = useModifyOrder();
  const pending = usePendingModifies();
  const mutate = modify.mutate;
  const onModify = useCallback((order: Order, fields: ModifyFields) => mutate({ order, fields }), [mutate]);
  return (
    <table className="orders__table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('colPair')}</th>
          <th scope="col">{t('colTime')}</th>
          <th scope="col">{t('colSide')}</th>
          <th scope="col">{t('colType')}</th>
          {showTrigger && <th scope="col" className="orders__num">{t('colTrigger')}</th>}
          <th scope="col" className="orders__num">{t('colPrice')}</th>
          <th scope="col" className="orders__num">{t('colQty')}</th>
          <th scope="col" className="orders__num">{t('colFilled')}</th>
          <th scope="col">{t('colStatus')}</th>
          {onCancel && <th scope="col"><span className="visually-hidden">{t('colAction')}</span></th>}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <OrderRow
            key={o.orderId}
            order={o}
            t={t}
            format={format}
            showTrigger={showTrigger}
            sent={pending.get(o.orderId)}
            cancelling={cancelling?.has(o.orderId) ?? false}
            editing={editing === o.orderId}
            editable={editable}
            onCancel={onCancel}
            onEdit={setEditing}
            onModify={onModify}
          />
        ))}
      </tbody>
    </table>
  );
}
