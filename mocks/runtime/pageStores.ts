/**
 * Where the in-page exchange keeps what a server would keep in its database:
 * small per-user records in local storage, the engine's account state in
 * IndexedDB (it grows with order history). Every store fails soft: a blocked
 * or full store keeps the data for the life of the page.
 */
import type { TextPersistence } from '../accounts/perUserRecords';
import type { ExchangeSnapshot } from '../exchange';
import type { ExchangeStateStore } from './exchangePersistence';

export function localText(key: string): TextPersistence {
  return {
    load: () => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    save: (text: string) => localStorage.setItem(key, text),
  };
}

const DB_NAME = 'spot-mock-exchange';
const STORE = 'state';
const KEY = 'exchange';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    // 'strict': an acknowledged order is on disk, not only in the OS cache, when the call answers.
    const tx = db.transaction(STORE, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * The engine's state store in IndexedDB, read once before the exchange
 * starts (a synchronous `load` afterwards). Saves are serialised as text, so
 * what is stored is exactly what a file would hold.
 */
export async function openPageExchangeStore(): Promise<ExchangeStateStore> {
  let db: IDBDatabase | null = null;
  let stored: unknown = null;
  try {
    db = await openDb();
    const text = await run<unknown>(db, 'readonly', (s) => s.get(KEY));
    stored = typeof text === 'string' ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    console.warn('embedded exchange: saved accounts unreadable; starting fresh', error);
  }
  return {
    load: () => stored,
    save: async (snapshot: ExchangeSnapshot) => {
      if (!db) return;
      await run(db, 'readwrite', (s) => s.put(JSON.stringify(snapshot), KEY));
    },
  };
}
