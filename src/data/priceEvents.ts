/**
 * A price picked in the order book or the latest trades, for the order form
 * (the order-entry issue listens). A tiny typed pub/sub: features publish and
 * listen through here, never through each other.
 */
import { useSyncExternalStore } from 'react';

export interface BookPrice {
  symbolId: string;
  /** the price exactly as the row shows it, decimal string */
  price: string;
  /** the side of the row: an ask row is 'sell', a bid row 'buy'; a trade, its taker side */
  side: 'buy' | 'sell';
}

type Listener = (event: BookPrice) => void;

const listeners = new Set<Listener>();
let last: BookPrice | null = null;

export function publishBookPrice(event: BookPrice): void {
  last = { ...event };
  // A copy of the set: a listener that unsubscribes while called does not skip another.
  for (const listener of [...listeners]) {
    try {
      listener(last);
    } catch (error) {
      // One broken listener must not stop the others or the click that published.
      console.error(error);
    }
  }
}

/** Calls `listener` on every later publish; returns the unsubscribe. */
export function subscribeBookPrice(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function lastBookPrice(): BookPrice | null {
  return last;
}

/** The last published price (null before any), re-rendering on each publish. */
export function useLastBookPrice(): BookPrice | null {
  return useSyncExternalStore(subscribeBookPrice, lastBookPrice, lastBookPrice);
}
