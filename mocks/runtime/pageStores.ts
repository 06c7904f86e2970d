/**
 * Where the in-page exchange keeps what a server would keep in its database:
 * small per-user records in local storage, the engine's account state in
 * IndexedDB (it grows with order history). This is the fallback runtime;
 * the shared worker keeps the small records in IndexedDB too (browserDb.ts). Every store fails soft: a blocked
 * or full store keeps the data for the life of the page.
 */
import type { TextPersistence } from '../accounts/perUserRecords';
import { openExchangeDb, openIdbExchangeStore, type ExchangeDatabase } from './browserDb';
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

/**
 * The engine's state store of the in-page runtime: the same database and
 * schema as the shared worker's (browserDb.ts).
 */
export async function openPageExchangeStore(): Promise<ExchangeStateStore> {
  let db: ExchangeDatabase | null = null;
  try {
    db = await openExchangeDb();
  } catch (error) {
    console.warn('embedded exchange: saved accounts unreadable; starting fresh', error);
  }
  return openIdbExchangeStore(db);
}
