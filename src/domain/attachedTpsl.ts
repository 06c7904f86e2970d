/**
 * What an order list says of a limit order's attached TP/SL: its prices
 * while the order is open, and once it ended whether the closing orders
 * were placed or why the exchange refused them. A translation key and its
 * parameters; the view formats the prices.
 */
export interface AttachedTpslInfo {
  takeProfit: string;
  stopLoss: string;
  state: 'waiting' | 'placed' | 'refused' | 'dropped';
  refusalCode: number;
}

export interface AttachedTpslNote {
  key: 'tpslWaiting' | 'tpslPlaced' | 'tpslRefusedPassed' | 'tpslRefusedSize' | 'tpslRefusedBalance' | 'tpslRefusedOther';
  /** null: that price was not set */
  takeProfit: string | null;
  stopLoss: string | null;
  code: number;
}

/** Refusal codes a closing order meets, by what they mean to the trader. */
const PASSED_CODES = new Set([170130, 170132]);
const SIZE_CODES = new Set([170136, 170140, 170135]);
const BALANCE_CODES = new Set([170131]);

/** null when there is nothing to say: no TP/SL, or an order that ended with nothing filled (nothing to close). */
export function attachedTpslNote(tpsl: AttachedTpslInfo | null): AttachedTpslNote | null {
  if (!tpsl || tpsl.state === 'dropped' || (!tpsl.takeProfit && !tpsl.stopLoss)) return null;
  const base = { takeProfit: tpsl.takeProfit || null, stopLoss: tpsl.stopLoss || null, code: tpsl.refusalCode };
  if (tpsl.state === 'waiting') return { key: 'tpslWaiting', ...base };
  if (tpsl.state === 'placed') return { key: 'tpslPlaced', ...base };
  const code = tpsl.refusalCode;
  if (PASSED_CODES.has(code)) return { key: 'tpslRefusedPassed', ...base };
  if (SIZE_CODES.has(code)) return { key: 'tpslRefusedSize', ...base };
  if (BALANCE_CODES.has(code)) return { key: 'tpslRefusedBalance', ...base };
  return { key: 'tpslRefusedOther', ...base };
}
