import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DB_NAME, openExchangeDb, openIdbExchangeStore, openIdbTexts } from './browserDb';
import { UnreadableText, type SavedExchange } from './exchangePersistence';

/** A database as the first in-page build left it: version 1, the engine's state only. */
async function versionOneDb(factory: IDBFactory, state: string) {
  await new Promise<void>((resolve, reject) => {
    const open = factory.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('state');
    open.onsuccess = () => {
      const tx = open.result.transaction('state', 'readwrite');
      tx.objectStore('state').put(state, 'exchange');
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
    };
    open.onerror = () => reject(open.error);
  });
}

const snapshot = { nextOrderId: 7 } as unknown as SavedExchange;

describe("the embedded exchange's database", () => {
  it('upgrades a version-1 database and keeps its saved accounts', async () => {
    const factory = new IDBFactory();
    await versionOneDb(factory, JSON.stringify(snapshot));
    const db = await openExchangeDb(factory);
    expect([...db.objectStoreNames].sort()).toEqual(['state', 'texts']);
    expect((await openIdbExchangeStore(db)).load()).toEqual(snapshot);
    db.close();
  });

  it('reads an engine record that is not JSON as unreadable text, so the exchange starts fresh instead of failing', async () => {
    const factory = new IDBFactory();
    await versionOneDb(factory, '{not json');
    const db = await openExchangeDb(factory);
    expect((await openIdbExchangeStore(db)).load()).toBeInstanceOf(UnreadableText);
    db.close();
  });

  it('sets the stored text aside before the fresh run saves over it; it outlives a restart until discarded', async () => {
    const factory = new IDBFactory();
    await versionOneDb(factory, '{not json');
    let db = await openExchangeDb(factory);
    const store = await openIdbExchangeStore(db);
    // Not awaited: the save right after it must still land second.
    void store.setAside?.({ kind: 'notJson', detail: 'Unexpected token', at: 5 });
    await store.save(snapshot);
    db.close();

    db = await openExchangeDb(factory);
    const reopened = await openIdbExchangeStore(db);
    expect(reopened.load()).toEqual(snapshot);
    expect(reopened.aside?.()).toEqual({ record: { kind: 'notJson', detail: 'Unexpected token', at: 5, bytes: 9 }, text: '{not json' });
    await reopened.discardAside?.();
    expect(reopened.aside?.()).toBeNull();
    db.close();

    db = await openExchangeDb(factory);
    expect((await openIdbExchangeStore(db)).aside?.()).toBeNull();
    db.close();
  });

  it('keeps the text stores across a restart; a save is on disk once settled', async () => {
    const factory = new IDBFactory();
    const db = await openExchangeDb(factory);
    const texts = await openIdbTexts(db);
    texts.text('favorites').save('["BTCUSDT"]');
    texts.text('sessions').save('{"t":"u-demo"}');
    texts.text('favorites').save('["BTCUSDT","ETHUSDT"]');
    expect(texts.text('favorites').load()).toBe('["BTCUSDT","ETHUSDT"]');
    await texts.settled();
    db.close();
    const again = await openIdbTexts(await openExchangeDb(factory));
    expect(again.text('favorites').load()).toBe('["BTCUSDT","ETHUSDT"]');
    expect(again.text('sessions').load()).toBe('{"t":"u-demo"}');
    expect(again.text('recents').load()).toBeNull();
  });

  it("takes an older build's localStorage texts only for keys it does not hold", async () => {
    const factory = new IDBFactory();
    const first = await openIdbTexts(await openExchangeDb(factory), { users: 'old users', charts: null });
    first.text('users').save('newer users');
    await first.settled();
    const second = await openIdbTexts(await openExchangeDb(factory), { users: 'old users', recents: 'old recents' });
    expect(second.text('users').load()).toBe('newer users');
    expect(second.text('recents').load()).toBe('old recents');
    expect(second.text('charts').load()).toBeNull();
  });

  it('without a database (blocked, private mode) keeps everything in memory', async () => {
    const texts = await openIdbTexts(null, { users: 'x' });
    texts.text('users').save('y');
    await texts.settled();
    expect(texts.text('users').load()).toBe('y');
    const state = await openIdbExchangeStore(null);
    expect(state.load()).toBeNull();
    await state.save(snapshot);
  });
});
