import { memo } from 'react';
import type { TFunction } from 'i18next';
import { attachedTpslNote } from '../../domain/attachedTpsl';
import { isEditable } from '../../domain/orderEdit';
import { isPlanOrder } from '../../domain/orderStatus';
import type { ModifyFields, Order } from '../../data/orders';
import { Button } from '../../ui/Button';
import { OrderEditRow } from './OrderEditRow';
import { numberCells, withSent, type OrderColumns } from './orderColumns';
import type { OrderFormat } from './useOrderFormat';

export const pairOf = (o: { baseTokenName: string; quoteTokenName: string }) => `${o.baseTokenName}/${o.quoteTokenName}`;

/** A limit order's attached TP/SL under its type: the prices, and once it ended whether they were placed. */
function TpslNote({ order, format, t }: { order: Order; format: OrderFormat; t: TFunction }) {
  const note = attachedTpslNote(order.tpsl);
  if (!note) return null;
  const prices = [
    note.takeProfit && t('tpslTakeProfitShort', { price: format.price(order.symbolId, note.takeProfit) }),
    note.stopLoss && t('tpslStopLossShort', { price: format.price(order.symbolId, note.stopLoss) }),
  ].filter(Boolean).join(' · ');
  const refused = note.key.startsWith('tpslRefused');
  return (
    <span className={refused ? 'orders__tpsl orders__tpsl--refused' : 'orders__tpsl'} dir="auto">
      {t(note.key, { prices, code: note.code })}
    </span>
  );
}

export interface OrderRowProps {
  /** the row's place in the whole list (long lists render a window of it) */
  index: number;
  /** measures the row's height for the window (long lists only) */
  measure?: (row: HTMLTableRowElement | null) => void;
  order: Order;
  t: TFunction;
  format: OrderFormat;
  columns: OrderColumns;
  /** the modify on its way, if any: the row shows the values sent, labelled pending (spec 2 §4) */
  sent: ModifyFields | undefined;
  cancelling: boolean;
  editing: boolean;
  editable: boolean;
  /** open lists: cancel, edit and the edit's end (stable callbacks, so a push re-renders only its own row) */
  onCancel?: (order: Order) => void;
  onEdit: (orderId: string | null) => void;
  onModify: (order: Order, fields: ModifyFields) => void;
}

/**
 * One order's row. Memoised on its props: a push replaces only the order it
 * is about, so a list of hundreds re-renders one row per update.
 */
export const OrderRow = memo(function OrderRow({ index, measure, order: o, t, format, columns, sent, cancelling, editing, editable, onCancel, onEdit, onModify }: OrderRowProps) {
  const cells = numberCells(withSent(o, sent), columns, format, t);
  const price = cells.find((c) => c.header === 'colPrice')?.text ?? t('marketPrice');
  const qty = cells.find((c) => c.header === 'colQty')!.text;
  const typeText = isPlanOrder(o.planType) ? t(`planType_${o.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${o.type}`);
  const lead = (
    <>
      <td>{pairOf(o)}</td>
      <td dir="ltr" className="orders__time">{format.time(o.time)}</td>
      <td className={o.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${o.side}`)}</td>
      <td>
        {typeText}
        <TpslNote order={o} format={format} t={t} />
      </td>
    </>
  );
  const filled = <td dir="ltr" className="orders__num">{format.qty(o.symbolId, o.executedQty)}</td>;
  if (editing) {
    return (
      <OrderEditRow
        index={index}
        measure={measure}
        order={o}
        cells={numberCells(o, columns, format, t)}
        lead={lead}
        tail={<>{filled}<td>{t(`status_${o.status}`)}</td></>}
        onSubmit={(fields) => onModify(o, fields)}
        onDone={() => onEdit(null)}
      />
    );
  }
  const named = { side: t(`side_${o.side}`), pair: pairOf(o), qty, price };
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} data-order-id={o.orderId}>
      {lead}
      {cells.map((c) => (
        <td key={c.header} dir="ltr" className="orders__num">{c.text}</td>
      ))}
      {filled}
      <td>{sent ? t('status_PENDING_NEW') : t(`status_${o.status}`)}</td>
      {onCancel && (
        <td className="orders__action-cell">
          <div className="orders__actions">
            {editable && isEditable(o) && (
              <Button
                variant="ghost"
                className="orders__cancel"
                disabled={sent !== undefined || cancelling}
                aria-label={t('editOrderNamed', named)}
                onClick={() => onEdit(o.orderId)}
              >
                {t('edit')}
              </Button>
            )}
            <Button variant="ghost" className="orders__cancel" disabled={cancelling} aria-label={t('cancelOrderNamed', named)} onClick={() => onCancel(o)}>
              {t('cancel')}
            </Button>
          </div>
        </td>
      )}
    </tr>
  );
});
