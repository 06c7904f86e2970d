/**
 * The seeded operation streams of issue 32's differential check
 * (differentialKit.ts): recorded level changes and trades, and four
 * accounts' orders, around 60,000.00 on BTCUSDT.
 */
import { Rng } from '../market/rng';
import type { Side } from './types';

/** BTCUSDT ticks (0.01) around 60,000.00 */
const MID = 6_000_000;
const SPREAD_TICKS = 12;
export const ACCOUNTS = ['a0', 'a1', 'a2', 'a3'] as const;
/** BTCUSDT lots (0.000001 BTC): 0.0001–0.005 BTC, above the minimum order value */
const MIN_LOTS = 100;
const MAX_LOTS = 5_000;
/** open orders per account before the stream cancels instead of placing */
/** how far back a cancel or modify looks for open orders */
export type Op =
  | { kind: 'level'; side: Side; price: number; lots: number }
  /** a recorded trade hitting `side`'s best recorded price still on offer, then that level as the recording leaves it */
  | { kind: 'trade'; side: Side; lots: number }
  | { kind: 'limit'; account: number; side: Side; price: number; lots: number; tif: 'GTC' | 'IOC' | 'FOK' | 'PostOnly' }
  | { kind: 'market'; account: number; side: Side; lots: number }
  /** `nth`: the n-th newest order still open (of those a modify may move: GTC) */
  | { kind: 'cancel'; nth: number }
  | { kind: 'modify'; nth: number; price: number | null; addLots: number };

/** A deterministic stream of `count` operations (sfc32, seeded). */
export function generateOps(count: number, seed: number): Op[] {
  const rng = new Rng(seed);
  const ops: Op[] = [];
  const side = (): Side => (rng.chance(0.5) ? 'Buy' : 'Sell');
  const lots = () => MIN_LOTS + rng.int(MAX_LOTS - MIN_LOTS);
  // Recorded levels sit from the touch outwards; limits from 3 ticks through the far touch to 9 behind the near one.
  const recordedPrice = (s: Side) => (s === 'Buy' ? MID - SPREAD_TICKS / 2 - rng.int(15) : MID + SPREAD_TICKS / 2 + rng.int(15));
  const limitPrice = (s: Side) => (s === 'Buy' ? MID - 9 + rng.int(12 + SPREAD_TICKS) : MID + 9 - rng.int(12 + SPREAD_TICKS));
  for (let i = 0; i < count; i++) {
    const r = rng.uniform();
    if (r < 0.22) {
      const s = side();
      ops.push({ kind: 'level', side: s, price: recordedPrice(s), lots: rng.chance(0.2) ? 0 : lots() * (1 + rng.int(4)) });
    } else if (r < 0.32) {
      ops.push({ kind: 'trade', side: side(), lots: lots() * (1 + rng.int(3)) });
    } else if (r < 0.68) {
      const s = side();
      const tif = (['GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'PostOnly'] as const)[rng.int(6)]!;
      ops.push({ kind: 'limit', account: rng.int(ACCOUNTS.length), side: s, price: limitPrice(s), lots: lots(), tif });
    } else if (r < 0.76) {
      ops.push({ kind: 'market', account: rng.int(ACCOUNTS.length), side: side(), lots: lots() });
    } else if (r < 0.9) {
      ops.push({ kind: 'cancel', nth: rng.int(8) });
    } else {
      const movesPrice = rng.chance(0.5);
      ops.push({ kind: 'modify', nth: rng.int(8), price: movesPrice ? MID - 20 + rng.int(41) : null, addLots: movesPrice && rng.chance(0.5) ? 0 : 1 + rng.int(2_000) });
    }
  }
  return ops;
}
