import { DAY_MS, HOUR_MS } from '../../../src/domain/intervals';
import { exp, ln, type Rng } from '../rng';
import type { Bar } from './aggregate';

/**
 * One level of synthetic bars (1m, 1h or 1d), generated backward in time from
 * a known close. Backward, because the only price we must hit exactly is the
 * session's first one; a stationary random walk looks the same either way.
 */

const YEAR_MS = 365 * DAY_MS;

/**
 * A log-volatility factor: an Ornstein–Uhlenbeck process whose state carries
 * from a finer level to the next coarser one, so calm and turbulent spells run
 * across the seam. Several half-lives give clustering at several time scales.
 */
export interface VolFactor {
  halfLifeMs: number;
  /** stationary standard deviation of the log-volatility */
  sd: number;
  /** current state, updated in place as the level walks back */
  x: number;
}

export interface LevelSpec {
  /** open time of the first bar (bucket-aligned) */
  start: number;
  /** exclusive end of the last bar; it may cut the last bucket short */
  end: number;
  stepMs: number;
  /** log of the price in ticks at `end`, and that price rounded to ticks */
  closeLog: number;
  closeTicks: number;
  annualVol: number;
  /** typical volume of a full bar, lots */
  volumePerBar: number;
  /** the factors active at this bar length (faster ones average out) */
  factors: VolFactor[];
  /** Student-t dof for returns: fatter tails for short bars, as in real markets */
  tailDof: number;
  /** whether time-of-day seasonality applies (it averages out in daily bars) */
  intraday: boolean;
  /** log-normal sd of volume noise */
  volumeNoise: number;
  /** optional pull of the log price toward `mean`, per bar, so years of history stay in a plausible range */
  reversion?: { mean: number; perBar: number };
}

export interface LevelResult {
  /** oldest first */
  bars: Bar[];
  /** log price and ticks at `start`, the close the next coarser level ends on */
  openLog: number;
  openTicks: number;
}

// Crypto trades around the clock, busiest when the US session overlaps Europe's
// afternoon and quietest in the late Asian night; weekends are calmer.
const PEAK_HOUR_UTC = 15;
const VOL_SWING = 0.3;
const VOLUME_SWING = 0.45;
const WEEKEND_VOL = 0.75;
const WEEKEND_VOLUME = 0.65;
// Scale factors that keep the mean variance (and mean volume) over a week at 1,
// so the requested annual volatility is what the bars show on average.
const VOL_DAY_NORM = 1 / Math.sqrt(1 + (VOL_SWING * VOL_SWING) / 2);
const VOL_WEEKDAY = Math.sqrt(7 / (5 + 2 * WEEKEND_VOL * WEEKEND_VOL));
const VOLUME_WEEKDAY = 7 / (5 + 2 * WEEKEND_VOLUME);
const MAX_SHOCK = 12;

function isWeekend(t: number): boolean {
  // Day 0 (1970-01-01) was a Thursday; +3 makes Monday 0.
  const dow = (((Math.floor(t / DAY_MS) + 3) % 7) + 7) % 7;
  return dow >= 5;
}

function dayPhase(t: number): number {
  const hourOfDay = (((t % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
  return Math.cos((2 * Math.PI * (hourOfDay - PEAK_HOUR_UTC)) / 24);
}

function volSeason(t: number, intraday: boolean): number {
  const week = isWeekend(t) ? VOL_WEEKDAY * WEEKEND_VOL : VOL_WEEKDAY;
  return intraday ? week * VOL_DAY_NORM * (1 + VOL_SWING * dayPhase(t)) : week;
}

function volumeSeason(t: number, intraday: boolean): number {
  const week = isWeekend(t) ? VOLUME_WEEKDAY * WEEKEND_VOLUME : VOLUME_WEEKDAY;
  return intraday ? week * (1 + VOLUME_SWING * dayPhase(t)) : week;
}

function toTicks(logPrice: number): number {
  return Math.max(1, Math.round(exp(logPrice)));
}

export function generateLevel(spec: LevelSpec, rng: Rng): LevelResult {
  const { start, end, stepMs, factors } = spec;
  const count = Math.max(0, Math.ceil((end - start) / stepMs));
  const bars = new Array<Bar>(count);
  const sigmaBar = spec.annualVol * Math.sqrt(stepMs / YEAR_MS);
  const decay = factors.map((f) => exp((-Math.LN2 * stepMs) / f.halfLifeMs));
  const innovation = factors.map((f, i) => f.sd * Math.sqrt(1 - (decay[i] as number) ** 2));
  // E[exp(2x)] = exp(2·var) for Gaussian x, so subtracting the total variance
  // keeps the mean squared volatility at the requested level.
  const variance = factors.reduce((sum, f) => sum + f.sd * f.sd, 0);
  const noiseMean = -(spec.volumeNoise * spec.volumeNoise) / 2;

  let closeLog = spec.closeLog;
  let closeTicks = spec.closeTicks;
  for (let i = count - 1; i >= 0; i--) {
    const t = start + i * stepMs;
    const fraction = Math.min(stepMs, end - t) / stepMs;
    const mid = t + (fraction * stepMs) / 2;

    let x = 0;
    for (let k = 0; k < factors.length; k++) {
      const f = factors[k] as VolFactor;
      f.x = (decay[k] as number) * f.x + (innovation[k] as number) * rng.normal();
      x += f.x;
    }
    const state = exp(x - variance);
    const sigma = sigmaBar * Math.sqrt(fraction) * volSeason(mid, spec.intraday) * state;
    const shock = Math.max(-MAX_SHOCK, Math.min(MAX_SHOCK, rng.studentT(spec.tailDof)));

    let openLog = closeLog - sigma * shock;
    if (spec.reversion) openLog += spec.reversion.perBar * (spec.reversion.mean - closeLog);

    // Extremes of a Brownian bridge from open to close with the bar's variance:
    // max = (a + b + sqrt((b − a)² − 2σ²·ln U)) / 2, and symmetrically the min.
    const sum = openLog + closeLog;
    const gap2 = (closeLog - openLog) ** 2;
    const highLog = (sum + Math.sqrt(gap2 - 2 * sigma * sigma * ln(rng.uniformPositive()))) / 2;
    const lowLog = (sum - Math.sqrt(gap2 - 2 * sigma * sigma * ln(rng.uniformPositive()))) / 2;

    const openTicks = toTicks(openLog);
    const high = Math.max(toTicks(highLog), openTicks, closeTicks);
    const low = Math.min(toTicks(lowLog), openTicks, closeTicks);

    // Volume rises with volatility and with the size of the move, as on real tapes.
    const volume =
      spec.volumePerBar *
      fraction *
      volumeSeason(mid, spec.intraday) *
      exp(x - variance / 2) *
      (0.6 + 0.5 * Math.abs(shock)) *
      exp(noiseMean + spec.volumeNoise * rng.normal());

    bars[i] = { t, o: openTicks, h: high, l: low, c: closeTicks, v: Math.max(1, Math.round(volume)) };
    closeLog = openLog;
    closeTicks = openTicks;
  }
  return { bars, openLog: closeLog, openTicks: closeTicks };
}
