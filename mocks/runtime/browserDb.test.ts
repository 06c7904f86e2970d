import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DB_NAME, openExchangeDb, openIdbExchangeStore, openIdbTexts } from './browserDb';
import { UnreadableText, type SavedExchange } from './exchangePersistence';
import { asStored, sampleState } from './storeContract';

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
    const db = await openExchangeDb(factory, IDBKeyRange);
    expect(db.tables.map((t) => t.name).sort()).toEqual(['records', 'state', 'texts']);
    expect((await openIdbExchangeStore(db)).load()).toEqual(snapshot);
    // The JSON text was imported once and removed: a reopen reads the records.
    expect(await db.state.get('exchange')).toBeUndefined();
    db.close();
    const again = await openExchangeDb(factory, IDBKeyRange);
    expect((await openIdbExchangeStore(again)).load()).toEqual(snapshot);
    again.close();
  });

  it("imports an exchange snapshot of the one-text versions as records, one per order", async () => {
    const factory = new IDBFactory();
    const state = asStored(sampleState(5));
    await versionOneDb(factory, JSON.stringify(state));
    const db = await openExchangeDb(factory, IDBKeyRange);
    expect(await db.records.where('[kind+id]').between(['items:orders', ''], ['items:orders', '\uffff']).count()).toBe(state.orders.length);
    expect((await openIdbExchangeStore(db)).load()).toEqual(state);
    db.close();
  });

  it('lets what it read go at the first save: load then asks for a reopen, which reads the saved state', async () => {
    const factory = new IDBFactory();
    const state = asStored(sampleState(5));
    let db = await openExchangeDb(factory, IDBKeyRange);
    const store = await openIdbExchangeStore(db);
    expect(store.load()).toBeNull();
    await store.save(state);
    expect(() => store.load()).toThrow(/reopen/);
    db.close();
    db = await openExchangeDb(factory, IDBKeyRange);
    expect((await openIdbExchangeStore(db)).load()).toEqual(state);
    db.close();
  });

  it('reads an engine record that is not JSON as unreadable text, so the exchange starts fresh instead of failing', async () => {
    const factory = new IDBFactory();
    await versionOneDb(factory, '{not json');
    const db = await openExchangeDb(factory, IDBKeyRange);
    expect((await openIdbExchangeStore(db)).load()).toBeInstanceOf(UnreadableText);
    db.close();
  });

  it('sets the stored text aside before the fresh run saves over it; it outlives a restart until discarded', async () => {
    const factory = new IDBFactory();
    await versionOneDb(factory, '{not json');
    let db = await openExchangeDb(factory, IDBKeyRange);
    const store = await openIdbExchangeStore(db);
    // Not awaited: the save right after it must still land second.
    void store.setAside?.({ kind: 'notJson', detail: 'Unexpected token', at: 5 });
    await store.save(snapshot);
    db.close();

    db = await openExchangeDb(factory, IDBKeyRange);
    const reopened = await openIdbExchangeStore(db);
    expect(reopened.load()).toEqual(snapshot);
    expect(reopened.aside?.()).toEqual({ record: { kind: 'notJson', detail: 'Unexpected token', at: 5, bytes: 9 }, text: '{not json' });
    await reopened.discardAside?.();
    expect(reopened.aside?.()).toBeNull();
    db.close();

    db = await openExchangeDb(factory, IDBKeyRange);
    expect((await openIdbExchangeStore(db)).aside?.()).toBeNull();
    db.close();
  });

  it('keeps the text stores across a restart; a save is on disk once settled', async () => {
    const factory = new IDBFactory();
    const db = await openExchangeDb(factory, IDBKeyRange);
    const texts = await openIdbTexts(db);
    texts.text('favorites').save('["BTCUSDT"]');
    texts.text('sessions').save('{"t":"u-demo"}');
    texts.text('favorites').save('["BTCUSDT","ETHUSDT"]');
    expect(texts.text('favorites').load()).toBe('["BTCUSDT","ETHUSDT"]');
    await texts.settled();
    db.close();
    const again = await openIdbTexts(await openExchangeDb(factory, IDBKeyRange));
    expect(again.text('favorites').load()).toBe('["BTCUSDT","ETHUSDT"]');
    expect(again.text('sessions').load()).toBe('{"t":"u-demo"}');
    expect(again.text('recents').load()).toBeNull();
  });

  it("takes an older build's localStorage texts only for keys it does not hold", async () => {
    const factory = new IDBFactory();
    const first = await openIdbTexts(await openExchangeDb(factory, IDBKeyRange), { users: 'old users', charts: null });
    first.text('users').save('newer users');
    await first.settled();
    const second = await openIdbTexts(await openExchangeDb(factory, IDBKeyRange), { users: 'old users', recents: 'old recents' });
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
