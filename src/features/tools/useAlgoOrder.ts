import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { algoCreateBody, algoErrors, algoSummary, initialAlgo, reduceAlgo, type AlgoAction, type AlgoInputs, type AlgoKind, type AlgoSummary } from '../../domain/order-entry/algoOrder';
import type { OrderFormContext, OrderFormError } from '../../domain/order-entry/types';
import { useProfile } from '../../data/queries';
import { useCreateStrategyOrder } from '../../data/strategyOrders';
import { toastStore } from '../../data/toasts';
import { placeFailure, useGateFlow, useOrderContext, type GateDialogProps } from '../order-entry';

export interface AlgoOrderModel {
  inputs: AlgoInputs;
  dispatch: (action: AlgoAction) => void;
  ctx: OrderFormContext | null;
  summary: AlgoSummary | null;
  errors: OrderFormError[];
  /** shown after a submit was refused, until the inputs change */
  showErrors: boolean;
  sending: boolean;
  submit: () => void;
  gateDialog: GateDialogProps;
}

/**
 * A TWAP, iceberg or chase order: its pure form
 * (src/domain/order-entry/algoOrder.ts), the order form's pre-submit gates,
 * then one create call; the toast comes once the exchange has taken it.
 */
export function useAlgoOrder(kind: AlgoKind, base: string, quote: string): AlgoOrderModel {
  const { t } = useTranslation('trade');
  const [inputs, dispatchRaw] = useReducer(reduceAlgo, undefined, () => initialAlgo(kind));
  const [showErrors, setShowErrors] = useState(false);
  const sendingRef = useRef(false);
  const { symbol, ctx, accountInfo } = useOrderContext(base, quote);
  const profile = useProfile().data;
  const create = useCreateStrategyOrder();
  const gates = useGateFlow({
    userId: profile?.userId ?? null,
    symbol: symbol ?? { baseTokenName: base, quoteTokenName: quote, mark: [] },
    upgradeTag: profile?.memberTags.UTA ?? null,
    riskState: accountInfo?.riskState ?? profile?.marginStatus ?? null,
  });
  const summary = useMemo(() => (ctx ? algoSummary(inputs, ctx) : null), [inputs, ctx]);
  const errors = useMemo(() => (ctx ? algoErrors(inputs, ctx) : []), [inputs, ctx]);
  const dispatch = useCallback((action: AlgoAction) => {
    dispatchRaw(action);
    if (action.type !== 'placed') setShowErrors(false);
  }, []);

  const submit = useCallback(() => {
    if (!ctx || sendingRef.current) return;
    const first = errors[0];
    if (first) {
      setShowErrors(true);
      toastStore.show(t(first.key, first.params ?? {}), 'error');
      return;
    }
    const body = algoCreateBody(inputs, ctx.rules);
    const side = t(inputs.side === 'Buy' ? 'buy' : 'sell');
    gates.run({
      proceed: () => {
        sendingRef.current = true;
        create.mutate(body, {
          onSuccess: () => {
            toastStore.show(t('algoPlaced', { kind: t(`algo_${kind}`), side, coin: ctx.rules.baseCoin }), 'success');
            dispatchRaw({ type: 'placed' });
          },
          onError: (error) => toastStore.show(placeFailure(error, t).text, 'error'),
          onSettled: () => {
            sendingRef.current = false;
          },
        });
      },
      block: (key) => toastStore.show(t(key), 'error'),
    });
  }, [ctx, errors, inputs, gates, create, kind, t]);

  return { inputs, dispatch, ctx, summary, errors, showErrors, sending: create.isPending, submit, gateDialog: gates.dialog };
}
