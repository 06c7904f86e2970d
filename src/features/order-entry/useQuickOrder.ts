import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { authLinks } from '../../domain/authLinks';
import { checkQuickOrder, type QuickOrder } from '../../domain/order-entry/quickOrder';
import { orderCreateBody } from '../../domain/order-entry/request';
import type { OrderFormContext, OrderFormError } from '../../domain/order-entry/types';
import { usePlaceOrder } from '../../data/orderEntry';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import type { GateDialogProps } from './gates';
import { useGateFlow } from './gates';
import { placeFailure } from './placeFailure';
import { useOrderContext } from './useOrderContext';

export interface QuickOrderModel {
  /** the pair's rules and prices; null until the symbol list is in */
  ctx: OrderFormContext | null;
  loggedIn: boolean;
  pending: boolean;
  /**
   * Checks and sends one quick order: a visitor goes to log in (and comes
   * back here); a refusal is answered with its error (the view shows it
   * beside the input) and nothing is sent; otherwise the pre-submit gates,
   * then the create. `placed` runs once the exchange has the order.
   */
  submit: (order: QuickOrder, placed?: () => void) => OrderFormError | null;
  /** spread on <GateDialog />: a notice the account has not accepted yet opens it */
  gateDialog: GateDialogProps;
}

/**
 * The chart's quick orders (hover limit order, quick market trade) placed
 * the way the order form places: same context, same checks after the
 * quick-order rules, same gates, same create call and answers (spec 2 §5, §8).
 */
export function useQuickOrder(base: string, quote: string): QuickOrderModel {
  const { t } = useTranslation('trade');
  const location = useLocation();
  const { symbol, ctx, accountInfo } = useOrderContext(base, quote);
  const profile = useProfile().data;
  const loggedIn = profile?.loggedIn ?? false;
  const { place, pending } = usePlaceOrder();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const gates = useGateFlow({
    userId: profile?.userId ?? null,
    symbol: symbol ?? { baseTokenName: base, quoteTokenName: quote, mark: [] },
    upgradeTag: profile?.memberTags.UTA ?? null,
    riskState: accountInfo?.riskState ?? profile?.marginStatus ?? null,
  });

  const send = useCallback(
    async (body: Record<string, unknown>, side: QuickOrder['side'], coin: string, placed?: () => void) => {
      inFlight.current = true;
      setSending(true);
      try {
        await place(body);
        toastStore.show(t('orderPlaced', { side: t(side === 'Buy' ? 'buy' : 'sell'), coin }), 'success');
        placed?.();
      } catch (error) {
        toastStore.show(placeFailure(error, t).text, 'error');
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [place, t],
  );

  const submit = useCallback(
    (order: QuickOrder, placed?: () => void): OrderFormError | null => {
      if (!ctx || inFlight.current) return null;
      const check = checkQuickOrder(order, ctx);
      if (check.kind === 'login') {
        window.location.assign(authLinks(location.pathname + location.search).login);
        return null;
      }
      if (check.kind === 'refused') {
        toastStore.show(t(check.error.key, check.error.params ?? {}), 'error');
        return check.error;
      }
      const body = orderCreateBody(check.form, ctx);
      gates.run({ proceed: () => void send(body, order.side, ctx.rules.baseCoin, placed), block: (key) => toastStore.show(t(key), 'error') });
      return null;
    },
    [ctx, gates, location.pathname, location.search, send, t],
  );

  return { ctx, loggedIn, pending: pending || sending, submit, gateDialog: gates.dialog };
}
