/**
 * The last book the page showed for a pair, kept so that the next start draws
 * it (dimmed, marked as not live) while the exchange boots or the network is
 * away, instead of an empty panel (issue 25: "last-known data from cache").
 * Pure rules; the page keeps the list in local storage (src/data/keptBooks.ts).
 */
import type { DepthBook, PriceLevel } from './depthBook';

export interface KeptBook {
  /** "BTC/USDT": the route's pair, known before the symbol list answers */
  pair: string;
  /** the merge step the rows were merged at ("0.01") */
  step: string;
  /** wall-clock ms when it was kept */
  savedAt: number;
  decimals: { price: number; amount: number; value: number };
  book: DepthBook;
}

/** Pairs kept: the ones a trader switches between. */
export const KEPT_BOOKS_MAX = 8;
/** Older than this, a book says little about the market: none is drawn. */
export const KEPT_BOOK_MAX_AGE_MS = 24 * 60 * 60_000;
/** A book is kept at most this often per pair while it streams (and when the page hides). */
export const KEEP_EVERY_MS = 5_000;
/** Levels kept per side: more than any panel draws. */
const MAX_LEVELS = 50;

const PAIR = /^[A-Z0-9]{1,20}\/[A-Z0-9]{1,20}$/;
const STEP = /^\d{1,20}(\.\d{1,20})?$/;
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;

export const pairKey = (base: string, quote: string) => `${base.toUpperCase()}/${quote.toUpperCase()}`;

function isDecimals(value: unknown): value is KeptBook['decimals'] {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return [d.price, d.amount, d.value].every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 18);
}

function levelsOf(value: unknown): PriceLevel[] | null {
  if (!Array.isArray(value) || value.length > MAX_LEVELS) return null;
  const out: PriceLevel[] = [];
  for (const level of value) {
    if (!Array.isArray(level) || level.length !== 2 || typeof level[0] !== 'string' || typeof level[1] !== 'string') return null;
    if (!DECIMAL.test(level[0]) || !DECIMAL.test(level[1])) return null;
    out.push([level[0], level[1]]);
  }
  return out;
}

function keptBookOf(value: unknown): KeptBook | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  const book = o.book as Record<string, unknown> | null;
  if (typeof o.pair !== 'string' || !PAIR.test(o.pair) || typeof o.step !== 'string' || !STEP.test(o.step)) return null;
  if (!Number.isFinite(o.savedAt) || !isDecimals(o.decimals) || typeof book !== 'object' || book === null) return null;
  const bids = levelsOf(book.bids);
  const asks = levelsOf(book.asks);
  if (!bids || !asks || typeof book.symbol !== 'string' || typeof book.version !== 'string' || !Number.isFinite(book.time)) return null;
  return { pair: o.pair, step: o.step, savedAt: o.savedAt as number, decimals: o.decimals, book: { symbol: book.symbol, version: book.version, time: book.time as number, bids, asks } };
}

/** What local storage held, checked entry by entry: anything unusable is left out, never thrown. */
export function parseKeptBooks(value: unknown): KeptBook[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, KEPT_BOOKS_MAX).map(keptBookOf).filter((b): b is KeptBook => b !== null);
}

/** The list with `entry` first (replacing its pair's older one), the top levels only, at most KEPT_BOOKS_MAX pairs. */
export function keepBook(list: readonly KeptBook[], entry: KeptBook): KeptBook[] {
  const trimmed: KeptBook = { ...entry, book: { ...entry.book, bids: entry.book.bids.slice(0, MAX_LEVELS), asks: entry.book.asks.slice(0, MAX_LEVELS) } };
  return [trimmed, ...list.filter((b) => b.pair !== entry.pair)].slice(0, KEPT_BOOKS_MAX);
}

/**
 * The book to draw for `pair` before a live one arrives: the kept one when it
 * is recent and (once the symbol is known) merged at the step the panel uses.
 */
export function keptBookFor(list: readonly KeptBook[], pair: string, step: string | undefined, now: number): KeptBook | null {
  const kept = list.find((b) => b.pair === pair);
  if (!kept || now - kept.savedAt > KEPT_BOOK_MAX_AGE_MS || kept.savedAt > now + 60_000) return null;
  if (step !== undefined && kept.step !== step) return null;
  return kept.book.bids.length + kept.book.asks.length > 0 ? kept : null;
}

/** Whether a streaming book should be kept now, `lastKeptAt` being when this pair was last kept. */
export function shouldKeep(lastKeptAt: number | undefined, now: number): boolean {
  return lastKeptAt === undefined || now - lastKeptAt >= KEEP_EVERY_MS;
}
