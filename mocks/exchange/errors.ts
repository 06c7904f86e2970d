/**
 * The exchange's refusal codes and texts (spec 2 §8, REFERENCE.md). Codes
 * marked "REFERENCE" are the public API's own; the others follow the same
 * 1701xx family for cases REFERENCE.md does not list, and docs/api.md lists
 * them all. The page shows its own translated messages; these texts are what
 * the server says.
 */
export const ERR = {
  /** REFERENCE */
  BALANCE: 170131,
  /** REFERENCE */
  QTY_TOO_LOW: 170136,
  QTY_TOO_HIGH: 170135,
  /** REFERENCE */
  QTY_DECIMALS: 170137,
  /** REFERENCE */
  PRICE_DECIMALS: 170134,
  PRICE_TOO_LOW: 170133,
  /** REFERENCE */
  VALUE_TOO_LOW: 170140,
  /** REFERENCE */
  VALUE_TOO_HIGH: 170124,
  /** REFERENCE */
  BUY_PRICE_BAND: 170193,
  /** REFERENCE */
  SELL_PRICE_BAND: 170194,
  /** REFERENCE */
  TOO_MANY_ORDERS: 170810,
  PARAM: 170130,
  SYMBOL: 170121,
  NOT_TRADING: 170151,
  BAN_SIDE: 170219,
  NOT_SUPPORTED: 170227,
  ORDER_NOT_FOUND: 170213,
  ORDER_FINISHED: 170190,
  MODIFY_QTY: 170313,
  MODIFY_NOT_SUPPORTED: 170312,
  INNOVATION_QUOTA: 170228,
  NEW_LISTING: 170152,
  NO_LIQUIDITY: 170143,
  AMOUNT_DECIMALS: 170148,
  POST_ONLY: 170218,
  PLAN_PRICE: 170132,
  /** spec 2 §8: an account in liquidation */
  LIQUIDATION: 81001,
  /** spec 2 §8: the trade-try-limit codes */
  TRY_LIMIT_REGION: 170348,
  /** spec 2 §8: the standard-account limit */
  STANDARD_LIMIT: 32329,
} as const;

export type ErrorCode = (typeof ERR)[keyof typeof ERR] | TryLimitCode;

/** Codes that set the page's trade-try-limit flag (spec 2 §8). */
export const TRY_LIMIT_CODES = [32241, -2172, 12240, 170348] as const;
export type TryLimitCode = (typeof TRY_LIMIT_CODES)[number];

const TEXT: Record<number, string> = {
  170131: 'Balance insufficient',
  170136: 'Order quantity lower than the minimum',
  170135: 'Order quantity too large',
  170137: 'Order volume decimal too long',
  170134: 'Order price decimal too long',
  170133: 'Order price lower than the minimum',
  170140: 'Order value exceeded lower limit',
  170124: 'Order amount too large',
  170193: 'Buy order price cannot be higher than %s',
  170194: 'Sell order price cannot be lower than %s',
  170810: 'Cannot exceed maximum of 500 conditional, TP/SL and active orders.',
  170130: 'Data sent for parameter "%s" is not valid',
  170121: 'Invalid symbol',
  170151: 'The trading pair is not open yet',
  170219: '%s orders are banned on this pair',
  170227: 'This feature is not supported: %s',
  170213: 'Order does not exist',
  170190: 'Order has been finished',
  170313: 'The new quantity cannot be less than the filled quantity',
  170312: 'The current order does not support modification',
  170228: 'The purchase exceeds the remaining innovation-zone quota of %s',
  170152: 'This order type is not available in the first 5 minutes after listing',
  170143: 'No liquidity on the order book',
  170148: 'Market order amount decimal too long',
  170218: 'The post-only order was cancelled because it would have taken liquidity',
  170132: 'Order price must lie within 90% to 110% of the trigger price (%s)',
  81001: 'Your account is in liquidation; orders cannot be placed or cancelled',
  170348: 'Trading is restricted for your region',
  32241: 'Trading is restricted for this account',
  [-2172]: 'Trading is temporarily limited',
  12240: 'Trading attempts are limited; try again later',
  32329: 'Standard accounts can no longer open new orders; upgrade to a unified trading account',
};

export interface ExchangeError {
  code: ErrorCode;
  message: string;
}

export function exchangeError(code: ErrorCode, detail = ''): ExchangeError {
  const text = TEXT[code] ?? 'Request failed';
  return { code, message: text.includes('%s') ? text.replace('%s', detail) : text };
}
