import { fail } from '../envelope';

/**
 * Refusal codes of the market REST (docs/api.md). They follow Bybit's public
 * API where it has one (10001 parameter error, 10016 service unavailable,
 * 170121 invalid symbol), so a page written against this exchange reads the
 * same codes from a real one.
 */
export const REST_ERRORS = {
  badParam: 10001,
  unavailable: 10016,
  unknownSymbol: 170121,
  loginRequired: 10007,
} as const;

/** Thrown by a handler to answer a refusal; `route()` turns it into the envelope. */
export class Refusal extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export const badParam = (message: string) => new Refusal(REST_ERRORS.badParam, message);
export const unknownSymbol = (symbol: string) => new Refusal(REST_ERRORS.unknownSymbol, `Invalid symbol: ${symbol}`);
export const loginRequired = () => new Refusal(REST_ERRORS.loginRequired, 'Login required');
export const unavailable = (message: string) => new Refusal(REST_ERRORS.unavailable, message);

/**
 * A refusal answers its code; anything else is a bug of the exchange, answered
 * as a 500 in the envelope so the page sees a server error, not a hung call.
 */
export function answerFor(error: unknown): Response {
  if (error instanceof Refusal) return fail(error.code, error.message);
  console.error('embedded exchange handler failed', error);
  return fail(REST_ERRORS.unavailable, 'Internal error', 500);
}
