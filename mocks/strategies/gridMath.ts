/**
 * Grid geometry of a spot grid bot, pure: level prices on the instrument's
 * tick, which level the market price sits nearest, and whether a round trip
 * between two neighbouring levels clears the fees. Prices are integer ticks
 * (the engine's unit), so nothing here rounds twice.
 */
export type GridType = 'arithmetic' | 'geometric';

export interface GridGeometry {
  /** lowest and highest level as first set up, ticks */
  min: number;
  max: number;
  /** number of grids: the range holds `count + 1` levels */
  count: number;
  type: GridType;
}

/**
 * Price of level `i`, ticks, nearest tick. Level 0 is `min` and level
 * `count` is `max` exactly; levels past `count` continue the same spacing
 * (trailing up shifts the range one level at a time and reads them there).
 *
 * Arithmetic: min + i·(max − min)/count, rounded in integers (half up).
 * Geometric: min·(max/min)^(i/count); Math.pow is a float, but the same
 * inputs give the same double in any one engine, and the result is rounded
 * to a whole tick at once, so the grid is reproducible.
 */
export function levelPrice(g: GridGeometry, i: number): number {
  if (i === 0) return g.min;
  if (i === g.count) return g.max;
  if (g.type === 'arithmetic') return g.min + Math.floor((2 * i * (g.max - g.min) + g.count) / (2 * g.count));
  return Math.round(g.min * Math.pow(g.max / g.min, i / g.count));
}

/** The `count + 1` levels starting at level `from` (0 unless the grid trailed up). */
export function levelsFrom(g: GridGeometry, from = 0): number[] {
  const out: number[] = [];
  for (let i = from; i <= from + g.count; i++) out.push(levelPrice(g, i));
  return out;
}

/** Index in `levels` of the level nearest `price`; a tie goes to the lower level. */
export function nearestLevel(levels: readonly number[], price: number): number {
  let best = 0;
  for (let i = 1; i < levels.length; i++) {
    if (Math.abs(levels[i]! - price) < Math.abs(levels[best]! - price)) best = i;
  }
  return best;
}

/**
 * True when a buy at every level and a sell one level up nets more than it
 * paid in fees: level[k+1]·(1 − fee)² > level[k] for every k (fees in parts
 * per million, the larger of maker and taker). Levels that rounding merged
 * onto one tick fail here too.
 */
export function roundTripsClearFees(levels: readonly number[], feePpm: number): boolean {
  const ppm = 1_000_000n;
  const keep = (ppm - BigInt(feePpm)) ** 2n;
  for (let k = 0; k + 1 < levels.length; k++) {
    if (BigInt(levels[k + 1]!) * keep <= BigInt(levels[k]!) * ppm * ppm) return false;
  }
  return true;
}

/**
 * The cells of a grid laid out around `price`: cell k spans levels k and
 * k+1. The level nearest the price gets no order; every cell below it holds
 * a buy at its lower level and every cell from it up a sell at its upper
 * level, so `count` orders in all.
 */
export function cellSides(levels: readonly number[], price: number): Array<'Buy' | 'Sell'> {
  const skip = nearestLevel(levels, price);
  const sides: Array<'Buy' | 'Sell'> = [];
  for (let k = 0; k + 1 < levels.length; k++) sides.push(k < skip ? 'Buy' : 'Sell');
  return sides;
}
