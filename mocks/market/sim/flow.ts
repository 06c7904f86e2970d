import type { Resolved } from './params';
import { exp, ln, type Rng } from '../rng';

const ACTIVITY_STEP_MS = 1000;

/**
 * Arrival times of taker orders ("bursts"): a Hawkes process with
 * exponential kernels on top of a baseline that follows a slow log-OU
 * activity curve. The kernels give the millisecond clustering of real flow
 * (one order triggers the next), the curve the minute-scale busy and quiet
 * spells. The curve is normalised to mean 1 over the session, and the
 * baseline is re-scaled by the fills per burst seen so far and nudged by the
 * running trade count, so a session lands near its trades-per-minute target
 * whatever the seed or the instrument.
 */
export class BurstClock {
  private readonly activity: Float64Array;
  /** activity-weighted ms elapsed at each step boundary */
  private readonly elapsedActivity: Float64Array;
  private readonly branching: number[];
  private readonly decay: number[];
  private readonly excitation: number[];
  private t = 0;
  private bursts = 0;
  private fills = 0;

  constructor(private readonly r: Resolved, private readonly rng: Rng) {
    const m = r.m;
    this.branching = m.excitation.map(([n]) => n);
    this.decay = m.excitation.map(([, tau]) => tau);
    this.excitation = m.excitation.map(() => 0);
    const total = this.branching.reduce((a, b) => a + b, 0);
    if (total >= 0.95) throw new Error('excitation branching ratios must sum below 0.95 (the process would explode)');
    const steps = Math.ceil(r.p.durationMs / ACTIVITY_STEP_MS) + 1;
    this.activity = new Float64Array(steps);
    const phi = exp(-ACTIVITY_STEP_MS / (m.activityTauS * 1000));
    const kick = m.activitySigma * Math.sqrt(1 - phi * phi);
    let x = m.activitySigma * rng.normal();
    let sum = 0;
    for (let i = 0; i < steps; i++) {
      this.activity[i] = exp(x);
      sum += this.activity[i]!;
      x = x * phi + kick * rng.normal();
    }
    this.elapsedActivity = new Float64Array(steps + 1);
    for (let i = 0; i < steps; i++) {
      this.activity[i]! /= sum / steps;
      this.elapsedActivity[i + 1] = this.elapsedActivity[i]! + this.activity[i]! * ACTIVITY_STEP_MS;
    }
  }

  /**
   * Records fills (they set how many bursts the rate needs); fills of orders the clock did
   * not start (a sweep's follow-ups) count toward the burst that set them off.
   */
  record(fills: number, ownBurst: boolean): void {
    if (ownBurst) this.bursts += 1;
    this.fills += fills;
  }

  private baseRate(step: number): number {
    const m = this.r.m;
    // A light prior: the session's own count takes over within a few dozen bursts.
    const prior = 30;
    const fillsPerBurst = (this.fills + m.fillsPerBurstPrior * prior) / (this.bursts + prior);
    const target = this.r.p.tradesPerMinute / 60000;
    const i = Math.min(step, this.activity.length - 1);
    // Gentle feedback on the running count (a minute's worth of slack): the clusters stay
    // random, but a session does not drift far from its trades-per-minute target.
    const expected = target * (this.elapsedActivity[i]! + this.activity[i]! * (this.t - i * ACTIVITY_STEP_MS));
    const slack = this.r.p.tradesPerMinute;
    const steer = Math.min(2, Math.max(0.5, (expected + slack) / (this.fills + slack)));
    const total = this.branching.reduce((a, b) => a + b, 0);
    return (target / fillsPerBurst) * steer * (1 - total) * this.activity[i]!;
  }

  /**
   * Time of the next burst (ms from the start), exact for exponential
   * kernels: each source (baseline, each kernel) proposes its own first
   * arrival and the earliest wins. Between activity steps the baseline is
   * constant, so a proposal past a step boundary is redrawn from there.
   */
  next(): number {
    for (;;) {
      const step = Math.floor(this.t / ACTIVITY_STEP_MS);
      const boundary = (step + 1) * ACTIVITY_STEP_MS;
      let dt = this.rng.exponential(1 / this.baseRate(step));
      for (let k = 0; k < this.excitation.length; k++) {
        const s = this.excitation[k]!;
        if (s <= 0) continue;
        const tau = this.decay[k]!;
        // P(no kernel-k arrival within d) = exp(−s·τ·(1 − e^(−d/τ))): invert it.
        const d = 1 + ln(this.rng.uniformPositive()) / (s * tau);
        if (d > 0) dt = Math.min(dt, -tau * ln(d));
      }
      if (this.t + dt >= boundary) {
        this.decayTo(boundary);
        continue;
      }
      this.decayTo(this.t + dt);
      for (let k = 0; k < this.excitation.length; k++) this.excitation[k]! += this.branching[k]! / this.decay[k]!;
      return this.t;
    }
  }

  private decayTo(t: number): void {
    const dt = t - this.t;
    for (let k = 0; k < this.excitation.length; k++) this.excitation[k]! *= exp(-dt / this.decay[k]!);
    this.t = t;
  }
}

/**
 * The fair price the makers quote around, as a log-price Brownian motion with
 * the session's volatility. A loopable session bridges it back to the start
 * over its last quarter (at most five minutes), so the end meets the start.
 * A market given `fairOf` takes its fair price from there instead, and draws
 * nothing from its stream (the other streams are forks, so they are the same).
 */
export class FairPrice {
  private t = 0;
  private x = 0;
  private readonly bridgeFrom: number;

  constructor(private readonly r: Resolved, private readonly rng: Rng) {
    const d = r.p.durationMs;
    this.bridgeFrom = r.p.loopable ? d - Math.min(d / 4, 300000) : Infinity;
  }

  /** The fair price at t (ticks); t must not go backwards. */
  at(t: number): number {
    const { fairOf, startTime } = this.r.p;
    if (fairOf) return fairOf(startTime + t) / this.r.tickValue;
    if (t > this.t) {
      if (this.t < this.bridgeFrom && t > this.bridgeFrom) this.step(this.bridgeFrom);
      this.step(t);
    }
    return this.r.startMid * exp(this.x);
  }

  private step(t: number): void {
    const dt = t - this.t;
    const sigma = this.r.sigmaPerSqrtMs;
    if (t <= this.bridgeFrom) {
      this.x += sigma * Math.sqrt(dt) * this.rng.normal();
    } else {
      // Brownian bridge to 0 at the end: exact conditional mean and variance.
      const end = this.r.p.durationMs;
      const left = end - this.t;
      if (left <= 0) {
        this.x = 0;
        this.t = t;
        return;
      }
      const to = Math.min(t, end);
      const h = to - this.t;
      const mean = this.x * (1 - h / left);
      const variance = (sigma * sigma * h * (end - to)) / left;
      this.x = mean + Math.sqrt(Math.max(0, variance)) * this.rng.normal();
    }
    this.t = t;
  }
}

/** Fill and level sizes, drawn as notionals and put on the lot grid at the start price. */
export class Sizes {
  private readonly dustLots: number;

  constructor(private readonly r: Resolved, private readonly rng: Rng) {
    this.dustLots = this.lots(r.m.dustNotional);
  }

  private lots(notional: number): number {
    return Math.max(1, Math.round(notional * this.r.lotsPerQuote));
  }

  /** One maker order's worth: what a single fill takes at most. */
  fill(): number {
    const m = this.r.m;
    if (this.rng.chance(m.dustShare)) return this.dustLots;
    return this.rng.chance(m.smallShare)
      ? this.lots(this.rng.lognormal(m.smallMedianNotional, m.smallSigma))
      : this.lots(this.rng.lognormal(m.largeMedianNotional, m.largeSigma));
  }

  /** A background level: a few dust orders, or a lognormal lump. */
  level(): number {
    const m = this.r.m;
    if (this.rng.chance(m.levelDustShare)) return this.dustLots * (1 + this.rng.int(3));
    return this.lots(this.rng.lognormal(m.levelMedianNotional, m.levelSigma));
  }

  /** The makers' quote at the touch. */
  touch(): number {
    return this.lots(this.rng.lognormal(this.r.m.touchMedianNotional, this.r.m.touchSigma));
  }
}
