// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeLevels } from './depthStreams';
import { scaleOfStep } from './streamSpec';

describe('depth merging', () => {
  it('reads the dumpScale of every digitMerge step', () => {
    expect(['0.0001', '0.01', '0.1', '1', '10', '100'].map(scaleOfStep)).toEqual([4, 2, 1, 0, -1, -2]);
  });

  it('rounds bids down and asks up into buckets, sums quantities, stops at the limit', () => {
    const bids: Array<[number, number]> = [[1000, 1], [999, 2], [991, 3], [990, 4], [989, 5], [975, 6]];
    expect(mergeLevels(bids, 10, false, 40)).toEqual([[100, 1], [99, 9], [98, 5], [97, 6]]);
    expect(mergeLevels(bids, 10, false, 2)).toEqual([[100, 1], [99, 9]]);
    const asks: Array<[number, number]> = [[1000, 1], [1001, 2], [1010, 3], [1011, 4]];
    expect(mergeLevels(asks, 10, true, 40)).toEqual([[100, 1], [101, 5], [102, 4]]);
    expect(mergeLevels(asks, 1, true, 3)).toEqual(asks.slice(0, 3));
    expect(mergeLevels([], 100, true, 40)).toEqual([]);
  });

  it('does not touch the book it merges', () => {
    const levels: Array<[number, number]> = [[5, 1], [4, 1]];
    mergeLevels(levels, 10, false, 40);
    expect(levels).toEqual([[5, 1], [4, 1]]);
  });
});
