import { Rng } from '../market/rng';

/**
 * How a resting order's place in the queue moves when the recorded level at
 * its price changes (REFERENCE.md, hftbacktest's queue models). Trades at
 * the price are handled apart (they always eat the queue ahead first); this
 * only sees book changes.
 */
export interface QueueModel {
  readonly kind: 'riskAverse' | 'probabilistic';
  /** new lots ahead, given the level before and after and the lots traded there since */
  ahead(ahead: number, prevQty: number, newQty: number, traded: number): number;
  state(): unknown;
  restore(state: unknown): void;
}

/** Risk averse: only trades advance the queue; a shrinking level can at most cap it. */
export const riskAverseQueue: QueueModel = {
  kind: 'riskAverse',
  ahead: (ahead, _prev, newQty) => Math.min(ahead, newQty),
  state: () => null,
  restore: () => {},
};

export interface ProbabilisticQueueOptions {
  seed: number;
  /** f(x) = x^power; hftbacktest's power-probability model uses 2–3 */
  power?: number;
}

/**
 * Probabilistic: a cancellation at the price is split between the lots ahead
 * and behind in proportion f(back) / (f(back) + f(front)), as hftbacktest's
 * power model; the share taken from the front is then drawn around that
 * expectation from a seeded generator, so runs are repeatable.
 */
export function probabilisticQueue(options: ProbabilisticQueueOptions): QueueModel {
  const power = options.power ?? 2;
  const rng = new Rng(options.seed);
  return {
    kind: 'probabilistic',
    ahead(ahead, prevQty, newQty, traded) {
      const change = prevQty - newQty - traded;
      if (change <= 0) return Math.min(ahead, newQty);
      const front = ahead;
      const back = Math.max(0, prevQty - front);
      const fb = back ** power;
      const ff = front ** power;
      const towardBack = fb + ff === 0 ? 0.5 : fb / (fb + ff);
      const expectedFront = change * (1 - towardBack);
      const fromFront = Math.min(change, front, Math.max(0, Math.round(expectedFront * 2 * rng.uniform())));
      const fromBack = change - fromFront;
      const overflow = Math.min(0, back - fromBack);
      return Math.max(0, Math.min(front - fromFront + overflow, newQty));
    },
    state: () => rng.save(),
    restore: (state) => rng.restore(state as ReturnType<Rng['save']>),
  };
}
