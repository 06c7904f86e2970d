import type { Fill } from './types';

/** One user's list in the history (finished order ids, fills): what was added, what was trimmed, whether it was emptied first. */
export interface ListChange<T> {
  /** the list was dropped (an account reset) before `added` */
  cleared: boolean;
  added: T[];
  dropped: T[];
}

/**
 * What changed in the engine's kept state since it was last taken: the
 * records a store must write, so a save costs the changes, not the history
 * (issue 31). Each mutation point of the engine notes what it touched;
 * the keys are looked up again when the changes are taken, so an order
 * changed ten times is written once, and a deleted one is written as gone.
 */
export class ChangeJournal {
  readonly orders = new Set<string>();
  /** resting order ids added or taken off, in the order of their last change (a set keeps ids in the order they were last added) */
  readonly resting = new Set<string>();
  readonly clientIds = new Set<string>();
  readonly quota = new Set<string>();
  readonly accounts = new Set<string>();
  readonly balances = new Set<string>();
  readonly finished = new Map<string, ListChange<string>>();
  readonly fills = new Map<string, ListChange<Fill>>();

  private listOf<T>(lists: Map<string, ListChange<T>>, userId: string): ListChange<T> {
    let change = lists.get(userId);
    if (!change) lists.set(userId, (change = { cleared: false, added: [], dropped: [] }));
    return change;
  }

  restingChanged(orderId: string): void {
    this.resting.delete(orderId);
    this.resting.add(orderId);
  }

  finishedAdded(userId: string, orderId: string): void {
    this.listOf(this.finished, userId).added.push(orderId);
  }

  finishedDropped(userId: string, orderIds: readonly string[]): void {
    this.listOf(this.finished, userId).dropped.push(...orderIds);
  }

  fillAdded(fill: Fill): void {
    this.listOf(this.fills, fill.userId).added.push(fill);
  }

  fillsDropped(userId: string, fills: readonly Fill[]): void {
    this.listOf(this.fills, userId).dropped.push(...fills);
  }

  /** An account's history forgotten: its lists go, and what is added afterwards starts them again. */
  historyCleared(userId: string): void {
    this.finished.set(userId, { cleared: true, added: [], dropped: [] });
    this.fills.set(userId, { cleared: true, added: [], dropped: [] });
  }
}
