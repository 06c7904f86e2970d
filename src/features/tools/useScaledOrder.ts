import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialOrderForm } from '../../domain/order-entry/form';
import { orderCreateBody } from '../../domain/order-entry/request';
import { initialScaled, reduceScaled, scaledErrors, scaledSummary, type ScaledInputs, type ScaledSlice, type ScaledSummary } from '../../domain/order-entry/scaledOrder';
import type { OrderFormContext, OrderFormError } from '../../domain/order-entry/types';
import { usePlaceOrder } from '../../data/orderEntry';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import { placeFailure, useGateFlow, useOrderContext, type GateDialogProps } from '../order-entry';

export interface ScaledOrderModel {
  inputs: ScaledInputs;
  dispatch: (action: Parameters<typeof reduceScaled>[1]) => void;
  ctx: OrderFormContext | null;
  summary: ScaledSummary | null;
  errors: OrderFormError[];
  /** shown after a submit was refused, until the inputs change */
  showErrors: boolean;
  /** the orders placed so far while sending, of how many */
  progress: { placed: number; of: number } | null;
  submit: () => void;
  gateDialog: GateDialogProps;
}

/** One slice as an ordinary GTC limit order of the form. */
const sliceBody = (slice: ScaledSlice, side: ScaledInputs['side'], ctx: OrderFormContext) =>
  orderCreateBody({ ...initialOrderForm(side, 'limit'), price: slice.price, quantity: slice.qty, sizeDriver: 'quantity' }, ctx);

/**
 * The scaled order tool: its form (src/domain/order-entry/scaledOrder.ts),
 * the order form's pre-submit gates, then one create per slice in price
 * order, each acknowledged before the next. A refusal or a failure stops
 * the rest and says how many were placed: the exchange holds those, and the
 * orders list shows them.
 */
export function useScaledOrder(base: string, quote: string): ScaledOrderModel {
  const { t } = useTranslation('trade');
  const [inputs, dispatchRaw] = useReducer(reduceScaled, undefined, () => initialScaled('Buy'));
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<{ placed: number; of: number } | null>(null);
  const sending = useRef(false);
  const { symbol, ctx, accountInfo } = useOrderContext(base, quote);
  const profile = useProfile().data;
  const { place } = usePlaceOrder();
  const gates = useGateFlow({
    userId: profile?.userId ?? null,
    symbol: symbol ?? { baseTokenName: base, quoteTokenName: quote, mark: [] },
    upgradeTag: profile?.memberTags.UTA ?? null,
    riskState: accountInfo?.riskState ?? profile?.marginStatus ?? null,
  });
  const summary = useMemo(() => (ctx ? scaledSummary(inputs, ctx) : null), [inputs, ctx]);
  const errors = useMemo(() => (ctx ? scaledErrors(inputs, ctx) : []), [inputs, ctx]);
  const dispatch = useCallback((action: Parameters<typeof reduceScaled>[1]) => {
    dispatchRaw(action);
    if (action.type !== 'placed') setShowErrors(false);
  }, []);

  const send = useCallback(
    async (slices: readonly ScaledSlice[], side: ScaledInputs['side'], context: OrderFormContext) => {
      sending.current = true;
      let placed = 0;
      setProgress({ placed, of: slices.length });
      try {
        for (const slice of slices) {
          await place(sliceBody(slice, side, context));
          placed += 1;
          setProgress({ placed, of: slices.length });
        }
        toastStore.show(t('scaledPlaced', { count: placed, side: t(side === 'Buy' ? 'buy' : 'sell'), coin: context.rules.baseCoin }), 'success');
        dispatchRaw({ type: 'placed' });
      } catch (error) {
        const reason = placeFailure(error, t).text;
        toastStore.show(placed > 0 ? t('scaledPartlyPlaced', { placed, of: slices.length, reason }) : reason, 'error');
        // Part of it is in the book: a second press must not place those orders again, so the quantity goes.
        if (placed > 0) dispatchRaw({ type: 'placed' });
      } finally {
        sending.current = false;
        setProgress(null);
      }
    },
    [place, t],
  );

  const submit = useCallback(() => {
    if (!ctx || !summary || sending.current) return;
    const first = errors[0];
    if (first) {
      setShowErrors(true);
      toastStore.show(t(first.key, first.params ?? {}), 'error');
      return;
    }
    const { slices } = summary;
    gates.run({ proceed: () => void send(slices, inputs.side, ctx), block: (key) => toastStore.show(t(key), 'error') });
  }, [ctx, summary, errors, gates, send, inputs.side, t]);

  return { inputs, dispatch, ctx, summary, errors, showErrors, progress, submit, gateDialog: gates.dialog };
}
