/**
 * The embedded exchange's IndexedDB database, shared by its two browser
 * runtimes (the shared worker and the in-page fallback). One versioned
 * schema with its migrations here, so the runtimes never open it at
 * different versions and lock each other out.
 *
 * v1: `state`, the engine's account state as one JSON text (key `exchange`);
 *     a state that did not restore is kept beside it (key `exchange:set-aside`).
 * v2: `texts`, the small per-user stores (favorites, chart saves, sessions,
 *     registered users, recents) that lived in localStorage, which a worker
 *     cannot reach.
 */
import type { TextPersistence } from '../accounts/perUserRecords';
import { UnreadableText, type ExchangeStateStore, type SavedExchange, type SetAsideRecord } from './exchangePersistence';

export const DB_NAME = 'spot-mock-exchange';
export const DB_VERSION = 2;
const STATE = 'state';
const TEXTS = 'texts';
const EXCHANGE_KEY = 'exchange';
const SET_ASIDE_KEY = 'exchange:set-aside';

export function openExchangeDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) db.createObjectStore(STATE);
      if (event.oldVersion < 2) db.createObjectStore(TEXTS);
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer build in another tab upgrades the schema: let it, this copy stops writing.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

function run<T>(db: IDBDatabase, stores: string[], mode: IDBTransactionMode, act: (tx: IDBTransaction) => IDBRequest<T> | void): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    // 'strict': an acknowledged order is on disk, not only in the OS cache, when the call answers.
    const tx = db.transaction(stores, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
    const request = act(tx);
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Stored text that is not JSON reads as UnreadableText: the exchange starts fresh and sets the text aside. */
function parsedOrUnreadable(text: unknown): unknown {
  if (text === undefined || text === null) return null;
  if (typeof text !== 'string') return new UnreadableText(`a stored ${typeof text}, not text`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return new UnreadableText((error as Error).message);
  }
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

/**
 * The engine's state store, read once before the exchange starts (a
 * synchronous `load` afterwards). Saves are serialised as text, so what is
 * stored is exactly what the local server's file would hold. Its writes are
 * transactions on one object store, which IndexedDB runs in the order they
 * were made: a set-aside made before the first save lands before it.
 */
export async function openIdbExchangeStore(db: IDBDatabase | null): Promise<ExchangeStateStore> {
  let text: unknown = null;
  let aside: SetAside | null = null;
  if (db) {
    try {
      text = await run(db, [STATE], 'readonly', (tx) => tx.objectStore(STATE).get(EXCHANGE_KEY));
      aside = setAsideOrNull(await run(db, [STATE], 'readonly', (tx) => tx.objectStore(STATE).get(SET_ASIDE_KEY)));
    } catch (error) {
      console.warn('embedded exchange: saved accounts unreadable; starting fresh', error);
    }
  }
  const stored = parsedOrUnreadable(text);
  // After a save, `load` answers the state saved (parsed only when asked).
  let saved: string | null = null;
  const write = (act: (store: IDBObjectStore) => IDBRequest) => (db ? run(db, [STATE], 'readwrite', (tx) => act(tx.objectStore(STATE))).then(() => undefined) : Promise.resolve());
  return {
    load: () => (saved === null ? stored : parsedOrUnreadable(saved)),
    save(snapshot: SavedExchange) {
      const json = JSON.stringify(snapshot);
      return write((store) => store.put(json, EXCHANGE_KEY)).then(() => {
        saved = json;
      });
    },
    setAside(why) {
      const kept = typeof text === 'string' ? text : String(text);
      aside = { record: { ...why, bytes: kept.length }, text: kept };
      const record = JSON.stringify(aside);
      return write((store) => store.put(record, SET_ASIDE_KEY));
    },
    aside: () => aside,
    discardAside() {
      aside = null;
      return write((store) => store.delete(SET_ASIDE_KEY));
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
 * The small text stores in one object store. All of them are read at start
 * (they are a few KB), then served from memory; the saves of one turn of the
 * event loop go out in one transaction. `legacy` is what an older build left
 * in localStorage: taken for any key the database does not hold yet, so an
 * upgrade keeps a user's favorites and sessions.
 */
export async function openIdbTexts(db: IDBDatabase | null, legacy: Record<string, string | null> = {}): Promise<IdbTexts> {
  const texts = new Map<string, string>();
  if (db) {
    try {
      await run(db, [TEXTS], 'readonly', (tx) => {
        const cursor = tx.objectStore(TEXTS).openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          if (typeof at.key === 'string' && typeof at.value === 'string') texts.set(at.key, at.value);
          at.continue();
        };
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
        await run(db, [TEXTS], 'readwrite', (tx) => {
          const store = tx.objectStore(TEXTS);
          for (const key of keys) store.put(texts.get(key), key);
        });
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
