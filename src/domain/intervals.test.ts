import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  INTERVALS,
  RESOLUTIONS,
  bucketStart,
  divides,
  intervalMs,
  intervalOfResolution,
  isInterval,
  nextBucketStart,
  nominalMs,
  parseInterval,
  resolutionOf,
  type Interval,
} from './intervals';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => Date.UTC(y, mo - 1, d, h, mi, s, ms);

describe('interval ids and resolution codes', () => {
  it('lists the spec intervals and resolutions in the same order', () => {
    expect(INTERVALS).toEqual(['1s', '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d', '1w', '1M']);
    expect(INTERVALS.map(resolutionOf)).toEqual([...RESOLUTIONS]);
    expect(RESOLUTIONS).toEqual(['1S', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', '1D', '1W', '1M']);
  });

  it('round-trips every resolution and accepts the short day/week/month spellings', () => {
    for (const id of INTERVALS) expect(intervalOfResolution(resolutionOf(id))).toBe(id);
    expect(intervalOfResolution('D')).toBe('1d');
    expect(intervalOfResolution('W')).toBe('1w');
    expect(intervalOfResolution('M')).toBe('1M');
    expect(intervalOfResolution('S')).toBe('1s');
  });

  it('rejects unknown values with null', () => {
    for (const bad of ['2m', '1H', '1D', '', ' 1m', '60', null, undefined, 1, {}]) expect(parseInterval(bad)).toBeNull();
    for (const bad of ['2', '1h', '1d', '45', '', null, 60]) expect(intervalOfResolution(bad)).toBeNull();
    expect(parseInterval('1M')).toBe('1M');
    expect(parseInterval('1m')).toBe('1m');
    expect(isInterval('12h')).toBe(true);
    expect(isInterval('13h')).toBe(false);
  });

  it('gives fixed lengths, none for a month, and a nominal month of 30 days', () => {
    expect(intervalMs('1s')).toBe(1000);
    expect(intervalMs('15m')).toBe(900_000);
    expect(intervalMs('12h')).toBe(12 * HOUR_MS);
    expect(intervalMs('1w')).toBe(7 * DAY_MS);
    expect(intervalMs('1M')).toBeNull();
    expect(nominalMs('1M')).toBe(30 * DAY_MS);
    expect(nominalMs('4h')).toBe(4 * HOUR_MS);
  });
});

describe('UTC buckets', () => {
  it('floors seconds and minutes without any local-time effect', () => {
    const t = utc(2024, 3, 31, 1, 59, 59, 999); // the EU DST switch night: UTC does not care
    expect(bucketStart('1s', t)).toBe(utc(2024, 3, 31, 1, 59, 59));
    expect(bucketStart('1m', t)).toBe(utc(2024, 3, 31, 1, 59));
    expect(bucketStart('15m', t)).toBe(utc(2024, 3, 31, 1, 45));
    expect(bucketStart('1h', t)).toBe(utc(2024, 3, 31, 1));
    expect(nextBucketStart('1h', t)).toBe(utc(2024, 3, 31, 2));
    expect(nextBucketStart('1d', t) - bucketStart('1d', t)).toBe(DAY_MS);
  });

  it('aligns 2h/4h/6h/12h buckets to UTC midnight', () => {
    const t = utc(2024, 11, 3, 23, 30); // US DST end day
    expect(bucketStart('2h', t)).toBe(utc(2024, 11, 3, 22));
    expect(bucketStart('4h', t)).toBe(utc(2024, 11, 3, 20));
    expect(bucketStart('6h', t)).toBe(utc(2024, 11, 3, 18));
    expect(bucketStart('12h', t)).toBe(utc(2024, 11, 3, 12));
    for (const id of ['2h', '4h', '6h', '12h'] as const) {
      expect(bucketStart(id, utc(2024, 11, 3))).toBe(utc(2024, 11, 3));
      expect(bucketStart(id, utc(2024, 11, 3) - 1) + nominalMs(id)).toBe(utc(2024, 11, 3));
    }
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    expect(bucketStart('1w', utc(1970, 1, 1))).toBe(utc(1969, 12, 29));
    expect(bucketStart('1w', utc(2024, 3, 4))).toBe(utc(2024, 3, 4)); // a Monday
    expect(bucketStart('1w', utc(2024, 3, 4) - 1)).toBe(utc(2024, 2, 26));
    expect(bucketStart('1w', utc(2024, 3, 10, 23, 59, 59, 999))).toBe(utc(2024, 3, 4)); // Sunday night
    expect(nextBucketStart('1w', utc(2024, 3, 6, 12))).toBe(utc(2024, 3, 11));
    expect(new Date(bucketStart('1w', utc(2031, 7, 17, 5))).getUTCDay()).toBe(1);
    expect(bucketStart('1w', utc(1960, 5, 5))).toBe(utc(1960, 5, 2)); // before the epoch too
  });

  it('starts months on the 1st 00:00 UTC with the right lengths, leap February included', () => {
    expect(bucketStart('1M', utc(2024, 2, 29, 23, 59))).toBe(utc(2024, 2, 1));
    const lengths = (year: number) =>
      Array.from({ length: 12 }, (_, m) => (nextBucketStart('1M', utc(year, m + 1, 15)) - utc(year, m + 1, 1)) / DAY_MS);
    expect(lengths(2024)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(lengths(2023)[1]).toBe(28);
    expect(lengths(2100)[1]).toBe(28);
    expect(lengths(2000)[1]).toBe(29);
    expect(nextBucketStart('1M', utc(2024, 12, 31, 23))).toBe(utc(2025, 1, 1));
    expect(bucketStart('1M', utc(2025, 1, 1))).toBe(utc(2025, 1, 1));
    expect(bucketStart('1M', utc(2025, 1, 1) - 1)).toBe(utc(2024, 12, 1));
  });

  it('puts a bucket start into its own bucket and the next start right after it', () => {
    const t = utc(2025, 6, 18, 7, 41, 13, 77);
    for (const id of INTERVALS) {
      const start = bucketStart(id, t);
      const next = nextBucketStart(id, t);
      expect(start).toBeLessThanOrEqual(t);
      expect(next).toBeGreaterThan(t);
      expect(bucketStart(id, start)).toBe(start);
      expect(bucketStart(id, next)).toBe(next);
      expect(bucketStart(id, next - 1)).toBe(start);
    }
  });
});

describe('which intervals build which', () => {
  it('allows whole-bucket aggregation only', () => {
    const yes: [Interval, Interval][] = [['1s', '1m'], ['1m', '3m'], ['1m', '1h'], ['5m', '15m'], ['1h', '12h'], ['1h', '1d'], ['1d', '1w'], ['12h', '1w'], ['1d', '1M'], ['1m', '1M'], ['1M', '1M'], ['1w', '1w']];
    const no: [Interval, Interval][] = [['1m', '1s'], ['3m', '5m'], ['1w', '1M'], ['1M', '1w'], ['1d', '1h'], ['5m', '3m']];
    for (const [f, c] of yes) expect(divides(f, c), `${f}→${c}`).toBe(true);
    for (const [f, c] of no) expect(divides(f, c), `${f}→${c}`).toBe(false);
  });
});
