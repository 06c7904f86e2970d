/**
 * Trade analysis (issue 6 part 1): market flow of one symbol — taker buy vs
 * sell volume, net inflow over 5 m / 1 h / 24 h, net inflow per bar of a small
 * chart, and the large trades of the last 24 h. The exchange keeps a ledger of
 * its trades with these rules and the page folds its live trades into the
 * ledger it fetched with the same rules, so both sides count alike.
 *
 * Pure: times are parameters, nothing is read from a clock.
 */
import { abbreviate, formatDecimal } from './format';

/** Flow is counted in one-minute buckets, so windows roll by the minute like the 24 h ticker. */
export const FLOW_BUCKET_MS = 60_000;

export const FLOW_PERIODS = ['5m', '1h', '24h'] as const;
export type FlowPeriod = (typeof FLOW_PERIODS)[number];

const PERIOD_MS: Record<FlowPeriod, number> = { '5m': 5 * 60_000, '1h': 3_600_000, '24h': 86_400_000 };

/** The longest period: nothing older is kept. */
export const FLOW_WINDOW_MS = PERIOD_MS['24h'];

/** The bar chart of a period: 5 m → 5 bars of 1 min, 1 h → 12 of 5 min, 24 h → 24 of 1 h. */
export const FLOW_SERIES: Record<FlowPeriod, { bars: number; barMs: number }> = {
  '5m': { bars: 5, barMs: 60_000 },
  '1h': { bars: 12, barMs: 5 * 60_000 },
  '24h': { bars: 24, barMs: 3_600_000 },
};

/**
 * Large trades: at most this many, the biggest by value of the 24 h window,
 * among those worth at least LARGE_TRADE_MULTIPLE × the window's mean trade
 * value. On the simulated markets the 95th percentile of trade value is
 * about 4.6 × the mean, so 5 × keeps roughly the top 4 %; a mean is what the
 * minute buckets can give exactly, a percentile would need every trade kept.
 * With fewer than LARGE_TRADE_MIN_SAMPLE trades the mean says nothing: no
 * trade is called large.
 */
export const LARGE_TRADES_KEPT = 20;
export const LARGE_TRADE_MULTIPLE = 5;
export const LARGE_TRADE_MIN_SAMPLE = 20;

/** One trade as the ledger counts it: id, exchange ms, the exact price and quantity strings, taker side. */
export interface FlowTrade {
  id: number;
  t: number;
  p: string;
  q: string;
  /** the buyer was the taker */
  buy: boolean;
}

/** Taker flow of one minute: base quantities, quote values. */
export interface FlowBucket {
  /** bucket open time, ms (a multiple of FLOW_BUCKET_MS) */
  t: number;
  buyQty: number;
  sellQty: number;
  buyValue: number;
  sellValue: number;
  count: number;
}

interface LargeCandidate extends FlowTrade {
  value: number;
  /** newer trades worth at least as much; at LARGE_TRADES_KEPT it can never be in a window's top list again */
  beaten: number;
}

export interface FlowLedger {
  /** time of the first trade counted (null: none yet); the flow before it is unknown */
  since: number | null;
  /** id of the newest trade counted; trades with an id up to this are already in */
  lastId: number | null;
  /** the ledger's clock: the newest counted trade's time, or the time of the snapshot it was made from */
  lastTime: number | null;
  /** oldest first, only minutes that traded */
  buckets: readonly FlowBucket[];
  /** the trades that can still be among the biggest of a window, oldest first */
  candidates: readonly LargeCandidate[];
}

export interface FlowTotals {
  buyQty: number;
  sellQty: number;
  buyValue: number;
  sellValue: number;
  /** buy value − sell value (quote) */
  netInflow: number;
  count: number;
}

export interface LargeTrade extends FlowTrade {
  value: number;
}

export const EMPTY_LEDGER: FlowLedger = { since: null, lastId: null, lastTime: null, buckets: [], candidates: [] };

export const tradeValue = (trade: Pick<FlowTrade, 'p' | 'q'>): number => Number(trade.p) * Number(trade.q);

const bucketOf = (t: number) => Math.floor(t / FLOW_BUCKET_MS) * FLOW_BUCKET_MS;

/** First minute of a period's window at `now`: the window is the current minute and the ones before it. */
export function windowStart(period: FlowPeriod, now: number): number {
  return bucketOf(now) + FLOW_BUCKET_MS - PERIOD_MS[period];
}

/** A page's trade tick (id string `v`) or the exchange's trade (`id` number) as the ledger counts it; null if unusable. */
export function flowTradeOf(trade: { v?: string; id?: number; t: number; p: string; q: string; m: boolean }): FlowTrade | null {
  const id = trade.id ?? Number(trade.v);
  if (!Number.isSafeInteger(id) || !Number.isFinite(trade.t) || !Number.isFinite(tradeValue(trade))) return null;
  return { id, t: trade.t, p: trade.p, q: trade.q, buy: trade.m };
}

/**
 * The ledger with `trades` (oldest first) counted. A trade whose id is not
 * newer than the ledger's last is skipped, so folding the same trades twice
 * counts them once. Minutes and candidates older than 24 h before the newest
 * trade are dropped.
 */
export function foldTrades(ledger: FlowLedger, trades: readonly FlowTrade[]): FlowLedger {
  let { since, lastId, lastTime } = ledger;
  const buckets = [...ledger.buckets];
  const candidates = [...ledger.candidates];
  let changed = false;
  for (const trade of trades) {
    if (lastId !== null && trade.id <= lastId) continue;
    changed = true;
    lastId = trade.id;
    lastTime = lastTime === null ? trade.t : Math.max(lastTime, trade.t);
    since = since === null ? trade.t : Math.min(since, trade.t);
    addToBucket(buckets, trade);
    pushCandidate(candidates, trade);
  }
  if (!changed) return ledger;
  const cut = windowStart('24h', lastTime!);
  return {
    since,
    lastId,
    lastTime,
    buckets: buckets.filter((b) => b.t >= cut),
    candidates: candidates.filter((c) => c.t >= cut),
  };
}

function addToBucket(buckets: FlowBucket[], trade: FlowTrade): void {
  const t = bucketOf(trade.t);
  // Trades come in time order: the bucket is the last one, a new last one, or (rarely) an older one.
  let at = buckets.length - 1;
  while (at >= 0 && buckets[at]!.t > t) at -= 1;
  const qty = Number(trade.q);
  const value = tradeValue(trade);
  const old = at >= 0 && buckets[at]!.t === t ? buckets[at]! : null;
  const next: FlowBucket = {
    t,
    buyQty: (old?.buyQty ?? 0) + (trade.buy ? qty : 0),
    sellQty: (old?.sellQty ?? 0) + (trade.buy ? 0 : qty),
    buyValue: (old?.buyValue ?? 0) + (trade.buy ? value : 0),
    sellValue: (old?.sellValue ?? 0) + (trade.buy ? 0 : value),
    count: (old?.count ?? 0) + 1,
  };
  if (old) buckets[at] = next;
  else buckets.splice(at + 1, 0, next);
}

/**
 * Windows only slide forward and always reach the newest trade, so a trade
 * with LARGE_TRADES_KEPT newer trades worth at least as much can never be in
 * a window's top list again: it is dropped. What remains is small (about
 * KEPT × ln(trades)), yet any 24 h window's top list is exactly among it.
 */
function pushCandidate(candidates: LargeCandidate[], trade: FlowTrade): void {
  const value = tradeValue(trade);
  // Compacts in place (the caller's copy): one pass, no new array per trade.
  let kept = 0;
  for (const c of candidates) {
    const beaten = value >= c.value ? c.beaten + 1 : c.beaten;
    if (beaten >= LARGE_TRADES_KEPT) continue;
    candidates[kept] = beaten === c.beaten ? c : { ...c, beaten };
    kept += 1;
  }
  candidates.length = kept;
  candidates.push({ ...trade, value, beaten: 0 });
}

/** Taker flow of a period's window at `now` (trades after `now` are not counted). */
export function periodFlow(ledger: FlowLedger, period: FlowPeriod, now: number): FlowTotals {
  return totalsOf(ledger.buckets, windowStart(period, now), now);
}

function totalsOf(buckets: readonly FlowBucket[], from: number, now: number): FlowTotals {
  const totals = { buyQty: 0, sellQty: 0, buyValue: 0, sellValue: 0, netInflow: 0, count: 0 };
  for (const b of buckets) {
    if (b.t < from || b.t > now) continue;
    totals.buyQty += b.buyQty;
    totals.sellQty += b.sellQty;
    totals.buyValue += b.buyValue;
    totals.sellValue += b.sellValue;
    totals.count += b.count;
  }
  totals.netInflow = totals.buyValue - totals.sellValue;
  return totals;
}

/** Share of the buy side in a period's taker volume (base), 0..1; null when nothing traded. */
export function buyShare(totals: Pick<FlowTotals, 'buyQty' | 'sellQty'>): number | null {
  const all = totals.buyQty + totals.sellQty;
  return all > 0 ? totals.buyQty / all : null;
}

export interface FlowBar {
  /** bar open time, ms */
  t: number;
  netInflow: number;
  count: number;
}

/**
 * Net inflow per bar of a period, oldest first. The bars split the period's
 * window exactly (counted back from its end), so they add up to the period's
 * net inflow.
 */
export function flowSeries(ledger: FlowLedger, period: FlowPeriod, now: number): FlowBar[] {
  const { bars, barMs } = FLOW_SERIES[period];
  const start = windowStart(period, now);
  const out: FlowBar[] = Array.from({ length: bars }, (_, i) => ({ t: start + i * barMs, netInflow: 0, count: 0 }));
  for (const b of ledger.buckets) {
    if (b.t < start || b.t > now) continue;
    const bar = out[Math.min(bars - 1, Math.floor((b.t - start) / barMs))]!;
    bar.netInflow += b.buyValue - b.sellValue;
    bar.count += b.count;
  }
  return out;
}

/** The value from which a trade is large, over the 24 h window; null when the window has too few trades. */
export function largeTradeThreshold(totals24h: Pick<FlowTotals, 'buyValue' | 'sellValue' | 'count'>): number | null {
  if (totals24h.count < LARGE_TRADE_MIN_SAMPLE) return null;
  return (LARGE_TRADE_MULTIPLE * (totals24h.buyValue + totals24h.sellValue)) / totals24h.count;
}

/** The biggest trades of the 24 h window at `now` that are large, newest first (a tape). */
export function largeTrades(ledger: FlowLedger, now: number): LargeTrade[] {
  const threshold = largeTradeThreshold(periodFlow(ledger, '24h', now));
  if (threshold === null) return [];
  return topCandidates(ledger, now)
    .filter((c) => c.value >= threshold)
    .sort((a, b) => b.t - a.t || b.id - a.id);
}

/** The window's biggest trades by value (ties: the newer first), at most LARGE_TRADES_KEPT. */
function topCandidates(ledger: FlowLedger, now: number): LargeTrade[] {
  const from = windowStart('24h', now);
  return ledger.candidates
    .filter((c) => c.t >= from && c.t <= now)
    .sort((a, b) => b.value - a.value || b.t - a.t)
    .slice(0, LARGE_TRADES_KEPT)
    .map(({ beaten: _beaten, ...trade }) => trade);
}

/** What the exchange sends of its ledger: minute buckets and the window's biggest trades. */
export interface FlowSnapshot {
  since: number | null;
  lastId: number | null;
  /** exchange time of the answer */
  asOf: number;
  buckets: readonly FlowBucket[];
  /** the window's biggest trades, whatever the threshold (the page applies it after folding) */
  topTrades: readonly FlowTrade[];
}

export function snapshotOf(ledger: FlowLedger, asOf: number): FlowSnapshot {
  const from = windowStart('24h', asOf);
  return {
    since: ledger.since,
    lastId: ledger.lastId,
    asOf,
    buckets: ledger.buckets.filter((b) => b.t >= from && b.t <= asOf),
    topTrades: topCandidates(ledger, asOf).map(({ value: _value, ...trade }) => trade),
  };
}

/** A ledger again from a snapshot, ready to fold the trades that follow it. */
export function ledgerOf(snapshot: FlowSnapshot): FlowLedger {
  const byTime = [...snapshot.topTrades].sort((a, b) => a.t - b.t || a.id - b.id);
  const candidates: LargeCandidate[] = [];
  for (const trade of byTime) pushCandidate(candidates, trade);
  return {
    since: snapshot.since,
    lastId: snapshot.lastId,
    // Every counted trade is at or before the answer's time: windows are judged from there until a newer trade comes.
    lastTime: snapshot.lastId === null ? null : snapshot.asOf,
    buckets: [...snapshot.buckets].sort((a, b) => a.t - b.t),
    candidates,
  };
}

/**
 * Folds the page's live trades (newest first, as the stream keeps them) into
 * a ledger: only trades newer than its last id count. `missed` is true when
 * the stream no longer reaches back to that id (it is full and its oldest
 * trade is newer), so trades in between may be lost: refetch the snapshot.
 */
export function foldLiveTrades(
  ledger: FlowLedger,
  stream: readonly { v: string; t: number; p: string; q: string; m: boolean }[],
  streamCapacity: number,
): { ledger: FlowLedger; missed: boolean } {
  const fresh: FlowTrade[] = [];
  for (let i = stream.length - 1; i >= 0; i -= 1) {
    const trade = flowTradeOf(stream[i]!);
    if (trade && (ledger.lastId === null || trade.id > ledger.lastId)) fresh.push(trade);
  }
  const oldest = stream.length > 0 ? Number(stream[stream.length - 1]!.v) : null;
  const missed = ledger.lastId !== null && stream.length >= streamCapacity && oldest !== null && oldest > ledger.lastId + 1;
  return { ledger: foldTrades(ledger, fresh), missed };
}

/** The clock of the analysis: the snapshot's time, moved on by the newest trade folded since. */
export function flowNow(ledger: FlowLedger, asOf: number): number {
  return Math.max(asOf, ledger.lastTime ?? asOf);
}

/** When the ledger starts inside a period's window, the time it starts at (the page says "since HH:mm"); else null. */
export function partialSince(ledger: FlowLedger, period: FlowPeriod, now: number): number | null {
  return ledger.since !== null && ledger.since > windowStart(period, now) ? ledger.since : null;
}

/** From this size on a flow amount is shortened to K / M / B (spec 1 §5 abbreviation), so cards stay narrow. */
export const FLOW_ABBREVIATE_FROM = 10_000;

/**
 * A volume or value as the panel shows it: abbreviated from 10 000 on
 * ("1.23M"), else to `decimals` places grouped for the locale; `signed`
 * puts a "+" before a positive amount (net inflow).
 */
export function flowAmount(value: number, decimals: number, locale: string, signed = false): string {
  if (!Number.isFinite(value)) return '--';
  const text = Math.abs(value) >= FLOW_ABBREVIATE_FROM ? (abbreviate(value, 2) ?? '--') : (formatDecimal(value, decimals, locale) ?? '--');
  return signed && value > 0 && !/^0(\D0*)?$/.test(text) ? `+${text}` : text;
}
