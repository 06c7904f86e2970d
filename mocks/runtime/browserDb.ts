/**
 * The embedded exchange's IndexedDB database, shared by its two browser
 * runtimes (the shared worker and the in-page fallback). One versioned
 * schema with its migrations here, so the runtimes never open it at
 * different versions and lock each other out.
 *
 * v1: `state`, the engine's account state as one JSON text (key `exchange`).
 * v2: `texts`, the small per-user stores (favorites, chart saves, sessions,
 *     registered users, recents) that lived in localStorage, which a worker
 *     cannot reach.
 */
import type { TextPersistence } from '../accounts/perUserRecords';
import type { ExchangeStateStore, SavedExchange } from './exchangePersistence';

export const DB_NAME = 'spot-mock-exchange';
export const DB_VERSION = 2;
const STATE = 'state';
const TEXTS = 'texts';
const EXCHANGE_KEY = 'exchange';

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

/** Stored text that is not JSON (a damaged or foreign record) reads as nothing: the exchange starts fresh. */
function parsedOrNull(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    console.warn('embedded exchange: the saved accounts are not JSON; starting fresh');
    return null;
  }
}

/**
 * The engine's state store, read once before the exchange starts (a
 * synchronous `load` afterwards). Saves are serialised as text, so what is
 * stored is exactly what the local server's file would hold.
 */
export async function openIdbExchangeStore(db: IDBDatabase | null): Promise<ExchangeStateStore> {
  let stored: unknown = null;
  if (db) {
    try {
      stored = parsedOrNull(await run(db, [STATE], 'readonly', (tx) => tx.objectStore(STATE).get(EXCHANGE_KEY)));
    } catch (error) {
      console.warn('embedded exchange: saved accounts unreadable; starting fresh', error);
    }
  }
  return {
    load: () => stored,
    save: async (snapshot: SavedExchange) => {
      if (!db) return;
      await run(db, [STATE], 'readwrite', (tx) => tx.objectStore(STATE).put(JSON.stringify(snapshot), EXCHANGE_KEY));
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
