import { restoreExchange, snapshotExchange, type Exchange, type ExchangeOptions, type ExchangeSnapshot } from '../exchange';
import type { Scheduler } from '../gateway/types';

/** Where the exchange's accounts, orders and history are kept between runs (IndexedDB in-page, a file in the server). */
export interface ExchangeStateStore {
  /** the state saved by an earlier run, or null */
  load(): unknown;
  save(snapshot: SavedExchange): void | Promise<void>;
}

/** The engine's account state plus what desks beside it keep (the margin loans, which the balances already hold). */
export type SavedExchange = ExchangeSnapshot & { margin?: unknown };

/** State kept beside the engine's and saved with it, so the two can never be restored out of step. */
export interface SideState {
  state(): unknown;
  onChange(listener: () => void): () => void;
}

/** Account state only: books come from the replay of this run, never from an earlier one. */
function accountState(exchange: Exchange, margin: SideState | undefined): SavedExchange {
  return { ...snapshotExchange(exchange), books: [], ...(margin ? { margin: margin.state() } : {}) };
}

/**
 * The engine of an earlier run, or a fresh one when there is none or the
 * stored state does not restore (then `onDamaged` says why and the run
 * starts clean rather than not at all).
 */
export function restoreOrFresh(
  options: ExchangeOptions,
  stored: unknown,
  fresh: () => Exchange,
  onDamaged: (reason: string) => void,
): { exchange: Exchange; restored: SavedExchange | null } {
  if (stored === null || stored === undefined) return { exchange: fresh(), restored: null };
  try {
    const snap = stored as SavedExchange;
    return { exchange: restoreExchange(options, { ...snap, books: [] }), restored: snap };
  } catch (error) {
    onDamaged((error as Error).message);
    return { exchange: fresh(), restored: null };
  }
}

/**
 * Saves the engine's account state a moment after anything of an account
 * changed (orders, fills, balances), at most once per `delayMs`; market
 * trades alone change nothing worth keeping.
 */
export function persistExchange(exchange: Exchange, store: ExchangeStateStore, scheduler: Scheduler, margin?: SideState, delayMs = 250) {
  let cancel: (() => void) | null = null;
  const warn = (error: unknown) => console.warn('embedded exchange: could not save its state', error);
  // The write starts synchronously: on page hide there is no later turn to start it in.
  const save = () => {
    cancel = null;
    try {
      void Promise.resolve(store.save(accountState(exchange, margin))).catch(warn);
    } catch (error) {
      warn(error);
    }
  };
  const due = () => {
    if (cancel === null) cancel = scheduler.setTimeout(save, delayMs);
  };
  const unsubscribe = exchange.subscribe((event) => {
    if (event.type !== 'trade') due();
  });
  const unsubscribeMargin = margin?.onChange(due);
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
      unsubscribeMargin?.();
    },
  };
}
