import { DAY_MS, HOUR_MS, MINUTE_MS, bucketStart } from '../../../src/domain/intervals';
import { toUnits } from '../../../src/domain/units';
import { ln, Rng } from '../rng';
import { aggregate, type Bar } from './aggregate';
import { generateLevel, type VolFactor } from './path';

/** The intervals history is stored at; every other interval is aggregated from one of them. */
export type BaseInterval = '1m' | '1h' | '1d';

/** How far back each base level reaches before the session start (at least; spans start on a UTC day or month). */
export const MINUTE_HISTORY_DAYS = 7;
export const HOUR_HISTORY_DAYS = 120;
export const DAY_HISTORY_DAYS = 730;

export interface HistoryOptions {
  symbol: string;
  /** price step, e.g. "0.01" */
  tick: string;
  /** quantity step, e.g. "0.00001" */
  lot: string;
  /** the session's first price, on the tick grid */
  anchorPrice: string;
  /** the session's start, ms; history ends here */
  anchorTime: number;
  seed: number | string;
  /** annualised volatility of log returns, e.g. 0.6 */
  volatility: number;
  /** typical traded quantity per minute, lots */
  volumePerMinute: number;
}

export interface KlineHistory {
  symbol: string;
  tick: string;
  lot: string;
  /** history ends (exclusive) where the session starts */
  anchorTime: number;
  /** ticks; the close of the last bar of every base series */
  anchorPrice: number;
  /**
   * Oldest first and gap-free. Where levels overlap, the coarser bars are the
   * aggregation of the finer ones; the last bar of each may be partial (it
   * ends at anchorTime).
   */
  bars: Readonly<Record<BaseInterval, readonly Bar[]>>;
}

/**
 * Deterministic kline history ending at the session's first price. The finest
 * level is generated first, backward from the anchor, over its short span; each
 * coarser level then continues further back from where the finer one began,
 * and over the overlap it is the finer level aggregated — so switching
 * intervals on a chart never shows two different pasts.
 */
export function generateHistory(options: HistoryOptions): KlineHistory {
  const { symbol, tick, lot, anchorPrice, anchorTime, seed, volatility, volumePerMinute } = options;
  const anchor = toUnits(anchorPrice, tick);
  if (anchor === null || anchor <= 0) throw new RangeError(`${symbol}: anchor price ${anchorPrice} is not a positive multiple of ${tick}`);
  if (!Number.isFinite(anchorTime)) throw new RangeError(`${symbol}: anchor time must be finite`);
  if (!(volatility > 0 && volatility < 20)) throw new RangeError(`${symbol}: volatility ${volatility} out of range`);
  if (!(volumePerMinute > 0 && Number.isFinite(volumePerMinute))) throw new RangeError(`${symbol}: volume per minute must be positive`);

  // Starting on UTC day (month) boundaries keeps the first hourly/daily bars
  // built from finer ones complete, and the first monthly bar too.
  const minuteStart = bucketStart('1d', anchorTime - MINUTE_HISTORY_DAYS * DAY_MS);
  const hourStart = bucketStart('1d', anchorTime - HOUR_HISTORY_DAYS * DAY_MS);
  const dayStart = bucketStart('1M', anchorTime - DAY_HISTORY_DAYS * DAY_MS);

  // The symbol is part of the seed so one session seed gives each instrument its own past.
  const rng = Rng.fromText(`${symbol}\u0000${String(seed)}`);
  const slow: VolFactor = { halfLifeMs: 10 * DAY_MS, sd: 0.35, x: 0 };
  const medium: VolFactor = { halfLifeMs: 8 * HOUR_MS, sd: 0.25, x: 0 };
  const fast: VolFactor = { halfLifeMs: 20 * MINUTE_MS, sd: 0.25, x: 0 };
  for (const f of [slow, medium, fast]) f.x = f.sd * rng.normal();

  const anchorLog = ln(anchor);
  const minutes = generateLevel(
    {
      start: minuteStart,
      end: anchorTime,
      stepMs: MINUTE_MS,
      closeLog: anchorLog,
      closeTicks: anchor,
      annualVol: volatility,
      volumePerBar: volumePerMinute,
      factors: [slow, medium, fast],
      tailDof: 4,
      intraday: true,
      volumeNoise: 0.5,
    },
    rng,
  );
  const olderHours = generateLevel(
    {
      start: hourStart,
      end: minuteStart,
      stepMs: HOUR_MS,
      closeLog: minutes.openLog,
      closeTicks: minutes.openTicks,
      annualVol: volatility,
      volumePerBar: volumePerMinute * 60,
      factors: [slow, medium],
      tailDof: 6,
      intraday: true,
      volumeNoise: 0.25,
    },
    rng,
  );
  const dailyVariance = (volatility * volatility) / 365;
  const olderDays = generateLevel(
    {
      start: dayStart,
      end: hourStart,
      stepMs: DAY_MS,
      closeLog: olderHours.openLog,
      closeTicks: olderHours.openTicks,
      annualVol: volatility,
      volumePerBar: volumePerMinute * 1440,
      factors: [slow],
      tailDof: 8,
      intraday: false,
      volumeNoise: 0.15,
      // A weak pull that would hold the log price within about ±1.2 of the
      // anchor in the long run: a 2-year walk at high volatility otherwise
      // drifts to prices no one would believe.
      reversion: { mean: anchorLog, perBar: dailyVariance / (2 * 1.2 * 1.2) },
    },
    rng,
  );

  const hours = olderHours.bars.concat(aggregate(minutes.bars, '1m', '1h'));
  const days = olderDays.bars.concat(aggregate(hours, '1h', '1d'));
  return { symbol, tick, lot, anchorTime, anchorPrice: anchor, bars: { '1m': minutes.bars, '1h': hours, '1d': days } };
}
