import { describe, expect, it } from 'vitest';
import { L2Book } from './book';

describe('L2 book', () => {
  it('keeps both sides sorted best-first and removes zero quantities', () => {
    const book = new L2Book('X');
    book.replace({ b: [[100, 1], [98, 2], [99, 3]], a: [[103, 1], [101, 2]] });
    book.apply({ b: [[99, 0], [100, 5]], a: [[102, 7]] });
    expect(book.snapshot()).toEqual({ s: 'X', b: [[100, 5], [98, 2]], a: [[101, 2], [102, 7], [103, 1]] });
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(101);
    expect(book.isCrossed()).toBe(false);
    expect(book.snapshot(1)).toEqual({ s: 'X', b: [[100, 5]], a: [[101, 2]] });
  });

  it('detects a crossed book', () => {
    const book = new L2Book('X');
    book.replace({ b: [[100, 1]], a: [[100, 1]] });
    expect(book.isCrossed()).toBe(true);
  });

  it('ignores removal of a level it does not have', () => {
    const book = new L2Book('X');
    book.apply({ b: [[5, 0]], a: [] });
    expect(book.snapshot()).toEqual({ s: 'X', b: [], a: [] });
  });
});
