import type { TFunction } from 'i18next';
import { orderOutcome, type OrderOutcome } from '../../domain/order-entry/request';
import { ApiError, NetworkError } from '../../data/http';

/**
 * What a failed create tells the trader (spec 2 §8), the form's submit and
 * the chart's quick orders alike: the exchange's refusal in the page's words
 * (or its own), a lost answer as "not confirmed" (sending again cannot make
 * a second order), anything else as operationFail.
 */
export function placeFailure(error: unknown, t: TFunction): { text: string; refused: Extract<OrderOutcome, { kind: 'refused' }> | null } {
  if (error instanceof ApiError) {
    const outcome = orderOutcome(Number(error.code), error.message);
    if (outcome.kind === 'refused') return { text: outcome.key ? t(outcome.key) : outcome.message || t('operationFail'), refused: outcome };
    return { text: t('operationFail'), refused: null };
  }
  if (error instanceof NetworkError) return { text: t('orderNotConfirmed'), refused: null };
  return { text: t('operationFail'), refused: null };
}
