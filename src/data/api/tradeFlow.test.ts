import { describe, expect, it } from 'vitest';
import { MalformedResponseError } from '../http';
import { parseTradeFlow } from './tradeFlow';

const T = 1_767_225_600_000;

const answer = () => ({
  symbol: 'BTCUSDT',
  asOf: T + 5_000,
  since: T - 120_000,
  lastTradeId: '42',
  bucketMs: 60_000,
  buckets: [[String(T - 60_000), '1.5', '0.25', '90000.00', '15000.00', '7'], [String(T), '0', '1', '0', '60000.5', '1']],
  topTrades: [{ id: '40', t: T - 30_000, p: '60000.00', q: '1.000000', side: 'buy' }],
  largeTradeMin: null,
  periods: {},
});

describe('parseTradeFlow', () => {
  it('reads the snapshot the domain folds into', () => {
    expect(parseTradeFlow(answer())).toEqual({
      symbol: 'BTCUSDT',
      asOf: T + 5_000,
      since: T - 120_000,
      lastId: 42,
      buckets: [
        { t: T - 60_000, buyQty: 1.5, sellQty: 0.25, buyValue: 90000, sellValue: 15000, count: 7 },
        { t: T, buyQty: 0, sellQty: 1, buyValue: 0, sellValue: 60000.5, count: 1 },
      ],
      topTrades: [{ id: 40, t: T - 30_000, p: '60000.00', q: '1.000000', buy: true }],
    });
  });

  it('accepts a market with no trades yet', () => {
    const flow = parseTradeFlow({ ...answer(), since: null, lastTradeId: null, buckets: [], topTrades: [] });
    expect(flow).toMatchObject({ since: null, lastId: null, buckets: [], topTrades: [] });
  });

  it.each([
    ['no buckets', { buckets: undefined }],
    ['a short bucket row', { buckets: [[String(T), '1']] }],
    ['a bucket off the minute', { buckets: [[String(T + 1), '1', '1', '1', '1', '1']] }],
    ['a float in a bucket', { buckets: [[String(T), 1.5, '1', '1', '1', '1']] }],
    ['an odd side', { topTrades: [{ id: '1', t: T, p: '1', q: '1', side: 'both' }] }],
    ['a bad trade id', { lastTradeId: '4.2' }],
    ['another bucket size', { bucketMs: 1000 }],
    ['a bad asOf', { asOf: -1 }],
  ])('refuses %s', (_name, patch) => {
    expect(() => parseTradeFlow({ ...answer(), ...patch })).toThrow(MalformedResponseError);
  });
});
