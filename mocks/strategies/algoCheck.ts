/**
 * What the type checks share: refusals naming their field, and reading a
 * price or a quantity on the instrument's steps with the engine's codes.
 */
import { ERR, exchangeError, type ErrorCode } from '../exchange/errors';
import type { Instrument } from '../exchange/instruments';
import { parseSteps } from '../exchange/parse';
import { parsePrice } from '../exchange/validate';
import type { AlgoError, AlgoResult, Side } from './algoTypes';

/** What a type's check sees: the pair, the side, the checked size and the reference price. */
export interface CheckContext {
  inst: Instrument;
  side: Side;
  sizeLots: number;
  reference: number;
}

/** A type's checked settings and the price its children lock funds at (the create's funds check). */
export interface Checked<S> {
  settings: S;
  lockPrice: number;
}

/** The engine's text for `code`, or `message` when given; either way naming the field. */
export function algoError(code: ErrorCode, field: string, message?: string): AlgoError {
  return { code, field, message: message ?? (code === ERR.PARAM ? exchangeError(ERR.PARAM, field).message : `${field}: ${exchangeError(code).message}`) };
}

export const refused = (code: ErrorCode, field: string, message?: string): { ok: false; error: AlgoError } => ({ ok: false, error: algoError(code, field, message) });

/** A price on the tick: the engine's codes (170134 decimals, 170133 not above 0), 170130 naming the field otherwise. */
export function priceOf(inst: Instrument, text: unknown, field: string): AlgoResult<number> {
  if (typeof text !== 'string') return refused(ERR.PARAM, field);
  const parsed = parsePrice(inst, text, field);
  return parsed.ok ? parsed : refused(parsed.error.code, field);
}

/** A base quantity on the lot step, at least the pair's minimum order quantity (a total may pass the maximum of one order). */
export function lotsOf(inst: Instrument, text: unknown, field: string): AlgoResult<number> {
  if (typeof text !== 'string') return refused(ERR.PARAM, field);
  const lots = parseSteps(text, inst.lot, inst.lotShape.decimals, inst.lotShape.digits);
  if (lots === 'format') return refused(ERR.PARAM, field);
  if (lots === 'decimals') return refused(ERR.QTY_DECIMALS, field);
  if (lots < inst.minQtyLots) return refused(ERR.QTY_TOO_LOW, field);
  return { ok: true, value: lots };
}

/** A whole number within [min, max], or 170130 naming the field with the range. */
export function intIn(value: unknown, field: string, min: number, max: number): AlgoResult<number> {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    return refused(ERR.PARAM, field, `${field} must be a whole number from ${min} to ${max}`);
  }
  return { ok: true, value: value as number };
}
