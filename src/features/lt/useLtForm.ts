import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../domain/format';
import { EMPTY_AMOUNT, reduceLtAmount, type LtAmountInputs } from '../../domain/lt/amountField';
import { isAmountError } from '../../domain/lt/checks';
import { redeemErrors, redeemMax, redeemSummary, type RedeemContext, type RedeemSummary } from '../../domain/lt/redeemForm';
import { ltRefusal, type LtAction } from '../../domain/lt/refusal';
import { subscribeErrors, subscribeMax, subscribeSummary, type SubscribeContext, type SubscribeSummary } from '../../domain/lt/subscribeForm';
import type { LtCheckError } from '../../domain/lt/types';
import { useBalances } from '../../data/assets';
import { ApiError, NetworkError } from '../../data/http';
import { useLtOrderMutation } from '../../data/lt';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import { useGateFlow, type GateDialogProps } from '../order-entry';
import type { LtToken } from './useLtToken';

export type LtFormSummary = { kind: 'subscribe'; figures: SubscribeSummary } | { kind: 'redeem'; figures: RedeemSummary };

export interface LtFormModel {
  action: LtAction;
  inputs: LtAmountInputs;
  /** the coin the amount is in: the quote to subscribe, the token to redeem */
  coin: string;
  /** the coin's available balance; null for a visitor or while unknown */
  available: string | null;
  /** the step the field keeps (quote step or token step); null until the token's limits are known */
  step: string | null;
  summary: LtFormSummary | null;
  /** the message under the field after a refused submit, until the amount changes */
  fieldMessage: string | null;
  invalid: boolean;
  loggedIn: boolean;
  /** the limits and the live info are known: the form can check and send */
  ready: boolean;
  pending: boolean;
  type: (text: string) => void;
  percent: (percent: number) => void;
  max: () => void;
  submit: () => void;
  gateDialog: GateDialogProps;
}

/**
 * One LT form (subscribe or redeem) on a token: the pure form of
 * src/domain/lt, its check chain (the first failure an error toast, spec 2
 * §8, and the field marked), then the LT risk-test gate before a
 * subscription (spec 2 §5), then the call. Success clears the form and says the
 * order was submitted; whether it was done comes later from the LT order
 * push, which the private-push layer toasts.
 */
export function useLtForm(action: LtAction, token: LtToken): LtFormModel {
  const { t, i18n } = useTranslation('lt');
  const profile = useProfile().data;
  const loggedIn = profile?.loggedIn ?? false;
  const balances = useBalances();
  const mutation = useLtOrderMutation();
  const [inputs, dispatch] = useReducer(reduceLtAmount, EMPTY_AMOUNT);
  const [refused, setRefused] = useState<LtCheckError | null>(null);
  const sending = useRef(false);

  const coin = action === 'subscribe' ? token.quote : token.token;
  const available = loggedIn && balances.data ? (balances.data.find((b) => b.tokenId === coin)?.free ?? '0') : null;
  const limits = token.symbolInfo.data;
  const info = token.info.data;
  const step = limits ? (action === 'subscribe' ? limits.quoteStep : limits.tokenStep) : null;

  // Only a subscription asks for the test: it is what buys the risk (spec 2 §5).
  const gates = useGateFlow({
    userId: profile?.userId ?? null,
    symbol: { baseTokenName: token.token, quoteTokenName: token.quote, mark: action === 'subscribe' ? ['leveraged'] : [] },
    upgradeTag: profile?.memberTags.UTA ?? null,
    riskState: null,
  });

  const form = useMemo(() => {
    if (!limits || !info) return null;
    if (action === 'subscribe') {
      const ctx: SubscribeContext = { limits, state: info, available };
      return { summary: { kind: 'subscribe', figures: subscribeSummary(inputs, ctx) } as LtFormSummary, errors: subscribeErrors(inputs, ctx), most: subscribeMax(ctx) };
    }
    const ctx: RedeemContext = { limits, state: info, held: available };
    return { summary: { kind: 'redeem', figures: redeemSummary(inputs, ctx) } as LtFormSummary, errors: redeemErrors(inputs, ctx), most: redeemMax(ctx) };
  }, [action, limits, info, available, inputs]);

  const message = useCallback(
    (error: LtCheckError) => {
      const params = error.params ?? {};
      // Limits are written grouped for the locale, as the form shows them.
      const value = params.value === undefined ? undefined : formatAsGiven(params.value, i18n.language);
      return t(error.key, { ...params, ...(value === undefined ? {} : { value }), coin });
    },
    [t, i18n.language, coin],
  );

  const send = useCallback(
    async (amount: string) => {
      sending.current = true;
      try {
        await mutation.mutateAsync(action === 'subscribe' ? { kind: 'subscribe', symbolId: token.symbolId, amount } : { kind: 'redeem', symbolId: token.symbolId, quantity: amount });
        dispatch({ type: 'clear' });
        setRefused(null);
        toastStore.show(t(action === 'subscribe' ? 'subscriptionSubmitted' : 'redemptionSubmitted'), 'success');
      } catch (error) {
        toastStore.show(failureText(error), 'error');
      } finally {
        sending.current = false;
      }

      function failureText(error: unknown): string {
        if (error instanceof ApiError) {
          const known = ltRefusal(action, error.code, limits ?? null, profile?.isDemo ?? false);
          if (known) {
            if (isAmountError(known.key)) setRefused(known);
            return message(known);
          }
          return error.message || t('operationFailed');
        }
        if (error instanceof NetworkError) return t('notConfirmed');
        return t('operationFailed');
      }
    },
    [action, mutation, token.symbolId, limits, profile?.isDemo, message, t],
  );

  /** Shows the first failed check (toast and field, spec 2 §5 and §8); true when there was one. */
  const refuseFirst = useCallback((): boolean => {
    const first = form?.errors[0];
    if (!first) return false;
    if (isAmountError(first.key)) setRefused(first);
    toastStore.show(message(first), 'error');
    return true;
  }, [form, message]);

  const submit = useCallback(() => {
    if (!loggedIn || !form || !step || sending.current || mutation.isPending) return;
    // The checks first, as the order form does: nobody should sit the risk test to be told the amount is too small.
    if (refuseFirst()) return;
    const figures = form.summary.figures;
    const amount = 'amount' in figures ? figures.amount : figures.quantity;
    if (!amount) return;
    if (action === 'redeem') {
      void send(amount);
      return;
    }
    gates.run({ proceed: () => void send(amount), block: (key) => toastStore.show(t(key, { ns: 'trade' }), 'error') });
  }, [loggedIn, form, step, mutation.isPending, refuseFirst, action, gates, send, t]);

  const edited = () => setRefused(null);
  const noteText = inputs.note ? t(inputs.note === 'tooLarge' ? 'amountTooLarge' : 'amountNotANumber') : null;

  return {
    action,
    inputs,
    coin,
    available,
    step,
    summary: form?.summary ?? null,
    fieldMessage: noteText ?? (refused ? message(refused) : null),
    invalid: refused !== null || inputs.note !== null,
    loggedIn,
    ready: form !== null,
    pending: mutation.isPending,
    type: (text) => {
      if (!step) return;
      edited();
      dispatch({ type: 'type', text, step });
    },
    percent: (percent) => {
      if (!step) return;
      edited();
      dispatch({ type: 'percent', percent, of: available, step });
    },
    max: () => {
      if (!step || !form) return;
      edited();
      dispatch({ type: 'max', value: form.most, step });
    },
    submit,
    gateDialog: gates.dialog,
  };
}
