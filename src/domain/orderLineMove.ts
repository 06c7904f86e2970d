/**
 * Moving an order's line on the chart (spec 2 §4: "Dragging an order line
 * moves an ordinary order's price; for conditional and stop-limit orders it
 * changes the trigger price"): which price a line moves, where a pointer or
 * an arrow key puts it (on the tick), and what the move asks of the trader —
 * through the same edit checks as the orders panel (orderEdit.checkEdit), so
 * a drag can never send what the row's edit would refuse. Pure.
 */
import { Decimal } from 'decimal.js';
import { normalizeNumber } from './order-entry/numeric';
import { isPlanOrder } from './orderStatus';
import { checkEdit, editableFields, initialEditInputs, modifyFields, type EditableOrder, type EditContext, type EditedFields, type EditIssue } from './orderEdit';

export type LineField = 'price' | 'trigger' | 'activation';

/**
 * The price a line moves: an ordinary limit order's price, a plan order's
 * trigger, a trailing stop's activation price while it waits. A trailing
 * order that trails has a stop the market moves, and a market order has no
 * price: their lines do not move (null).
 */
export function lineField(order: EditableOrder): LineField | null {
  const fields = editableFields(order);
  if (!isPlanOrder(order.planType)) return fields.includes('price') ? 'price' : null;
  if (fields.includes('trigger')) return 'trigger';
  return fields.includes('activation') ? 'activation' : null;
}

/** The line's price as the order holds it, for the field the line moves. */
export function linePrice(order: EditableOrder, field: LineField): string {
  const inputs = initialEditInputs(order);
  return field === 'price' ? inputs.price : field === 'trigger' ? inputs.trigger : inputs.activation;
}

/** A pointer's price on the tick nearest it, never under one tick; "" when the pointer gives no price. */
export function snapToTick(raw: number | null, tick: string): string {
  if (raw === null || !Number.isFinite(raw)) return '';
  return normalizeNumber(new Decimal(raw).toFixed(), { step: tick, min: tick, round: 'nearest' });
}

/** An arrow key's move: `steps` ticks up (positive) or down, never under one tick. */
export function stepByTicks(price: string, tick: string, steps: number): string {
  const from = snapToTick(Number(price), tick);
  if (from === '') return price;
  return normalizeNumber(new Decimal(from).plus(new Decimal(tick).times(steps)).toFixed(), { step: tick, min: tick, round: 'nearest' });
}

export type LineMove =
  /** dropped where it was: nothing to send */
  | { kind: 'unchanged' }
  /** the edit checks' first refusal: nothing is sent and the line goes back */
  | { kind: 'refused'; issue: EditIssue }
  /** the hint dialog asks first (spec 2 §4); the body is sent if the trader agrees */
  | { kind: 'ask'; hints: EditIssue[]; fields: EditedFields }
  | { kind: 'send'; fields: EditedFields };

/** What dropping the line at `price` does: the spec's edit flow with the one field changed. */
export function lineMove(order: EditableOrder, field: LineField, price: string, ctx: EditContext): LineMove {
  const inputs = { ...initialEditInputs(order), [field]: price };
  const was = linePrice(order, field);
  if (price !== '' && was !== '' && new Decimal(price).eq(new Decimal(was || '0'))) return { kind: 'unchanged' };
  const check = checkEdit(order, inputs, ctx);
  const first = check.errors[0];
  if (first) return { kind: 'refused', issue: first };
  const fields = modifyFields(order, inputs);
  return check.hints.length ? { kind: 'ask', hints: check.hints, fields } : { kind: 'send', fields };
}
