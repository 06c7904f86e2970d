import { restoreExchange, snapshotExchange, type Exchange, type ExchangeOptions, type ExchangeSnapshot } from '../exchange';
import type { Scheduler } from '../gateway/types';

/** Where the exchange's accounts, orders and history are kept between runs (IndexedDB in-page, a file in the server). */
export interface ExchangeStateStore {
  /** the state saved by an earlier run, or null */
  load(): unknown;
  save(snapshot: ExchangeSnapshot): void | Promise<void>;
}

/** Account state only: books come from the replay of this run, never from an earlier one. */
function accountState(exchange: Exchange): ExchangeSnapshot {
  return { ...snapshotExchange(exchange), books: [] };
}

/**
 * The engine of an earlier run, or a fresh one when there is none or the
 * stored state does not restore (then `onDamaged` says why and the run
 * starts clean rather than not at all).
 */
export function restoreOrFresh(options: ExchangeOptions, stored: unknown, fresh: () => Exchange, onDamaged: (reason: string) => void): Exchange {
  if (stored === null || stored === undefined) return fresh();
  try {
    const snap = stored as ExchangeSnapshot;
    return restoreExchange(options, { ...snap, books: [] });
  } catch (error) {
    onDamaged((error as Error).message);
    return fresh();
  }
}

/**
 * Saves the engine's account state a moment after anything of an account
 * changed (orders, fills, balances), at most once per `delayMs`; market
 * trades alone change nothing worth keeping.
 */
export function persistExchange(exchange: Exchange, store: ExchangeStateStore, scheduler: Scheduler, delayMs = 250) {
  let cancel: (() => void) | null = null;
  const warn = (error: unknown) => console.warn('embedded exchange: could not save its state', error);
  // The write starts synchronously: on page hide there is no later turn to start it in.
  const save = () => {
    cancel = null;
    try {
      void Promise.resolve(store.save(accountState(exchange))).catch(warn);
    } catch (error) {
      warn(error);
    }
  };
  const unsubscribe = exchange.subscribe((event) => {
    if (event.type === 'trade' || cancel !== null) return;
    cancel = scheduler.setTimeout(save, delayMs);
  });
  return {
    /** saves now if a save is due (page hide, server stop, reset) */
    flush() {
      if (cancel === null) return;
      cancel();
      save();
    },
    /** saves now whatever is due */
    saveNow: () => {
      cancel?.();
      save();
    },
    stop() {
      cancel?.();
      unsubscribe();
    },
  };
}
