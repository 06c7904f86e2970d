import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { initialOrderForm, reduceOrderForm, type ChoicePatch } from '../../domain/order-entry/form';
import { orderFormSummary, sliderAction } from '../../domain/order-entry/summary';
import { orderFormErrors } from '../../domain/order-entry/validation';
import type { NumericField, OrderFormType, Side } from '../../domain/order-entry/types';
import { subscribeBookPrice } from '../../data/priceEvents';
import { useOrderContext } from './useOrderContext';

/**
 * The order form's state (the panel is keyed by pair: another pair starts
 * from a clean form, a price of one pair means nothing on another): the pure form (src/domain/order-entry) driven by
 * the page's events — keystrokes, pastes, blurs, the slider and prices
 * picked in the book or the tape — over the live context of the symbol.
 */
export function useOrderEntry(base: string, quote: string) {
  const context = useOrderContext(base, quote);
  const { ctx } = context;
  const [inputs, dispatch] = useReducer(reduceOrderForm, undefined, () => initialOrderForm());
  const rules = ctx?.rules ?? null;
  const symbolId = rules?.symbolId ?? `${base}${quote}`;

  useEffect(
    () =>
      subscribeBookPrice((event) => {
        if (event.symbolId === symbolId) dispatch({ type: 'pickPrice', price: event.price });
      }),
    [symbolId],
  );

  const summary = useMemo(() => (ctx ? orderFormSummary(inputs, ctx) : null), [inputs, ctx]);
  const errors = useMemo(() => (ctx ? orderFormErrors(inputs, ctx) : []), [inputs, ctx]);

  const actions = useMemo(
    () => ({
      setSide: (side: Side) => dispatch({ type: 'side', side }),
      setType: (orderType: OrderFormType) => dispatch({ type: 'orderType', orderType }),
      choose: (patch: ChoicePatch) => dispatch({ type: 'choose', patch }),
      input: (field: NumericField, text: string) => rules && dispatch({ type: 'input', field, text, rules }),
      paste: (field: NumericField, text: string) => rules && dispatch({ type: 'paste', field, text, rules }),
      blur: (field: NumericField) => rules && dispatch({ type: 'blur', field, rules }),
      pickPrice: (price: string) => dispatch({ type: 'pickPrice', price }),
      placed: () => dispatch({ type: 'placed' }),
    }),
    [rules],
  );
  const setPercent = useCallback((percent: number) => ctx && dispatch(sliderAction(inputs, ctx, percent)), [inputs, ctx]);

  return { ...context, inputs, summary, errors, actions: { ...actions, setPercent } };
}

export type OrderEntryModel = ReturnType<typeof useOrderEntry>;
