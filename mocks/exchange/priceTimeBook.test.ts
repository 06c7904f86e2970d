import { OrderBook, Side } from 'nodejs-order-book';
import { describe, expect, it } from 'vitest';
import { Rng } from '../market/rng';
import { entry, PriceSide, PriceTimeBook, type Entry } from './priceTimeBook';

type Fill = [maker: string, taker: string, price: number, lots: number];

function recording() {
  const fills: Fill[] = [];
  const book = new PriceTimeBook<null>((maker: Entry<null>, taker, price, lots) => fills.push([maker.id, taker, price, lots]));
  return { book, fills };
}

describe('PriceSide', () => {
  it('keeps prices best first and each level in arrival order', () => {
    const asks = new PriceSide<string>(false);
    for (const [id, price] of [['a', 102], ['b', 100], ['c', 101], ['d', 100], ['e', 140]] as const) asks.add(entry(id, price, 1, id));
    expect(asks.depth()).toEqual([[100, 2], [101, 1], [102, 1], [140, 1]]);
    expect(asks.dataAt(100)).toEqual(['b', 'd']);
    expect(asks.best()).toBe(100);
    expect(asks.worst()).toBe(140);
    const bids = new PriceSide<string>(true);
    for (const price of [5, 9, 7, 9, 1]) bids.add(entry(`b${price}`, price, 2, `b${price}`));
    expect(bids.depth(3)).toEqual([[9, 4], [7, 2], [5, 2]]);
    expect(bids.spans(6)).toBe(true);
    expect(bids.spans(10)).toBe(false);
  });

  it('removes from the middle of a queue and drops an emptied level wherever it is', () => {
    const bids = new PriceSide<string>(true);
    const es = [entry('x', 10, 3, 'x'), entry('y', 10, 4, 'y'), entry('z', 10, 5, 'z'), entry('w', 8, 1, 'w'), entry('v', 12, 1, 'v')];
    for (const e of es) bids.add(e);
    expect(bids.remove(es[1]!)).toBe(true);
    expect(bids.remove(es[1]!)).toBe(false);
    expect(bids.dataAt(10)).toEqual(['x', 'z']);
    expect(bids.lotsAt(10)).toBe(8);
    bids.remove(es[3]!);
    expect(bids.depth()).toEqual([[12, 1], [10, 8]]);
    bids.remove(es[0]!);
    bids.remove(es[2]!);
    expect(bids.depth()).toEqual([[12, 1]]);
  });

  it('re-adds an entry ahead of later arrivals when told (a restore in any order)', () => {
    const side = new PriceSide<{ seq: number }>(false);
    for (const seq of [3, 1, 4, 2]) side.add(entry(`s${seq}`, 50, 1, { seq }), (other) => other.seq > seq);
    expect(side.dataAt(50).map((d) => d.seq)).toEqual([1, 2, 3, 4]);
  });

  it('a reduced entry keeps its place', () => {
    const side = new PriceSide<string>(false);
    const first = entry('f', 7, 10, 'f');
    side.add(first);
    side.add(entry('s', 7, 10, 's'));
    side.reduce(first, 4);
    expect(side.dataAt(7)).toEqual(['f', 's']);
    expect(side.lotsAt(7)).toBe(16);
  });
});

describe('PriceTimeBook', () => {
  it('a crossing limit order takes best price first, oldest first, and rests its remainder', () => {
    const { book, fills } = recording();
    book.limit('s1', 'Sell', 101, 5, null);
    book.limit('s2', 'Sell', 100, 3, null);
    book.limit('s3', 'Sell', 100, 4, null);
    const out = book.limit('b1', 'Buy', 101, 10, null);
    expect(out).toEqual({ traded: 10, left: 0, ok: true });
    expect(fills).toEqual([['s2', 'b1', 100, 3], ['s3', 'b1', 100, 4], ['s1', 'b1', 101, 3]]);
    expect(book.asks.depth()).toEqual([[101, 2]]);
    expect(book.limit('b2', 'Buy', 100, 6, null)).toEqual({ traded: 0, left: 6, ok: true });
    expect(book.bids.depth()).toEqual([[100, 6]]);
    expect(book.orders).toBe(2);
  });

  it('a market order drops what the book cannot fill; refusals change nothing', () => {
    const { book } = recording();
    book.limit('b1', 'Buy', 99, 2, null);
    expect(book.market('Sell', 5)).toEqual({ traded: 2, left: 3, ok: true });
    expect(book.bids.size).toBe(0);
    expect(book.limit('x', 'Buy', 0, 1, null).ok).toBe(false);
    expect(book.limit('x', 'Buy', 10, 0, null).ok).toBe(false);
    book.limit('y', 'Buy', 10, 1, null);
    expect(book.limit('y', 'Buy', 11, 1, null).ok).toBe(false);
    expect(book.modify('nobody', { price: 3 }).ok).toBe(false);
    expect(book.cancel('nobody')).toBeUndefined();
    expect(book.bids.depth()).toEqual([[10, 1]]);
  });

  it('modify re-enters at the back of the queue and may trade', () => {
    const { book, fills } = recording();
    book.limit('a', 'Buy', 10, 1, null);
    book.limit('b', 'Buy', 10, 1, null);
    book.modify('a', { lots: 2 });
    expect(book.bids.dataAt(10)).toHaveLength(2);
    book.market('Sell', 1);
    expect(fills.at(-1)![0]).toBe('b');
    book.limit('s', 'Sell', 12, 1, null);
    book.modify('s', { price: 10 });
    expect(fills.at(-1)).toEqual(['a', 's', 10, 1]);
  });

  // The same seeded stream through both books: the book per level after every operation, and every order's remaining lots (which order a taker met first) every 50.
  it.each([1, 2, 3])('matches nodejs-order-book on a seeded random stream (seed %i)', (seed) => {
    const rng = new Rng(seed);
    const { book } = recording();
    const theirs = new OrderBook();
    const ids: string[] = [];
    for (let i = 0; i < 3_000; i++) {
      const r = rng.uniform();
      const side = rng.chance(0.5) ? 'Buy' : 'Sell';
      const obSide = side === 'Buy' ? Side.BUY : Side.SELL;
      // Whether each side accepted the operation (a cancel: which order it took off).
      let answers: [unknown, unknown];
      if (r < 0.55 || ids.length === 0) {
        const id = `o${i}`;
        const price = 1000 + rng.int(20) - (side === 'Buy' ? 3 : -3);
        const lots = 1 + rng.int(50);
        ids.push(id);
        answers = [book.limit(id, side, price, lots, null).ok, !theirs.limit({ id, side: obSide, size: lots, price }).err];
      } else if (r < 0.7) {
        const lots = 1 + rng.int(80);
        answers = [book.market(side, lots).ok, !theirs.market({ side: obSide, size: lots }).err];
      } else if (r < 0.88) {
        const id = ids[rng.int(ids.length)]!;
        answers = [book.cancel(id)?.id, theirs.cancel(id)?.order.id];
      } else {
        const id = ids[rng.int(ids.length)]!;
        const update = rng.chance(0.5) ? { price: 1000 + rng.int(20) } : { size: 1 + rng.int(50) };
        answers = [book.modify(id, 'price' in update ? { price: update.price } : { lots: update.size }).ok, !theirs.modify(id, update).err];
      }
      expect(answers[0], `answer to operation ${i}`).toEqual(answers[1]);
      const [asks, bids] = theirs.depth();
      expect(book.asks.depth(), `asks after operation ${i}`).toEqual([...asks].sort((a, b) => a[0] - b[0]));
      expect(book.bids.depth(), `bids after operation ${i}`).toEqual([...bids].sort((a, b) => b[0] - a[0]));
      const sampled = i % 50 === 0 ? ids : [];
      expect(sampled.map((id) => book.get(id)?.lots), `orders after operation ${i}`).toEqual(sampled.map((id) => theirs.order(id)?.size));
    }
    expect(book.orders).toBe(ids.filter((id) => theirs.order(id)).length);
  });
});
