import type { TFunction } from 'i18next';
import type { EditField } from '../../domain/orderEdit';
import type { ModifyFields, Order } from '../../data/orders';
import type { OrderFormat } from './useOrderFormat';

/** Which number columns a list shows: ordinary orders, plan orders (with the trigger), or trailing orders (activation, distance, stop). */
export type OrderColumns = 'ordinary' | 'plan' | 'trailing';

export interface NumberCell {
  /** the column's header key in the trade namespace */
  header: string;
  /** the edit field this column holds while the row is edited; null: not editable here */
  field: EditField | null;
  text: string;
}

const positive = (value: string) => Number(value) > 0;

/** What the row shows while a modify is on its way: the values sent, over the order's own. */
export function withSent(o: Order, sent: ModifyFields | undefined): Order {
  if (!sent) return o;
  return {
    ...o,
    price: sent.price ?? o.price,
    qty: sent.quantity,
    triggerPrice: sent.trigger_price ?? o.triggerPrice,
    activationPrice: sent.activation_price ?? o.activationPrice,
    trailingValue: sent.trailing_value ?? (sent.trailing_percentage ? '0' : o.trailingValue),
    trailingPercentage: sent.trailing_percentage ?? (sent.trailing_value ? '0' : o.trailingPercentage),
  };
}

/** A trailing order's distance: "1.5%" or a price value. */
function trailingText(o: Order, format: OrderFormat): string {
  return positive(o.trailingPercentage) ? `${o.trailingPercentage}%` : format.price(o.symbolId, o.trailingValue);
}

/** The number cells of one order's row, in column order. */
export function numberCells(o: Order, columns: OrderColumns, format: OrderFormat, t: TFunction): NumberCell[] {
  const price = { header: 'colPrice', field: 'price' as const, text: o.type === 'MARKET' ? t('marketPrice') : format.price(o.symbolId, o.price) };
  const qty = { header: 'colQty', field: 'qty' as const, text: format.qty(o.symbolId, o.qty) };
  switch (columns) {
    case 'ordinary':
      return [price, qty];
    case 'plan':
      return [{ header: 'colTrigger', field: 'trigger', text: format.price(o.symbolId, o.triggerPrice) }, price, qty];
    case 'trailing':
      return [
        // A trailing stop placed without an activation price trails from the start.
        { header: 'colActivation', field: 'activation', text: positive(o.activationPrice) ? format.price(o.symbolId, o.activationPrice) : t('trailingNoActivation') },
        { header: 'colTrailing', field: 'trailing', text: trailingText(o, format) },
        // The stop moves with the market once the order trails; before that it has none.
        { header: 'colStopPrice', field: null, text: positive(o.triggerPrice) ? format.price(o.symbolId, o.triggerPrice) : '—' },
        qty,
      ];
  }
}

/** The header keys of a list's number columns. */
export const numberHeaders = (columns: OrderColumns): string[] =>
  columns === 'ordinary' ? ['colPrice', 'colQty'] : columns === 'plan' ? ['colTrigger', 'colPrice', 'colQty'] : ['colActivation', 'colTrailing', 'colStopPrice', 'colQty'];
