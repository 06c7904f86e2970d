import { useTranslation } from 'react-i18next';
import { isPlanOrder } from '../../domain/orderStatus';
import { attachedTpslNote } from '../../domain/attachedTpsl';
import type { Order } from '../../data/orders';
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
export function OrderTable({ orders, label, showTrigger, onCancel, cancelling }: OrderTableProps) {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
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
          const price = priceText(o, format, t('marketPrice'));
          const qty = format.qty(o.symbolId, o.qty);
          return (
            <tr key={o.orderId} data-order-id={o.orderId}>
              <td>{pairOf(o)}</td>
              <td dir="ltr" className="orders__time">{format.time(o.time)}</td>
              <td className={o.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${o.side}`)}</td>
              <td>
                {typeOf(o)}
                <TpslNote order={o} format={format} />
              </td>
              {showTrigger && <td dir="ltr" className="orders__num">{format.price(o.symbolId, o.triggerPrice)}</td>}
              <td dir="ltr" className="orders__num">{price}</td>
              <td dir="ltr" className="orders__num">{qty}</td>
              <td dir="ltr" className="orders__num">{format.qty(o.symbolId, o.executedQty)}</td>
              <td>{t(`status_${o.status}`)}</td>
              {onCancel && (
                <td>
                  <Button
                    variant="ghost"
                    className="orders__cancel"
                    disabled={cancelling?.has(o.orderId)}
                    aria-label={t('cancelOrderNamed', { side: t(`side_${o.side}`), pair: pairOf(o), qty, price })}
                    onClick={() => onCancel(o)}
                  >
                    {t('cancel')}
                  </Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
