import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextGate, type GateId } from '../../domain/order-entry/gates';
import { UPGRADING_MESSAGE, upgradeBlocksOrdering } from '../../domain/upgrade';
import { orderCreateBody } from '../../domain/order-entry/request';
import { firstOrderError } from '../../domain/order-entry/validation';
import { readAcceptedGates, acceptGate } from '../../data/gateAcceptance';
import { usePlaceOrder } from '../../data/orderEntry';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import { placeFailure } from './placeFailure';
import type { OrderEntryModel } from './useOrderEntry';

/** What the answers of earlier orders changed in the form (spec 2 §8 flags). */
export interface SubmitFlags {
  tryLimit: boolean;
  standardAccountLimit: boolean;
}

/**
 * The submit of spec 2 §5 and §8: the validation chain (first failure as a
 * toast), then the pre-submit gates in order (a dialog to accept, or a
 * blocking message), then one create per click, and the answer as a toast.
 * A second click or a held Enter while an order is on its way does nothing.
 */
export function useSubmitOrder(model: OrderEntryModel) {
  const { t } = useTranslation('trade');
  const profile = useProfile().data;
  const { place, pending } = usePlaceOrder();
  // The ref stops a second click in the same frame; the state shows the busy button.
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [gate, setGate] = useState<GateId | null>(null);
  const [flags, setFlags] = useState<SubmitFlags>({ tryLimit: false, standardAccountLimit: false });
  const [showErrors, setShowErrors] = useState(false);
  const userId = profile?.userId ?? null;

  const send = useCallback(async () => {
    const { ctx, inputs, symbol, accountInfo, actions } = model;
    if (!ctx || !symbol || !userId) return;
    const step = nextGate({
      symbol,
      upgradeTag: profile?.memberTags.UTA ?? null,
      riskState: accountInfo?.riskState ?? profile?.marginStatus ?? null,
      accepted: readAcceptedGates(userId),
    });
    if (step.kind === 'block') {
      toastStore.show(t(step.messageKey), 'error');
      return;
    }
    if (step.kind === 'accept') {
      setGate(step.gate);
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await place(orderCreateBody(inputs, ctx));
      toastStore.show(t('orderPlaced', { side: t(inputs.side === 'Buy' ? 'buy' : 'sell'), coin: ctx.rules.baseCoin }), 'success');
      setShowErrors(false);
      actions.placed();
    } catch (error) {
      const { text, refused } = placeFailure(error, t);
      if (refused) setFlags((f) => ({ tryLimit: f.tryLimit || refused.tryLimit, standardAccountLimit: f.standardAccountLimit || refused.standardAccountLimit }));
      toastStore.show(text, 'error');
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [model, userId, profile, place, t]);

  const submit = useCallback(() => {
    if (inFlight.current || pending || !model.ctx) return;
    // An account being upgraded cannot order at all (spec 2 §5's first gate): say that, not which field is empty.
    if (upgradeBlocksOrdering(profile?.memberTags.UTA ?? null)) {
      toastStore.show(t(UPGRADING_MESSAGE), 'error');
      return;
    }
    const error = firstOrderError(model.inputs, model.ctx);
    if (error) {
      setShowErrors(true);
      toastStore.show(t(error.key, error.params ?? {}), 'error');
      return;
    }
    void send();
  }, [model.ctx, model.inputs, pending, send, t, profile]);

  const acceptCurrentGate = useCallback(() => {
    if (!gate || !userId) return;
    acceptGate(userId, gate);
    setGate(null);
    // The next gate, if any, opens; with none left the order goes.
    void send();
  }, [gate, userId, send]);

  return { submit, pending: pending || sending, gate, acceptGate: acceptCurrentGate, cancelGate: () => setGate(null), flags, showErrors };
}
