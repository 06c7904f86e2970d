import { restoreExchange, snapshotChanges, snapshotExchange, type Exchange, type ExchangeChanges, type ExchangeOptions, type ExchangeSnapshot } from '../exchange';
import type { Scheduler } from '../gateway/types';

/**
 * Why a stored state did not restore: its text is not JSON; it is another
 * format or another version (a newer build wrote it); or it is a snapshot of
 * this version that fails its own checks.
 */
export type DamageKind = 'notJson' | 'foreign' | 'damaged';

/** A stored state that did not restore, kept aside instead of being overwritten by the fresh run's first save. */
export interface SetAsideRecord {
  kind: DamageKind;
  /** the check that failed, in the engine's words (for a bug report, not for the trader) */
  detail: string;
  /** when it was set aside (exchange clock, ms) */
  at: number;
  /** the size of the stored text */
  bytes: number;
}

/** Stored text that is not JSON: `load` answers this instead of guessing. */
export class UnreadableText {
  constructor(readonly detail: string) {}
}

/**
 * A store that already knows why its state does not restore (the SQLite
 * store: a database file of a newer schema, or not a database at all, moved
 * aside): `load` answers this and the run starts fresh, reporting `kind`.
 */
export class StoreDamage {
  constructor(
    readonly kind: DamageKind,
    readonly detail: string,
  ) {}
}

/**
 * A save given as changes to rows that do not hold the field they change
 * (nothing saved yet, or the field kept whole): the caller saves the whole
 * state instead. Never a partial write.
 */
export class WholeSaveNeeded extends Error {
  constructor(readonly field: string) {
    super(`the stored rows do not keep ${field} as records; save the whole state`);
  }
}

/** Where the exchange's accounts, orders and history are kept between runs (IndexedDB in-page, a file in the server). */
export interface ExchangeStateStore {
  /** the state saved by an earlier run, or null (an `UnreadableText` when it is not JSON) */
  load(): unknown;
  /**
   * Writes the state: the whole of it, or (to a store that `keepsRecords`,
   * after a whole save) what changed since the previous save. A store that
   * cannot apply changes throws `WholeSaveNeeded` and writes nothing.
   */
  save(state: SavedExchange | SavedChanges): void | Promise<void>;
  /** The state is kept as records: a save may be given as changes, and costs them, not the history. */
  readonly keepsRecords?: boolean;
  /**
   * `save` writes before it returns, blocking the thread (the server's file
   * and SQLite stores). Commits are then gathered for one turn of the event
   * loop (`setImmediate`) before one write, instead of one write each.
   */
  readonly synchronous?: boolean;
  /**
   * Copies the stored text `load` read to a place no save touches, with why
   * it did not restore (replacing anything set aside before). Called before
   * the fresh run's first save; a store orders its writes, so it lands first.
   */
  setAside?(why: Omit<SetAsideRecord, 'bytes'>): void | Promise<void>;
  /** what is set aside, with its text, or null */
  aside?(): { record: SetAsideRecord; text: string } | null;
  /** forgets what was set aside (the trader read it or downloaded it and let it go) */
  discardAside?(): void | Promise<void>;
  /** rows the last save wrote, in a store that keeps records (what a save costs: tests, the bench) */
  lastWrite?(): { upserts: number; deletes: number };
}

/** The engine's account state plus what desks beside it keep (the margin loans, which the balances already hold). */
export type SavedExchange = ExchangeSnapshot & SideStates;
type SideStates = { margin?: unknown; attachedTpsl?: unknown; gridBots?: unknown; algoOrders?: unknown; lt?: unknown };
/** The engine's changes since the previous save (its journal), with the desks' states whole. */
export type SavedChanges = ExchangeChanges & SideStates;

/** State kept beside the engine's and saved with it, so the two can never be restored out of step. */
export interface SideState {
  toJSON(): unknown;
  onChange(listener: () => void): () => void;
}

/** Account state only: books come from the replay of this run, never from an earlier one. */
function accountState(exchange: Exchange, margin: SideState | undefined, sides: Record<string, SideState>): SavedExchange {
  return { ...snapshotExchange(exchange), books: [], ...sideStates(margin, sides) };
}

function sideStates(margin: SideState | undefined, sides: Record<string, SideState>): SideStates {
  const extra = Object.fromEntries(Object.entries(sides).map(([key, side]) => [key, side.toJSON()]));
  return { ...(margin ? { margin: margin.toJSON() } : {}), ...extra };
}

/** Why a stored value is not a state this build restores, before trying it: not JSON, or another format or version. */
function foreignOrUnreadable(stored: unknown): { kind: DamageKind; detail: string } | null {
  if (stored instanceof UnreadableText) return { kind: 'notJson', detail: stored.detail };
  if (stored instanceof StoreDamage) return { kind: stored.kind, detail: stored.detail };
  const snap = stored as { format?: unknown; version?: unknown } | null;
  if (typeof snap !== 'object' || snap === null || snap.format !== 'exchange-snapshot') return { kind: 'foreign', detail: 'not an exchange snapshot' };
  if (snap.version !== 1) return { kind: 'foreign', detail: `exchange snapshot of version ${String(snap.version)}; this build reads version 1` };
  return null;
}

/**
 * The engine of an earlier run, or a fresh one when there is none or the
 * stored state does not restore: then `damage` says why, and the run starts
 * clean rather than not at all (the caller sets the stored text aside).
 */
export function restoreOrFresh(
  options: ExchangeOptions,
  stored: unknown,
  fresh: () => Exchange,
): { exchange: Exchange; restored: SavedExchange | null; damage: { kind: DamageKind; detail: string } | null } {
  if (stored === null || stored === undefined) return { exchange: fresh(), restored: null, damage: null };
  const unusable = foreignOrUnreadable(stored);
  if (unusable) return { exchange: fresh(), restored: null, damage: unusable };
  try {
    const snap = stored as SavedExchange;
    return { exchange: restoreExchange(options, { ...snap, books: [] }), restored: snap, damage: null };
  } catch (error) {
    return { exchange: fresh(), restored: null, damage: { kind: 'damaged', detail: (error as Error).message } };
  }
}

/**
 * Keeps the engine's account state durable. A call that changed an account
 * (order, cancel, modify, top-up) awaits `commit()` before it answers, so
 * what the user is told succeeded is already written: a reload, a second tab
 * or a killed server never loses it. Changes nobody was told about yet (fills
 * as the market moves) are saved a moment later, at most once per `delayMs`;
 * market trades alone change nothing worth keeping.
 *
 * Group commit: while a write is under way, the calls that change the state
 * meanwhile share one more write, snapshotted when the first ends, instead of
 * each queueing a whole snapshot of its own. Each still answers only after a
 * write taken after its change; under a burst of calls the work per call
 * stops growing with the queue (issue 19 bench: 50 modifies a second).
 */
export function persistExchange(exchange: Exchange, store: ExchangeStateStore, scheduler: Scheduler, margin?: SideState, sides: Record<string, SideState> = {}, delayMs = 250) {
  let cancel: (() => void) | null = null;
  let dirty = false;
  // Writes run one after another: a later snapshot can never be overtaken by an earlier one.
  let written: Promise<void> = Promise.resolve();
  let writing = 0;
  // The one save that waits for the write under way; every commit made meanwhile shares it.
  let queued: Promise<void> | null = null;
  const warn = (error: unknown) => console.warn('embedded exchange: could not save its state', error);
  // A store of records is given the engine's changes (its journal) after a whole first save: a save costs what
  // changed, not the history (issue 31). After a failed save the next one is whole again: the changes it held are gone.
  // An engine already journaling when this starts was restored from this store's rows and has journaled every change
  // since (the backend starts it there): its first save is its changes too, not a whole history compared.
  const records = store.keepsRecords === true;
  let whole = !(records && exchange.tracksChanges());
  if (records) exchange.trackChanges();
  let failed = false;
  // A synchronous store's write blocks the thread, so nothing arrives while it runs and the group commit below never
  // forms a group: each call paid a whole write of the state (77 orders/s from 100 users, issue 31). One turn of the
  // event loop gathers the calls whose requests are already in.
  const gather = store.synchronous && typeof setImmediate === 'function' ? () => new Promise<void>((resolve) => setImmediate(resolve)) : null;
  // The snapshot is taken synchronously: on page hide there is no later turn to take it in.
  const save = (): Promise<void> => {
    cancel?.();
    cancel = null;
    dirty = false;
    let state: SavedExchange | SavedChanges;
    try {
      if (records && !whole) {
        state = { ...snapshotChanges(exchange), ...sideStates(margin, sides) };
      } else {
        // What the whole state holds needs no journal: it starts again from here.
        if (records) exchange.takeChanges();
        state = accountState(exchange, margin, sides);
      }
    } catch (error) {
      warn(error);
      return written;
    }
    whole = false;
    writing += 1;
    written = written
      .then(() => store.save(state))
      // Taken now, not when this save was made: later saves already hold their changes, and this one holds them too.
      .catch((error: unknown) => (error instanceof WholeSaveNeeded ? store.save(accountState(exchange, margin, sides)) : Promise.reject(error)))
      .then(
        () => {
          failed = false;
        },
        (error: unknown) => {
          warn(error);
          whole = true;
          // Retried once a moment later, whole: what the failed save held must not wait for the next change.
          if (!failed) due();
          failed = true;
        },
      )
      .finally(() => {
        writing -= 1;
      });
    return written;
  };
  const due = () => {
    dirty = true;
    if (cancel === null) cancel = scheduler.setTimeout(save, delayMs);
  };
  const unsubscribe = exchange.subscribe((event) => {
    if (event.type !== 'trade') due();
  });
  const unsubscribeMargin = margin?.onChange(due);
  const unsubscribeSides = Object.values(sides).map((side) => side.onChange(due));
  return {
    /** resolves once every change made so far is written (a call awaits it before it answers) */
    commit(): Promise<void> {
      if (!dirty) return written;
      if (gather) {
        // The calls whose requests arrived in this turn change the state first; one write, snapshotted after them, serves all.
        queued ??= written.then(gather).then(() => {
          queued = null;
          return dirty ? save() : written;
        });
        return queued;
      }
      if (writing === 0) return save();
      // Taken when the write under way ends, so it holds this change and any made until then.
      queued ??= written.then(() => {
        queued = null;
        return dirty ? save() : written;
      });
      return queued;
    },
    /** saves now, due or not (a fresh run over a state it set aside: the store must hold a state it can read) */
    saveNow: (): Promise<void> => save(),
    /** saves now if a save is due (page hide, server stop, reset); resolves once every save made so far is written */
    flush(): Promise<void> {
      return dirty ? save() : written;
    },
    stop() {
      cancel?.();
      cancel = null;
      unsubscribe();
      unsubscribeMargin?.();
      unsubscribeSides.forEach((off) => off());
    },
  };
}
