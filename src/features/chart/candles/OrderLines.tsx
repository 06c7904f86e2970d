import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import type { EditIssue } from '../../../domain/orderEdit';
import { orderLines } from '../../../domain/orderLines';
import { lineField, lineMove } from '../../../domain/orderLineMove';
import { isPlanOrder } from '../../../domain/orderStatus';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useEditContext } from '../../../data/editContext';
import { useCancelOrder, useCancellingIds, useModifyOrder, useOpenOrders, usePendingModifies, type ModifyFields, type Order } from '../../../data/orders';
import { toastStore } from '../../../data/toasts';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { ChartController } from './chartController';
import { OrderLineHandles, type ShownLine } from './OrderLineHandles';
import type { LineField } from '../../../domain/orderLineMove';

/** An order's line before any move: where it sits, what it says, which price a move changes (null: it cannot move). */
interface BaseLine {
  order: Order;
  price: number;
  /** the price as the order holds it (its decimals), for the handle's name */
  priceText: string;
  label: string;
  field: LineField | null;
}

/**
 * Each order's line, made once per order object (and language, symbol): a
 * push replaces one order object and keeps the others, so 50 pushes a second
 * over 500 orders do not relabel 500 lines each.
 */
function lineMaker(t: TFunction, locale: string, symbolId: string): (order: Order) => BaseLine | null {
  const made = new WeakMap<Order, BaseLine | null>();
  return (order) => {
    if (made.has(order)) return made.get(order)!;
    const line = orderLines([order], symbolId)[0];
    let base: BaseLine | null = null;
    if (line) {
      const kind = isPlanOrder(line.planType) ? t(`planType_${line.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${line.type}`);
      const field = lineField(order);
      // A line moves the price it shows: a trailing order's stop, once it trails, is the market's to move.
      const movable = field !== null && (field === 'price' ? line.at === 'price' : field === 'trigger' ? line.at === 'trigger' : line.at === 'activation');
      const priceText = line.at === 'price' ? order.price : line.at === 'trigger' ? order.triggerPrice : order.activationPrice;
      base = { order, price: line.price, priceText, label: `${t(`side_${line.side}`)} ${kind} ${formatAsGiven(line.qty, locale)}`, field: movable ? field : null };
    }
    made.set(order, base);
    return base;
  };
}

/** The price a modify on its way sends for the line's field, if it changes it. */
function sentPrice(fields: ModifyFields | undefined, field: LineField | null): string | undefined {
  if (!fields || !field) return undefined;
  return field === 'price' ? fields.price : field === 'trigger' ? fields.trigger_price : fields.activation_price;
}

interface Asking {
  order: Order;
  hints: EditIssue[];
  fields: ModifyFields;
}

/**
 * The trader's open orders of the chart's symbol as price lines (spec 1
 * "show entrust orders"; spec 2 §4 edit flow): each with a handle that says
 * side, kind and quantity, moves the order's price (or trigger) by drag or by
 * arrow keys, and cancels it. A drop runs the orders panel's edit checks; a
 * hint asks first; while the modify is on its way the line sits at the sent
 * price, labelled pending, and goes back if the exchange refuses. The lists
 * are the orders panel's own caches, kept by the same pushes.
 */
export function OrderLines({ controller, symbolId }: { controller: ChartController; symbolId: string }) {
  const { t, i18n } = useTranslation('trade');
  const [display] = useChartDisplaySettings();
  const ordinary = useOpenOrders('ordinary').data;
  const plans = useOpenOrders('plan').data;
  const pending = usePendingModifies();
  const cancelling = useCancellingIds();
  const rules = useEditContext(symbolId);
  const modify = useModifyOrder();
  const cancel = useCancelOrder();
  const [movingState, setMoving] = useState<{ orderId: string; price: string } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const lineOf = useMemo(() => lineMaker(t, i18n.language, symbolId), [t, i18n.language, symbolId]);
  const base = useMemo(
    (): BaseLine[] => (display.entrust ? [...(ordinary ?? []), ...(plans ?? [])].flatMap((order) => lineOf(order) ?? []) : []),
    [display.entrust, ordinary, plans, lineOf],
  );
  // An order that went (filled, cancelled elsewhere) takes its move with it.
  const moving = movingState && base.some((b) => b.order.orderId === movingState.orderId) ? movingState : null;
  const pendingLabel = t('status_PENDING_NEW');
  const lines = useMemo(
    (): ShownLine[] =>
      base.map((b) => {
        const id = b.order.orderId;
        const sent = sentPrice(pending.get(id), b.field);
        const priceText = moving?.orderId === id ? moving.price : (sent ?? b.priceText);
        const busy = pending.has(id) || cancelling.has(id);
        const label = pending.has(id) ? `${b.label} · ${pendingLabel}` : b.label;
        return { id, side: b.order.side, price: Number(priceText), priceText, label, movable: b.field !== null && !busy, busy };
      }),
    [base, pending, cancelling, moving, pendingLabel],
  );
  // The handle carries the label; the line keeps its price on the axis.
  useEffect(() => controller.overlays.setLines('orders', lines.map((l) => ({ id: l.id, side: l.side, price: l.price, title: '' }))), [controller, lines]);

  const orderOf = (id: string) => base.find((b) => b.order.orderId === id);
  const send = (order: Order, fields: ModifyFields) => {
    modify.mutate({ order, fields });
    setMoving(null);
  };
  const drop = (id: string, price: string) => {
    const line = orderOf(id);
    if (!line?.field || !rules) return setMoving(null);
    const move = lineMove(line.order, line.field, price, rules.ctx);
    if (move.kind === 'unchanged') setMoving(null);
    else if (move.kind === 'refused') {
      toastStore.show(t(move.issue.key, move.issue.params ?? {}), 'error');
      setMoving(null);
    } else if (move.kind === 'ask') setAsking({ order: line.order, hints: move.hints, fields: move.fields });
    else send(line.order, move.fields);
  };
  const putBack = () => {
    setAsking(null);
    setMoving(null);
  };

  return (
    <>
      <OrderLineHandles
        controller={controller}
        lines={lines}
        tick={rules?.ctx.tick ?? null}
        onMove={(id, price) => setMoving({ orderId: id, price })}
        onDrop={drop}
        onRestore={() => setMoving(null)}
        onCancel={(id) => {
          const line = orderOf(id);
          if (line) cancel.mutate(line.order);
        }}
      />
      <Dialog
        open={asking !== null}
        title={t('modifyHintTitle')}
        onClose={putBack}
        actions={
          <>
            <Button onClick={putBack}>{t('keepEditing')}</Button>
            <Button
              variant="primary"
              onClick={() => {
                if (asking) send(asking.order, asking.fields);
                setAsking(null);
              }}
            >
              {t('modifyAnyway')}
            </Button>
          </>
        }
      >
        {asking?.hints.map((h) => <p key={h.key}>{t(h.key, h.params ?? {})}</p>)}
      </Dialog>
    </>
  );
}
