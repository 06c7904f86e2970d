import { toUnits } from '../../../src/domain/units';

/**
 * Model parameters. Quantities are quote-currency notionals and distances
 * are basis points of price, so one calibration carries over to instruments
 * with other ticks, lots and prices; they become lots and ticks at the start
 * price. Defaults are fitted to the Binance BTCUSDT recording of 2024-08-08/09
 * (../shared/data); how each number was obtained is noted beside it.
 */
export interface ModelParams {
  /** book messages are batched on this cadence, ms (Binance depth@100ms) */
  bookUpdateMs: number;

  // ── taker flow: one burst = one taker order, its fills share a timestamp ──
  /** Hawkes kernels on burst arrivals: [branching ratio, decay time ms] each */
  excitation: ReadonlyArray<readonly [number, number]>;
  /** slow activity swings: log-OU standard deviation and correlation time, s */
  activitySigma: number;
  activityTauS: number;
  /** share of ordinary bursts that are a single fill */
  singleFillShare: number;
  /** extra fills beyond the second in multi-fill bursts, geometric mean */
  extraFillsMean: number;
  /** prior for fills per burst (sweeps included), used until the session has its own count */
  fillsPerBurstPrior: number;

  // ── fill sizes: a point mass at the dust size + two lognormals ──
  dustNotional: number;
  dustShare: number;
  smallShare: number;
  smallMedianNotional: number;
  smallSigma: number;
  largeMedianNotional: number;
  largeSigma: number;

  // ── resting book ──
  /** background levels per basis point of price (capped at one per tick) */
  levelsPerBp: number;
  /** chance that the tick 1, 2 and 3–4 behind the touch holds a level */
  nearTouchOccupancy: readonly [number, number, number];
  /** levels kept per side (≥ 200) */
  levelsPerSide: number;
  /** background level size: a share of dust levels, the rest lognormal */
  levelDustShare: number;
  levelMedianNotional: number;
  levelSigma: number;
  /** the market makers' quote at the touch */
  touchMedianNotional: number;
  touchSigma: number;
  /** how often the touch quote is re-sized, per s */
  touchRefreshPerS: number;
  /**
   * mean life of a background level, ms, and of a near-touch one, at the
   * calibration's trade rate; a quieter market's book turns over more slowly
   * (life × √(1836 / tradesPerMinute), never faster)
   */
  levelLifeMs: number;
  nearLevelLifeMs: number;

  // ── price formation ──
  /** a burst sweeps toward the fair price with chance 1 − exp(−(gap/threshold)²), gap in bp */
  sweepThresholdBp: number;
  /** ordinary bursts lean toward the fair price: P(buy) = logistic(gap / sideScaleBp) */
  sideScaleBp: number;
  /** chance that a level in a sweep's path is pulled rather than traded through */
  sweepPullShare: number;
  /** mean levels a sweep trades through before the taker order is done */
  sweepLevelsMean: number;
  /** chance that a sweep which stopped short is followed by another, and the mean delay, ms */
  sweepFollowShare: number;
  sweepFollowMs: number;
  /** mean resting orders a sweep trades out of each level it does not find pulled */
  sweepOrdersPerLevel: number;
  /** fills per sweep at most */
  sweepMaxFills: number;
  /** mean delay before the far side re-quotes next to the new touch, ms */
  requoteMs: number;
}

export interface SimParams extends Partial<ModelParams> {
  symbol: string;
  tick: string;
  lot: string;
  /** the first mid price, decimal; need not sit on the tick grid */
  startPrice: string;
  /** ms since epoch */
  startTime: number;
  durationMs: number;
  seed: number;
  /** annualised volatility of the mid, e.g. 0.6 */
  volatility: number;
  tradesPerMinute: number;
  /** end where it started (price and book), so replay can loop the session */
  loopable?: boolean;
  /**
   * The fair mid in price units at an exchange time (ms since epoch, the
   * session's clock), for a market whose value is set elsewhere — a
   * leveraged token's NAV follows its underlying. Replaces the Brownian walk
   * (and a loopable session's bridge: the caller's path must end where it
   * starts); `volatility` then plays no part in the price.
   */
  fairOf?: (tMs: number) => number;
}

/*
 * How the defaults were obtained (recording: 650 s, 19,904 trades, 6,492 depth diffs;
 * "burst" = consecutive trades with the same ms and side; fits by Nelder–Mead on
 * the two-sample KS distance, simulator seeds 11–13, never the test's seeds):
 * - excitation, activitySigma, singleFillShare, extraFillsMean: fitted to the gaps
 *   between trades, first for the arrival process alone, then inside the full model
 *   (KS ≈ 0.01 on the fitting seeds); activityTauS from the first stage.
 * - fillsPerBurstPrior: 19,904 trades in 7,587 bursts = 2.62.
 * - the size mixture: fitted to the recorded trade sizes, first as a bare mixture
 *   (KS 0.024), then inside the model, where sweep fills are capped by what rests
 *   at a level (KS 0.025). dustNotional: 90 lots = 0.00009 BTC ≈ 5.56 USDT, the
 *   most common size (18 % of trades).
 * - levelsPerBp: from 5 ticks behind the touch on, 2.5–4 % of ticks hold a level
 *   (≈ 3.5 %), at 618 ticks per basis point. nearTouchOccupancy: measured on the
 *   ticks 1, 2 and 3–4 behind the touch.
 * - level sizes: ranks 2–10 hold ≈ 15 % dust levels (≤ 400 lots), median 45–90 k
 *   lots, mean ≈ 140 k lots; the lognormal is set to that mean. touchMedianNotional:
 *   set so the mean best-level size matches the recording's 2.27 M lots.
 * - levelLifeMs: 660 levels within 5–9,000 ticks of the touches, 135 removals/s.
 * - sweepThresholdBp, sweepLevelsMean, sweepPullShare: set so the mid changes about
 *   once a second, as the recording's 100 ms mid does 744 times in 650 s, and
 *   price-moving bursts look like the recording's (≈ 1,000 of them, median 6 fills
 *   over 3 prices, hence sweepOrdersPerLevel 2). sweepMaxFills: their 99th
 *   percentile is 70 fills.
 * - requoteMs: the spread is wider than a tick on 0.72 % of 100 ms samples.
 * - Chosen, not fitted (no direct counterpart in an L2 feed): sideScaleBp,
 *   sweepFollowShare/Ms, touchSigma, touchRefreshPerS, nearLevelLifeMs, the
 *   slower turnover of quieter markets' books, and
 *   levelsPerSide (≥ 200; the recording holds ≈ 330 a side within 9,000 ticks).
 */
export const DEFAULT_MODEL: ModelParams = {
  bookUpdateMs: 100,
  excitation: [[0.274, 2.8], [0.372, 118]],
  activitySigma: 0.3,
  activityTauS: 17,
  singleFillShare: 0.734,
  extraFillsMean: 2.0,
  fillsPerBurstPrior: 2.6,

  dustNotional: 5.56,
  dustShare: 0.163,
  smallShare: 0.471,
  smallMedianNotional: 17.0,
  smallSigma: 1.08,
  largeMedianNotional: 1484,
  largeSigma: 1.47,

  levelsPerBp: 21.6,
  nearTouchOccupancy: [0.38, 0.13, 0.14],
  levelsPerSide: 360,
  levelDustShare: 0.15,
  levelMedianNotional: 3300,
  levelSigma: 1.5,
  touchMedianNotional: 145000,
  touchSigma: 0.5,
  touchRefreshPerS: 2,
  levelLifeMs: 5000,
  nearLevelLifeMs: 300,

  sweepThresholdBp: 5,
  sideScaleBp: 3,
  sweepPullShare: 0.6,
  sweepLevelsMean: 4,
  sweepFollowShare: 0.8,
  sweepFollowMs: 4,
  sweepOrdersPerLevel: 2,
  sweepMaxFills: 60,
  requoteMs: 3,
};

/** Instrument-level figures of the recording the defaults were fitted to. */
export const BTCUSDT_PRESET = {
  symbol: 'BTCUSDT',
  tick: '0.01',
  lot: '0.000001',
  /** realised, from 1 s … 60 s mid changes of the recording: 0.65–0.77 */
  volatility: 0.7,
  /** 19,904 trades in 650 s */
  tradesPerMinute: 1836,
} as const;

/** Parameters turned into the units the simulation runs in. */
export interface Resolved {
  p: SimParams;
  m: ModelParams;
  tickValue: number;
  /** the start mid in ticks (may be fractional) */
  startMid: number;
  /** lots per unit of quote currency at the start price */
  lotsPerQuote: number;
  ticksPerBp: number;
  /** log-price standard deviation per √ms */
  sigmaPerSqrtMs: number;
  /** background occupancy per tick */
  farOccupancy: number;
  /** how much slower than the calibrated book this market's book turns over (≥ 1) */
  churnSlowdown: number;
  nearOccupancy: readonly [number, number, number, number];
  /** ticks of book kept behind each touch */
  window: number;
}

const MS_PER_YEAR = 365 * 24 * 3600 * 1000;

export function resolveParams(p: SimParams): Resolved {
  const m: ModelParams = { ...DEFAULT_MODEL };
  for (const key of Object.keys(DEFAULT_MODEL) as (keyof ModelParams)[]) {
    if (p[key] !== undefined) Object.assign(m, { [key]: p[key] });
  }
  const tickValue = Number(p.tick);
  const lotValue = Number(p.lot);
  if (toUnits(p.tick, p.tick) !== 1 || toUnits(p.lot, p.lot) !== 1 || !(tickValue > 0) || !(lotValue > 0)) {
    throw new Error(`bad tick ${p.tick} or lot ${p.lot}`);
  }
  const price = Number(p.startPrice);
  if (!(price > 0)) throw new Error(`bad start price ${p.startPrice}`);
  if (!(p.durationMs > 0) || !(p.tradesPerMinute > 0) || !(p.volatility >= 0)) throw new Error('duration, trades per minute and volatility must be positive');
  const startMid = price / tickValue;
  if (startMid < 10) throw new Error(`start price ${p.startPrice} is under 10 ticks`);
  const ticksPerBp = (price * 1e-4) / tickValue;
  const farOccupancy = Math.min(1, m.levelsPerBp / ticksPerBp);
  const [n1, n2, n34] = m.nearTouchOccupancy;
  const near = (o: number) => Math.min(1, Math.max(o, farOccupancy));
  return {
    p,
    m,
    tickValue,
    startMid,
    lotsPerQuote: 1 / (price * lotValue),
    ticksPerBp,
    sigmaPerSqrtMs: p.volatility / Math.sqrt(MS_PER_YEAR),
    farOccupancy,
    churnSlowdown: Math.sqrt(Math.max(1, BTCUSDT_PRESET.tradesPerMinute / p.tradesPerMinute)),
    nearOccupancy: [near(n1), near(n2), near(n34), near(n34)],
    // Deep enough for the wanted level count, but bids must stay above zero on coarse ticks.
    window: Math.max(20, Math.min(Math.ceil(Math.max(m.levelsPerSide, 220) / farOccupancy), Math.floor(startMid / 2))),
  };
}
