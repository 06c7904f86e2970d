// @vitest-environment node
/**
 * Issue 32: our engine against nodejs-order-book on seeded random streams of
 * recorded book changes, recorded trades and four accounts' orders, compared
 * after every operation (differentialKit.ts says what and why). `npm test`
 * runs a bounded count; `npm run bench:exchange` runs a million.
 */
import { describe, expect, it } from 'vitest';
import { generateOps, runSideBySide } from './differentialKit';
import { shrink } from './differentialShrink';
import { SymbolBook } from './symbolBook';
import type { Order } from './types';

const OPS_PER_SEED = 4_000;

function describeDivergence(seed: number, ops: ReturnType<typeof generateOps>): string {
  const minimal = shrink(ops);
  const there = runSideBySide(minimal).divergence;
  return `seed ${seed}: a minimal stream of ${minimal.length} operations:\n${JSON.stringify(minimal)}\ndiverges: ${JSON.stringify(there)}`;
}

describe('one book for everyone, against nodejs-order-book', () => {
  // About a second per seed alone; a loaded 2-core CI machine may take several.
  it.each([1, 2, 3, 4, 5])('no divergence on seeded stream %i', { timeout: 60_000 }, (seed) => {
    const ops = generateOps(OPS_PER_SEED, seed);
    const { divergence, compared } = runSideBySide(ops);
    // On a divergence the message carries the shrunk stream that shows it, to paste into a test.
    const report = divergence ? describeDivergence(seed, ops) : null;
    expect(report).toBeNull();
    // Most operations are compared: left out are cancels and modifies of orders no longer open, and recorded changes onto the other side.
    expect(compared).toBeGreaterThan(OPS_PER_SEED * 0.7);
  });

  it('finds and shrinks a divergence: an order queued behind recorded lots a taker already took (the old rule)', { timeout: 120_000 }, () => {
    const rest = SymbolBook.prototype.rest;
    SymbolBook.prototype.rest = function (this: SymbolBook, order: Order) {
      order.queueAhead = this.displayedAt(order.side, order.price);
      this.own[order.side].rest(order);
    };
    try {
      const ops = generateOps(OPS_PER_SEED, 1);
      const found = runSideBySide(ops).divergence;
      expect(found?.what).toBe('queue positions');
      const minimal = shrink(ops);
      // A stream that still diverges, far shorter than the one that first did, in which no single operation can go.
      expect(runSideBySide(minimal).divergence).not.toBeNull();
      expect(minimal.length).toBeLessThan((found!.at + 1) / 4);
      for (let i = 0; i < minimal.length; i++) expect(runSideBySide(minimal.filter((_, j) => j !== i)).divergence, `without operation ${i}`).toBeNull();
    } finally {
      SymbolBook.prototype.rest = rest;
    }
  });
});
