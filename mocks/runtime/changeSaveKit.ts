/**
 * Test kit: rows kept the way a record store keeps them (recordRows.ts, no
 * database), saved from the engine's change journal after a whole first
 * save, and compared with the engine's own snapshot. Used wherever a test
 * drives the engine, so each of its steps also proves the journal told
 * every change (changeSaves.test.ts, the engine's invariants test).
 */
import { snapshotChanges, snapshotExchange, type Exchange } from '../exchange';
import { isDeepStrictEqual } from 'node:util';
import { applyChanges, planChanges, RowIndex, rowsSnapshot, snapshotRows, type Change, type Needed, type Rows } from './recordRows';

const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The engine's whole state as a store keeps it (books are the replay's, never saved). */
export const wholeState = (ex: Exchange) => ({ ...snapshotExchange(ex), books: [] });

/**
 * The state with its lookup-only maps in key order: a key dropped and set
 * again between two saves (a reset account's day quota) keeps its row's
 * place, where the engine's map moves it last; nothing reads their order.
 */
export function comparable(state: unknown): unknown {
  const copy = asStored(state) as Record<string, unknown>;
  for (const field of ['clientIds', 'quotaUsed']) {
    if (Array.isArray(copy[field])) (copy[field] as Array<[string, string]>).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  return copy;
}

/** The rows a database would answer for `needed`, from rows held whole. */
function readFrom(rows: Rows, needed: Needed): Rows {
  const read: Rows = new Map();
  for (const kind of needed.whole) read.set(kind, new Map(rows.get(kind)));
  for (const [kind, id] of needed.ids) {
    const row = rows.get(kind)?.get(id);
    if (!row) continue;
    if (!read.has(kind)) read.set(kind, new Map());
    read.get(kind)!.set(id, row);
  }
  return read;
}

const sortedClears = (change: Change) => ({ ...change, clears: [...change.clears].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) });

/**
 * Starts the engine's journal and saves its whole state into fresh rows.
 * Each save is planned twice: against the rows held whole, and as a record
 * store plans it, from its index and the few rows it reads (`RowIndex`); the
 * two must agree, so every step also proves the index.
 */
export function journaledRows(ex: Exchange) {
  const rows: Rows = new Map();
  const index = RowIndex.of(rows);
  const save = (state: object) => {
    const planned = snapshotRows(state as Record<string, unknown>);
    const change = planChanges(rows, planned);
    const viaIndex = planChanges(index.current(readFrom(rows, index.needs(planned))), planned, index);
    if (!isDeepStrictEqual(sortedClears(change), sortedClears(viaIndex))) {
      throw new Error(`the row index planned another change than the rows held whole:\n${JSON.stringify(viaIndex)}\n${JSON.stringify(change)}`);
    }
    applyChanges(rows, change);
    index.apply(viaIndex);
  };
  ex.trackChanges();
  ex.takeChanges();
  save(wholeState(ex));
  return {
    rows,
    /** saves what changed since the last save */
    save: () => save(snapshotChanges(ex)),
    /** the rows read back, and the engine's state, each comparable */
    compare: () => ({ stored: comparable(rowsSnapshot(rows)), engine: comparable(wholeState(ex)) }),
  };
}
