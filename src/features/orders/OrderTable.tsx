import { useTranslation } from 'react-i18next';
import { isPlanOrder } from '../../domain/orderStatus';
import { attachedTpslNote } from '../../domain/attachedTpsl';
import { useState } from 'react';
import { isEditable } from '../../domain/orderEdit';
import { useModifyOrder, usePendingModifies, type Order } from '../../data/orders';
import { OrderEditRow } from './OrderEditRow';
import { Button } from '../../ui/Button';
import { useOrderFormat, type OrderFormat } from './useOrderFormat';

interface OrderTableProps {
  orders: readonly Order[];
  /** the list's name for assistive tech */
  label: string;
  /** plan lists show the trigger price */
  showTrigger: boolean;
  /** open lists: a cancel button per row */
  onCancel?: (order: Order) => void;
  cancelling?: ReadonlySet<string>;
  /** open lists: limit and plan orders can be modified in their row */
  editable?: boolean;
}

export const pairOf = (o: { baseTokenName: string; quoteTokenName: string }) => `${o.baseTokenName}/${o.quoteTokenName}`;

/** A market order has no price of its own: the column says so instead of showing 0. */
function priceText(order: Order, format: OrderFormat, marketLabel: string): string {
  return order.type === 'MARKET' ? marketLabel : format.price(order.symbolId, order.price);
}

/** A limit order's attached TP/SL under its type: the prices, and once it ended whether they were placed. */
function TpslNote({ order, format }: { order: Order; format: OrderFormat }) {
  const { t } = useTranslation('trade');
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

/** Orders of every pair, newest first; sides in the spec's up and down colours. */
export function OrderTable({ orders, label, showTrigger, onCancel, cancelling, editable = false }: OrderTableProps) {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const modify = useModifyOrder();
  const pending = usePendingModifies();
  const typeOf = (o: Order) => (isPlanOrder(o.planType) ? t(`planType_${o.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${o.type}`));
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
        {orders.map((o) => {
          const sent = pending.get(o.orderId);
          // While a modify is on its way the row shows the values sent, labelled as pending (spec 2 §4).
          const shown = sent ? { ...o, price: sent.price ?? o.price, qty: sent.quantity, triggerPrice: sent.trigger_price ?? o.triggerPrice } : o;
          const price = priceText(shown, format, t('marketPrice'));
          const qty = format.qty(o.symbolId, shown.qty);
          const lead = (
            <>
              <td>{pairOf(o)}</td>
              <td dir="ltr" className="orders__time">{format.time(o.time)}</td>
              <td className={o.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${o.side}`)}</td>
              <td>
                {typeOf(o)}
                <TpslNote order={o} format={format} />
              </td>
            </>
          );
          const filled = <td dir="ltr" className="orders__num">{format.qty(o.symbolId, o.executedQty)}</td>;
          if (editing === o.orderId) {
            return (
              <OrderEditRow
                key={o.orderId}
                order={o}
                showTrigger={showTrigger}
                lead={lead}
                tail={<>{filled}<td>{t(`status_${o.status}`)}</td></>}
                onSubmit={(fields) => modify.mutate({ order: o, fields })}
                onDone={() => setEditing(null)}
              />
            );
          }
          const named = { side: t(`side_${o.side}`), pair: pairOf(o), qty, price };
          return (
            <tr key={o.orderId} data-order-id={o.orderId}>
              {lead}
              {showTrigger && <td dir="ltr" className="orders__num">{format.price(o.symbolId, shown.triggerPrice)}</td>}
              <td dir="ltr" className="orders__num">{price}</td>
              <td dir="ltr" className="orders__num">{qty}</td>
              {filled}
              <td>{sent ? t('status_PENDING_NEW') : t(`status_${o.status}`)}</td>
              {onCancel && (
                <td>
                  <div className="orders__actions">
                    {editable && isEditable(o) && (
                      <Button
                        variant="ghost"
                        className="orders__cancel"
                        disabled={sent !== undefined || cancelling?.has(o.orderId)}
                        aria-label={t('editOrderNamed', named)}
                        onClick={() => setEditing(o.orderId)}
                      >
                        {t('edit')}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      className="orders__cancel"
                      disabled={cancelling?.has(o.orderId)}
                      aria-label={t('cancelOrderNamed', named)}
                      onClick={() => onCancel(o)}
                    >
                      {t('cancel')}
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
