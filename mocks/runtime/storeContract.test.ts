// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll } from 'vitest';
import { openExchangeDb, openIdbExchangeStore, openIdbTexts } from './browserDb';
import { dataFolderStores } from './fileStores';
import { openSqliteDataFolder } from './sqliteStores';
import { storeContract, TEXT_NAMES, textsOf, type TextName } from './storeContract';
import { TEXT_KEYS } from './textStores';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'spot-contract-'));
  folders.push(folder);
  return folder;
};

storeContract('JSON files (dataFolderStores)', {
  readsBack: true,
  place: newFolder,
  open: (folder) => {
    const stores = dataFolderStores(folder);
    return Promise.resolve({ exchangeState: stores.exchangeState, texts: textsOf(stores), close: () => Promise.resolve() });
  },
  damage: (folder) => writeFileSync(join(folder, 'exchange.json'), '{"format":"exchange-sn'),
});

storeContract('SQLite (openSqliteDataFolder)', {
  keepsRecords: true,
  readsBack: true,
  place: newFolder,
  open: (folder) => {
    const stores = openSqliteDataFolder(folder, { log: () => {} });
    return Promise.resolve({
      exchangeState: stores.exchangeState,
      texts: textsOf(stores),
      close: () => Promise.resolve(stores.close()),
    });
  },
  // Not a database at all: moved aside, a fresh one made.
  damage: (folder) => writeFileSync(join(folder, 'exchange.db'), 'this is not a SQLite database, only some text written over it'),
});

const TEXT_KEY_OF: Record<TextName, string> = {
  users: TEXT_KEYS.users,
  charts: TEXT_KEYS.charts,
  accounts: TEXT_KEYS.accounts,
  sessions: TEXT_KEYS.sessions,
  recents: TEXT_KEYS.recents,
  replay: TEXT_KEYS.replay,
};

storeContract('IndexedDB through Dexie (browserDb)', {
  keepsRecords: true,
  place: () => new IDBFactory(),
  open: async (factory) => {
    const db = await openExchangeDb(factory, IDBKeyRange);
    const exchangeState = await openIdbExchangeStore(db);
    const idbTexts = await openIdbTexts(db);
    const texts = Object.fromEntries(TEXT_NAMES.map((name) => [name, idbTexts.text(TEXT_KEY_OF[name])])) as Record<TextName, ReturnType<typeof idbTexts.text>>;
    return {
      exchangeState,
      texts,
      close: async () => {
        await idbTexts.settled();
        // Lets the store's queued writes (a set-aside, a discard) finish first.
        await new Promise((resolve) => setTimeout(resolve, 0));
        db.close();
      },
    };
  },
  // A record a stranger wrote: not JSON.
  damage: async (factory) => {
    const db = await openExchangeDb(factory, IDBKeyRange);
    await db.records.put({ kind: 'field', id: 'format', pos: 0, json: '{not json' });
    db.close();
  },
});
