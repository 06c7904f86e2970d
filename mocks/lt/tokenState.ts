/**
 * One leveraged token's live state and how it moves (nav.ts does the maths):
 * the basket follows the underlying's replayed prices, re-sized at every
 * 00:00 UTC (after the management fee) and when real leverage leaves the band
 * (a rebalance: status 5 for 60 s). Times are exchange times handed in; the
 * daily reset is applied lazily — by the first price or read after a
 * midnight, at the last price before it — so the result does not depend on
 * when anyone looks.
 */
import { afterManagementFee, navAt, needsRebalance, nextUtcMidnight, realLeverage, resetBasket, type LtBasket } from './nav';
import { recordNav, type LtStatusCode, type NavBar } from './navBars';
import type { LtSpec } from './registry';

/** Spec 2 §5 / docs/api/lt.md: how long a rebalance closes subscription and redemption. */
export const REBALANCE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A restore after a long stop catches up day by day; beyond this many days the rest are skipped (a token untouched that long is a test artefact). */
const MAX_CATCH_UP_DAYS = 3_660;

export type ConfiguredStatus = 1 | 2 | 3 | 4;
export type RiskState = 1 | 4 | 5;

/** What is saved of a token (the bars are this run's only: the history is recomputed). */
export interface TokenSaved {
  symbolId: string;
  basket: LtBasket;
  /** the underlying's last price seen; null before the first */
  price: number | null;
  /** true once the basket was set at a replayed price (the first one re-anchors the start basket) */
  anchored: boolean;
  st: ConfiguredStatus;
  /** status 5 while the exchange time is before this */
  rebalanceUntil: number | null;
  riskState: RiskState;
  riskSwitch: 0 | 1;
  rebalances: number;
  lastRebalanceTime: number | null;
  /** the next 00:00 UTC whose reset is still to apply */
  nextReset: number;
  worthless: boolean;
}

export interface TokenState extends TokenSaved {
  /** this run's 1-minute NAV bars, oldest first */
  bars: NavBar[];
  /** where this run's live NAV began: the history before it is scaled to end here */
  liveStart: { t: number; nav: number } | null;
}

export function freshToken(spec: LtSpec, now: number): TokenState {
  return {
    symbolId: spec.symbolId,
    basket: resetBasket(spec.startNav, spec.underlyingStart, spec.direction, spec.band.target),
    price: null,
    anchored: false,
    st: 1,
    rebalanceUntil: null,
    riskState: 1,
    riskSwitch: 1,
    rebalances: 0,
    lastRebalanceTime: null,
    nextReset: nextUtcMidnight(now),
    worthless: false,
    bars: [],
    liveStart: null,
  };
}

export const priceOf = (s: TokenSaved, spec: LtSpec) => s.price ?? spec.underlyingStart;

export const navOf = (s: TokenSaved, spec: LtSpec) => (s.worthless ? 0 : navAt(s.basket, priceOf(s, spec)));

export const leverageOf = (s: TokenSaved, spec: LtSpec) => (s.worthless ? 0 : realLeverage(s.basket, priceOf(s, spec)));

/** The status the page sees: 5 during a rebalance window, else the configured one. */
export function statusAt(s: TokenSaved, now: number): LtStatusCode {
  const rebalancing = s.rebalanceUntil !== null && s.lastRebalanceTime !== null && now >= s.lastRebalanceTime && now < s.rebalanceUntil;
  return rebalancing ? 5 : s.st;
}

/** The basket re-sized to the target leverage at the current price and NAV. */
function resize(s: TokenSaved, spec: LtSpec, nav: number): void {
  s.basket = resetBasket(nav, priceOf(s, spec), spec.direction, spec.band.target);
}

function becomeWorthless(s: TokenSaved): void {
  s.worthless = true;
  s.basket = { units: 0, cash: 0 };
}

/** Every daily reset due by `now`; true when one applied. */
export function catchUpResets(s: TokenSaved, spec: LtSpec, now: number): boolean {
  if (now < s.nextReset) return false;
  let days = 0;
  while (now >= s.nextReset && days < MAX_CATCH_UP_DAYS) {
    if (!s.worthless) resize(s, spec, afterManagementFee(navOf(s, spec), Number(spec.managementFeeRate)));
    s.nextReset += DAY_MS;
    days += 1;
  }
  if (now >= s.nextReset) s.nextReset = nextUtcMidnight(now);
  return true;
}

/** A rebalance now: re-sized at the current NAV, status 5 for REBALANCE_MS. */
export function rebalance(s: TokenSaved, spec: LtSpec, now: number): void {
  if (!s.worthless) resize(s, spec, navOf(s, spec));
  s.rebalances += 1;
  s.lastRebalanceTime = now;
  s.rebalanceUntil = now + REBALANCE_MS;
}

export type PriceOutcome = 'reset' | 'rebalanced' | 'worthless' | null;

/**
 * The underlying printed `price` at `t`: resets due first (at the price before
 * the midnight), then the NAV at the new price, then a rebalance if the band
 * was left. Answers what changed beyond the NAV (what is worth saving).
 */
export function applyPrice(s: TokenState, spec: LtSpec, price: number, t: number): PriceOutcome {
  if (!(price > 0)) return null;
  let outcome: PriceOutcome = catchUpResets(s, spec, t) ? 'reset' : null;
  // The start basket assumed the demo market's start price; the first replayed price is the real start.
  if (!s.anchored) {
    const nav = navOf(s, spec);
    s.price = price;
    s.anchored = true;
    if (!s.worthless) resize(s, spec, nav);
  }
  s.price = price;
  if (!s.worthless && navAt(s.basket, price) <= 0) {
    becomeWorthless(s);
    outcome = 'worthless';
  } else if (!s.worthless && needsRebalance(s.basket, price, spec.band)) {
    rebalance(s, spec, t);
    outcome = 'rebalanced';
  }
  record(s, spec, t);
  return outcome;
}

/** Puts the NAV now into this run's bars. */
export function record(s: TokenState, spec: LtSpec, t: number): void {
  const nav = navOf(s, spec);
  s.liveStart ??= { t, nav };
  recordNav(s.bars, t, nav, statusAt(s, t));
}

/** Test control: a NAV set outright (0: worthless; more: the basket re-sized to give it, a worthless token revived). */
export function setNav(s: TokenState, spec: LtSpec, nav: number, t: number): void {
  if (nav <= 0) becomeWorthless(s);
  else {
    s.worthless = false;
    resize(s, spec, nav);
  }
  record(s, spec, t);
}

export function savedOf(s: TokenState): TokenSaved {
  const { bars: _bars, liveStart: _liveStart, ...saved } = s;
  return { ...saved, basket: { ...s.basket } };
}
