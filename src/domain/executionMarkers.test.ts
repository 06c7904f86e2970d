import { describe, expect, it } from 'vitest';
import { executionMarkers, markerBucketStart, WEEK_ORIGIN_MS, type MarkerFill } from './executionMarkers';
import { bucketStart } from './intervals';

const at = (iso: string) => Date.parse(iso);
const fill = (over: Partial<MarkerFill>): MarkerFill => ({
  tradeId: '1',
  side: 'Buy',
  price: '100',
  quantity: '1',
  amount: '100',
  tokenFee: '0.001',
  feeTokenId: 'BTC',
  matchTime: at('2026-03-02T09:30:15.250Z'),
  ...over,
});

describe('markerBucketStart (spec 1: seconds, minutes, hours, days, weeks from 2018, quarters for months)', () => {
  it('puts a fill on the start of its bar', () => {
    const t = at('2026-03-04T09:37:15.250Z');
    expect(markerBucketStart('1s', t)).toBe(at('2026-03-04T09:37:15Z'));
    expect(markerBucketStart('15m', t)).toBe(at('2026-03-04T09:30:00Z'));
    expect(markerBucketStart('4h', t)).toBe(at('2026-03-04T08:00:00Z'));
    expect(markerBucketStart('1d', t)).toBe(at('2026-03-04T00:00:00Z'));
  });

  it('counts weeks from Monday 2018-01-01, the same grid as the weekly bars', () => {
    expect(new Date(WEEK_ORIGIN_MS).getUTCDay()).toBe(1);
    const wednesday = at('2026-03-04T09:37:15Z');
    expect(markerBucketStart('1w', wednesday)).toBe(at('2026-03-02T00:00:00Z'));
    expect(markerBucketStart('1w', wednesday)).toBe(bucketStart('1w', wednesday));
    expect(markerBucketStart('1w', at('2017-12-31T23:59:59Z'))).toBe(at('2017-12-25T00:00:00Z'));
  });

  it('gathers a monthly chart\'s marks per quarter, on the quarter\'s first month', () => {
    expect(markerBucketStart('1M', at('2026-05-20T12:00:00Z'))).toBe(at('2026-04-01T00:00:00Z'));
    expect(markerBucketStart('1M', at('2026-12-31T23:59:59Z'))).toBe(at('2026-10-01T00:00:00Z'));
  });
});

describe('executionMarkers', () => {
  it('sums each side of a bucket: quantity, value, average price, fees per coin, first and last time', () => {
    const marks = executionMarkers(
      [
        fill({ tradeId: '1', price: '100', quantity: '1', amount: '100', matchTime: at('2026-03-02T09:30:10Z') }),
        fill({ tradeId: '2', price: '103', quantity: '2', amount: '206', tokenFee: '0.002', matchTime: at('2026-03-02T09:30:50Z') }),
        fill({ tradeId: '3', side: 'Sell', price: '104', quantity: '0.5', amount: '52', tokenFee: '0.052', feeTokenId: 'USDT', matchTime: at('2026-03-02T09:30:20Z') }),
      ],
      '1m',
    );
    expect(marks).toEqual([
      {
        id: `Buy:${at('2026-03-02T09:30:00Z')}`,
        time: at('2026-03-02T09:30:00Z'),
        side: 'Buy',
        fills: 2,
        qty: '3',
        value: '306',
        avgPrice: '102',
        fees: [{ coin: 'BTC', amount: '0.003' }],
        firstTime: at('2026-03-02T09:30:10Z'),
        lastTime: at('2026-03-02T09:30:50Z'),
      },
      expect.objectContaining({ side: 'Sell', fills: 1, qty: '0.5', avgPrice: '104', fees: [{ coin: 'USDT', amount: '0.052' }] }),
    ]);
  });

  it('keeps buckets apart and in time order whatever order the fills come in', () => {
    const marks = executionMarkers(
      [fill({ matchTime: at('2026-03-02T10:05:00Z') }), fill({ matchTime: at('2026-03-02T09:05:00Z') }), fill({ side: 'Sell', matchTime: at('2026-03-02T09:06:00Z') })],
      '1h',
    );
    expect(marks.map((m) => [new Date(m.time).toISOString(), m.side, m.fills])).toEqual([
      ['2026-03-02T09:00:00.000Z', 'Buy', 1],
      ['2026-03-02T09:00:00.000Z', 'Sell', 1],
      ['2026-03-02T10:00:00.000Z', 'Buy', 1],
    ]);
  });

  it('leaves out a fill whose numbers do not read, and reads nothing as no marks', () => {
    expect(executionMarkers([fill({ quantity: 'NaN' }), fill({ amount: '-1' }), fill({ matchTime: Number.NaN })], '1m')).toEqual([]);
    expect(executionMarkers([], '1d')).toEqual([]);
    // A fee that does not read counts as none; the fill still shows.
    expect(executionMarkers([fill({ tokenFee: 'x' })], '1m')[0]!.fees).toEqual([{ coin: 'BTC', amount: '0' }]);
  });
});
