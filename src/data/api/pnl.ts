import type { PairPnl, QuoteTotal } from '../../domain/pnl';
import { getJson, MalformedResponseError } from '../http';
import { decimal, list, millis, record, str } from './parse';

/** Realised P&L per pair over a window (docs/api/orders.md). */
export const PNL_PATH = '/spot/api/order/pnl';

export type { PairPnl, QuoteTotal } from '../../domain/pnl';

export interface PnlAnswer {
  /** the window the exchange counted, exchange ms (a demo account's start may be later than asked) */
  startTime: number;
  endTime: number;
  pairs: PairPnl[];
  totals: QuoteTotal[];
  /** fills the exchange could not read and left out */
  skipped: number;
}

function count(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new MalformedResponseError(`${what} is not a count`);
}

/** Volumes and fees are never negative; only a P&L may be. */
function amount(value: unknown, what: string): string {
  const text = decimal(value, what);
  if (text.startsWith('-')) throw new MalformedResponseError(`${what} is negative`);
  return text;
}

/** The sums a pair and a quote-coin total share. */
function parseSums(o: Record<string, unknown>, what: string) {
  return {
    buyVolume: amount(o.buyVolume, `${what}.buyVolume`),
    sellVolume: amount(o.sellVolume, `${what}.sellVolume`),
    fees: amount(o.fees, `${what}.fees`),
    trades: count(o.trades, `${what}.trades`),
    realisedPnl: decimal(o.realisedPnl, `${what}.realisedPnl`),
  };
}

function parsePair(value: unknown, what: string): PairPnl {
  const o = record(value, what);
  return {
    symbol: str(o, 'symbol', what),
    base: str(o, 'base', what),
    quote: str(o, 'quote', what),
    ...parseSums(o, what),
    unexplainedQty: amount(o.unexplainedQty, `${what}.unexplainedQty`),
  };
}

function parseTotal(value: unknown, what: string): QuoteTotal {
  const o = record(value, what);
  return { quote: str(o, 'quote', what), ...parseSums(o, what) };
}

/** Strict: a half-read answer would show a wrong P&L as if it were whole. */
export function parsePnl(value: unknown): PnlAnswer {
  const o = record(value, 'pnl');
  return {
    startTime: millis(o.startTime, 'pnl.startTime'),
    endTime: millis(o.endTime, 'pnl.endTime'),
    pairs: list(o.pairs, 'pnl.pairs').map((p, i) => parsePair(p, `pnl.pairs[${i}]`)),
    totals: list(o.totals, 'pnl.totals').map((t, i) => parseTotal(t, `pnl.totals[${i}]`)),
    skipped: count(o.skipped, 'pnl.skipped'),
  };
}

/** The user's realised P&L in [startTime, endTime] (exchange time: the server checks the span on its own clock). */
export function getPnl({ startTime, endTime }: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<PnlAnswer> {
  const query = new URLSearchParams({ start_time: String(startTime), end_time: String(endTime) });
  return getJson(`${PNL_PATH}?${query}`, parsePnl, signal);
}
