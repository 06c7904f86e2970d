/**
 * The embedded exchange's IndexedDB database (through Dexie, as the rest of
 * the page), shared by its two browser runtimes (the shared worker and the
 * in-page fallback). One versioned schema with its migrations here, so the
 * runtimes never open it at different versions and lock each other out.
 *
 * Native versions (Dexie's 0.1, 0.2, 0.3; the first two were written by hand):
 * 1: `state`, the engine's account state as one JSON text (key `exchange`);
 *    a state that did not restore is kept beside it (key `exchange:set-aside`).
 * 2: `texts`, the small per-user stores (favorites, chart saves, sessions,
 *    registered users, recents) that lived in localStorage, which a worker
 *    cannot reach.
 * 3: `records`, the engine's state as records (recordRows.ts, the same rows as
 *    the server's SQLite): a save writes the orders, fills and balances that
 *    changed, not the whole history. The JSON text of versions 1–2 is
 *    imported in the upgrade and removed; `state` keeps only the set-aside.
 *
 * Every write is a `strict` transaction: on disk, not only in the OS cache,
 * before the call that made it answers.
 */
import { Dexie, type Table } from 'dexie';
import type { TextPersistence } from '../accounts/perUserRecords';
import { StoreDamage, UnreadableText, type ExchangeStateStore, type SavedChanges, type SavedExchange, type SetAsideRecord } from './exchangePersistence';
import { applyChanges, changeSize, importedRows, planChanges, RowIndex, rowsOf, rowsSnapshot, rowsText, snapshotRows, type Change, type Needed, type RecordRow, type Rows } from './recordRows';

export const DB_NAME = 'spot-mock-exchange';
const EXCHANGE_KEY = 'exchange';
const SET_ASIDE_KEY = 'exchange:set-aside';

export class ExchangeDatabase extends Dexie {
  /** out-of-line keys: only `exchange:set-aside` since version 3 */
  state!: Table<string, string>;
  /** out-of-line keys: the text store's name */
  texts!: Table<string, string>;
  records!: Table<RecordRow, [string, string]>;

  constructor(factory?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    super(DB_NAME, { ...(factory ? { indexedDB: factory, IDBKeyRange: keyRange } : {}), chromeTransactionDurability: 'strict' });
    this.version(0.1).stores({ state: '' });
    this.version(0.2).stores({ texts: '' });
    this.version(0.3)
      .stores({ records: '[kind+id]' })
      .upgrade(async (tx) => {
        const text: unknown = await tx.table('state').get(EXCHANGE_KEY);
        if (text === undefined || text === null) return;
        // A value that is not text (nothing this project wrote) is kept as its description, and set aside as damaged.
        await tx.table('records').bulkAdd(importedRows(typeof text === 'string' ? text : String(text)).rows);
        await tx.table('state').delete(EXCHANGE_KEY);
      });
  }
}

/** Opens (and upgrades) the database; `factory`/`keyRange` for tests (fake-indexeddb). */
export async function openExchangeDb(factory?: IDBFactory, keyRange?: typeof IDBKeyRange): Promise<ExchangeDatabase> {
  const db = new ExchangeDatabase(factory, keyRange);
  await db.open();
  return db;
}

type SetAside = { record: SetAsideRecord; text: string };

function setAsideOrNull(value: unknown): SetAside | null {
  if (typeof value !== 'string') return null;
  try {
    const kept = JSON.parse(value) as SetAside;
    return typeof kept?.text === 'string' && typeof kept.record?.kind === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** The stored rows a save needs to be planned, read inside its transaction: a few by key, or the kinds it gives whole. */
async function readNeeded(db: ExchangeDatabase, needed: Needed): Promise<Rows> {
  const byKey = needed.ids.length > 0 ? await db.records.bulkGet(needed.ids) : [];
  const whole = await Promise.all(needed.whole.map((kind) => db.records.where('[kind+id]').between([kind, Dexie.minKey], [kind, Dexie.maxKey]).toArray()));
  return rowsOf([...byKey.filter((row): row is RecordRow => row !== undefined), ...whole.flat()]);
}

async function writeChange(db: ExchangeDatabase, change: Change): Promise<void> {
  for (const [kind] of change.clears) await db.records.where('[kind+id]').between([kind, Dexie.minKey], [kind, Dexie.maxKey]).delete();
  if (change.upserts.length > 0) await db.records.bulkPut(change.upserts.map(([kind, id, pos, json]) => ({ kind, id, pos, json })));
  if (change.deletes.length > 0) await db.records.bulkDelete(change.deletes);
}

/**
 * The engine's state store, read once before the exchange starts (a
 * synchronous `load` afterwards, answering what was read until the first
 * save). A save reads the few stored rows it needs, plans and writes the rows
 * that changed in one transaction; the store keeps only the index of its rows
 * in memory (`RowIndex`), which follows a save once it committed. Writes share
 * the `state` table in their scope, so IndexedDB runs them in the order they
 * were made: a set-aside made before the first save lands before it. Without a
 * database (blocked, private mode) the rows live in memory as long as the page.
 */
export async function openIdbExchangeStore(db: ExchangeDatabase | null): Promise<ExchangeStateStore> {
  let opened: Rows = new Map();
  let aside: SetAside | null = null;
  if (db) {
    try {
      opened = rowsOf(await db.records.toArray());
      aside = setAsideOrNull(await db.state.get(SET_ASIDE_KEY));
    } catch (error) {
      console.warn('embedded exchange: saved accounts unreadable; starting fresh', error);
    }
  }
  let loaded = rowsSnapshot(opened);
  const index = RowIndex.of(opened);
  // Without a database the rows in memory are the store.
  const memory: Rows | null = db ? null : opened;
  // The rows' text is kept only for a state that did not read (its download); a good one is answered as parsed.
  if (db && !(loaded instanceof StoreDamage || loaded instanceof UnreadableText || opened.has('raw'))) opened = new Map();
  let saved = false;
  let lastWrite = { upserts: 0, deletes: 0 };
  const write = (act: (db: ExchangeDatabase) => Promise<unknown>): Promise<void> =>
    db ? db.transaction('rw', db.records, db.state, () => act(db)).then(() => undefined) : Promise.resolve();
  return {
    keepsRecords: true,
    load: () => {
      if (!saved) return loaded;
      if (memory) return rowsSnapshot(memory);
      // What was read at open is let go at the first save (the store keeps no copy of the history); a reopen reads it.
      throw new Error('the IndexedDB exchange store answers load until its first save; reopen it to read what it holds');
    },
    async save(state: SavedExchange | SavedChanges) {
      const planned = snapshotRows(state as unknown as Record<string, unknown>);
      let change: Change;
      if (memory) {
        change = planChanges(memory, planned);
        applyChanges(memory, change);
      } else {
        let planning: Change | null = null;
        await write(async (d) => {
          planning = planChanges(index.current(await readNeeded(d, index.needs(planned))), planned, index);
          await writeChange(d, planning);
        });
        change = planning!;
        index.apply(change);
      }
      lastWrite = changeSize(change);
      if (!saved) {
        saved = true;
        if (!memory) opened = new Map();
        loaded = null;
      }
    },
    lastWrite: () => lastWrite,
    setAside(why) {
      const text = rowsText(opened, loaded);
      aside = { record: { ...why, bytes: text.length }, text };
      const record = JSON.stringify(aside);
      return write((d) => d.state.put(record, SET_ASIDE_KEY));
    },
    aside: () => aside,
    discardAside() {
      aside = null;
      return write((d) => d.state.delete(SET_ASIDE_KEY));
    },
  };
}

export interface IdbTexts {
  /** one named text store; `load` answers from memory, `save` writes behind */
  text(key: string): TextPersistence;
  /** resolves once every save made so far is on disk (or has failed: the data stays in memory) */
  settled(): Promise<void>;
}

/**
 * The small text stores in one table. All of them are read at start (they
 * are a few KB), then served from memory; the saves of one turn of the event
 * loop go out in one transaction. `legacy` is what an older build left in
 * localStorage: taken for any key the database does not hold yet, so an
 * upgrade keeps a user's favorites and sessions.
 */
export async function openIdbTexts(db: ExchangeDatabase | null, legacy: Record<string, string | null> = {}): Promise<IdbTexts> {
  const texts = new Map<string, string>();
  if (db) {
    try {
      await db.texts.each((value, cursor) => {
        if (typeof cursor.primaryKey === 'string' && typeof value === 'string') texts.set(cursor.primaryKey, value);
      });
    } catch (error) {
      console.warn('embedded exchange: saved user data unreadable; starting fresh', error);
    }
  }
  const dirty = new Set<string>();
  let written: Promise<void> = Promise.resolve();
  let scheduled = false;

  function writeBehind() {
    if (scheduled) return;
    scheduled = true;
    written = written.then(async () => {
      // Let the rest of this turn's saves join the same transaction.
      await Promise.resolve();
      scheduled = false;
      const keys = [...dirty];
      dirty.clear();
      if (!db || keys.length === 0) return;
      try {
        await db.texts.bulkPut(
          keys.map((key) => texts.get(key) ?? ''),
          keys,
        );
      } catch (error) {
        console.warn('embedded exchange: user data could not be saved; kept for this session', error);
      }
    });
  }

  for (const [key, value] of Object.entries(legacy)) {
    if (value !== null && !texts.has(key)) {
      texts.set(key, value);
      dirty.add(key);
    }
  }
  if (dirty.size > 0) writeBehind();

  return {
    text: (key) => ({
      load: () => texts.get(key) ?? null,
      save: (value) => {
        texts.set(key, value);
        dirty.add(key);
        writeBehind();
      },
    }),
    settled: () => written,
  };
}
