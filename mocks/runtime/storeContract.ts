/**
 * What every store of the backend promises, whatever keeps it (JSON files,
 * SQLite, IndexedDB): one suite, registered for each adapter by its test.
 */
import { describe, expect, it } from 'vitest';
import type { TextPersistence } from '../accounts/perUserRecords';
import { Exchange, snapshotChanges, snapshotExchange, type ExchangeOptions } from '../exchange';
import { amount, harness, instrumentsFor, type Harness } from '../exchange/testKit';
import { restoreOrFresh, type ExchangeStateStore, type SavedChanges, type SavedExchange } from './exchangePersistence';

export const TEXT_NAMES = ['users', 'charts', 'accounts', 'sessions', 'recents', 'replay'] as const;
export type TextName = (typeof TEXT_NAMES)[number];

/** The stores as an adapter opened them. */
export interface OpenedStores {
  exchangeState: ExchangeStateStore;
  texts: Record<TextName, TextPersistence>;
  /** waits for writes made so far, then lets the place go (a reopen must see them) */
  close(): Promise<void>;
}

export interface StoreAdapter<Place> {
  /** the engine's state is kept as records (a save writes what changed; `lastWrite` says how much) */
  keepsRecords?: boolean;
  /** `load` after a save answers what is stored now (a synchronous store reads it again; IndexedDB keeps no copy to answer from) */
  readsBack?: boolean;
  /** a new, empty place to keep the stores in (a folder, an IndexedDB factory) */
  place(): Place | Promise<Place>;
  open(place: Place): Promise<OpenedStores>;
  /** makes what the place keeps for the engine unreadable, as a crash or a stranger might */
  damage(place: Place): void | Promise<void>;
}

/** The backend's option names of a `dataFolderStores`-shaped object, as the suite's text names. */
export function textsOf(stores: {
  userPersistence: TextPersistence;
  chartPersistence: TextPersistence;
  accountPersistence: TextPersistence;
  sessionPersistence: TextPersistence;
  recentsPersistence: TextPersistence;
  replayPersistence: TextPersistence;
}): Record<TextName, TextPersistence> {
  return {
    users: stores.userPersistence,
    charts: stores.chartPersistence,
    accounts: stores.accountPersistence,
    sessions: stores.sessionPersistence,
    recents: stores.recentsPersistence,
    replay: stores.replayPersistence,
  };
}

/**
 * An engine state as the backend saves it: resting orders, a filled and a
 * cancelled one (history, fills, client order ids), balances, side states.
 * `more` places that many further orders (the first hundred rest, the others are cancelled).
 */
export function sampleState(more = 0): SavedExchange {
  return sampleEngine(more).whole();
}

const SIDES = {
  margin: { loans: [{ userId: 'u1', token: 'USDT', amount: '5' }] },
  gridBots: [],
  lt: { holdings: { u1: { BTC3L: '1.5' } } },
};

/** The engine of `sampleState`, tracking its changes: its whole state, or what changed since either was last taken. */
export function sampleEngine(more = 0): { h: Harness; place(price: string, clientOrderId: string): string; whole(): SavedExchange; changes(): SavedChanges } {
  const h = harness({ historyLimit: 1_000_000 });
  h.ex.trackChanges();
  h.snapshot([['59999', '1']], [['60002', '1']]);
  h.ex.addAccount({ userId: 'u2', kind: 'CLASSIC', demo: false }, {});
  const place = (price: string, clientOrderId: string) => {
    const r = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price, clientOrderId }, h.t);
    if (!r.ok) throw new Error(`sample order refused: ${r.error.message}`);
    return r.value.orderId;
  };
  place('59000', 'rest-1');
  const cancelled = place('58000', 'cancel-me');
  h.ex.cancel('u1', { orderId: cancelled }, h.t);
  place('60002', 'fills-now');
  h.step(10);
  if (more > 0) h.ex.credit('u1', 'USDT', amount(String(more * 1_000)));
  for (let i = 0; i < more; i += 1) {
    const order = place(String(50_000 + (i % 5_000)), `more-${i}`);
    // History: the first hundred rest, the others are cancelled (an account holds at most 500 open orders).
    if (i >= 100) h.ex.cancel('u1', { orderId: order }, h.t);
  }
  return {
    h,
    place,
    whole() {
      h.ex.takeChanges();
      return { ...snapshotExchange(h.ex), books: [], ...SIDES };
    },
    changes: () => ({ ...snapshotChanges(h.ex), ...SIDES }),
  };
}

/** The snapshot as stored JSON gives it back (what every adapter must answer). */
export const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Why the store's answer does not restore into an engine, or null when it does. */
export function damageOf(stored: unknown) {
  const options: ExchangeOptions = { instruments: instrumentsFor(['BTCUSDT']), startTime: 1_000 };
  return restoreOrFresh(options, stored, () => new Exchange(options)).damage;
}

export function storeContract<Place>(name: string, adapter: StoreAdapter<Place>): void {
  describe(`store contract: ${name}`, () => {
    it('loads nothing from an empty place, with nothing set aside', async () => {
      const stores = await adapter.open(await adapter.place());
      expect(stores.exchangeState.load()).toBeNull();
      expect(stores.exchangeState.aside?.() ?? null).toBeNull();
      for (const text of TEXT_NAMES) expect(stores.texts[text].load()).toBeNull();
      await stores.close();
    });

    it('gives back the saved state after a reopen', async () => {
      const place = await adapter.place();
      const state = sampleState();
      let stores = await adapter.open(place);
      await stores.exchangeState.save(state);
      await stores.close();
      stores = await adapter.open(place);
      expect(stores.exchangeState.load()).toEqual(asStored(state));
      expect(damageOf(stores.exchangeState.load())).toBeNull();
      await stores.close();
    });

    it('a later save replaces the earlier one: orders added, changed and gone', async () => {
      const place = await adapter.place();
      const first = sampleState(3);
      const second = asStored(first);
      second.orders = second.orders.slice(1);
      second.orders[0] = { ...second.orders[0], status: 'Cancelled', updatedAt: 99 };
      second.orders.push({ ...second.orders[1], orderId: 'added', clientOrderId: 'added' });
      second.resting = [...second.resting.slice(1), 'added'];
      second.orderSeq += 1;
      delete second.lt;
      let stores = await adapter.open(place);
      await stores.exchangeState.save(first);
      await stores.exchangeState.save(second);
      await stores.close();
      stores = await adapter.open(place);
      expect(stores.exchangeState.load()).toEqual(second);
      await stores.close();
    });

    it.runIf(adapter.readsBack)('reads back, in the same instance, what each save stored', async () => {
      const stores = await adapter.open(await adapter.place());
      const first = sampleState(3);
      await stores.exchangeState.save(first);
      expect(stores.exchangeState.load()).toEqual(asStored(first));
      const second = { ...asStored(first), orderSeq: first.orderSeq + 1, orders: asStored(first).orders.slice(1) };
      await stores.exchangeState.save(second);
      expect(stores.exchangeState.load()).toEqual(second);
      await stores.close();
    });

    // The JSON file store writes one whole text: this promise is the record stores'.
    it.runIf(adapter.keepsRecords)('a save writes the records that changed, as many whatever the history holds', async () => {
      /** Rows written by each save of one trader's session, over a history of `more` orders. */
      const writesOver = async (more: number) => {
        const place = await adapter.place();
        let stores = await adapter.open(place);
        const store = stores.exchangeState;
        expect(store.keepsRecords).toBe(true);
        const sample = sampleEngine(more);
        const { h } = sample;
        await store.save(sample.whole());
        expect(store.lastWrite!().upserts).toBeGreaterThan(more);
        const writes: Array<{ upserts: number; deletes: number }> = [];
        const saved = async () => {
          await store.save(sample.changes());
          writes.push(store.lastWrite!());
        };
        const resting = sample.place('59500', 'late-1');
        await saved();
        h.ex.modify('u1', { orderId: resting, price: '59600' }, h.t);
        await saved();
        h.ex.cancel('u1', { orderId: resting }, h.t);
        await saved();
        sample.place('60002', 'late-2');
        h.step(10);
        await saved();
        // Nothing changed: nothing written.
        await saved();
        expect(writes.at(-1)).toEqual({ upserts: 0, deletes: 0 });
        await stores.close();
        stores = await adapter.open(place);
        expect(stores.exchangeState.load()).toEqual(asStored(sample.whole()));
        await stores.close();
        return writes;
      };
      const small = await writesOver(0);
      const large = await writesOver(2000);
      expect(large).toEqual(small);
      for (const write of small) expect(write.upserts + write.deletes).toBeLessThan(12);
    }, 60_000);

    it('keeps the text stores across a reopen', async () => {
      const place = await adapter.place();
      let stores = await adapter.open(place);
      stores.texts.users.save('{"u1":{"nickname":"A"}}');
      stores.texts.sessions.save('{"t":"u1"}');
      stores.texts.sessions.save('{"t":"u2"}');
      stores.texts.replay.save('not even JSON');
      expect(stores.texts.sessions.load()).toBe('{"t":"u2"}');
      await stores.close();
      stores = await adapter.open(place);
      expect(stores.texts.users.load()).toBe('{"u1":{"nickname":"A"}}');
      expect(stores.texts.sessions.load()).toBe('{"t":"u2"}');
      expect(stores.texts.replay.load()).toBe('not even JSON');
      expect(stores.texts.charts.load()).toBeNull();
      await stores.close();
    });

    it('answers unreadable data with a damage, never a throw', async () => {
      const place = await adapter.place();
      await adapter.damage(place);
      const stores = await adapter.open(place);
      let stored: unknown;
      expect(() => (stored = stores.exchangeState.load())).not.toThrow();
      expect(damageOf(stored)).toMatchObject({ kind: expect.stringMatching(/^(notJson|foreign|damaged)$/), detail: expect.any(String) });
      await stores.close();
    });

    it('sets damaged data aside before the fresh save; it outlives a reopen until discarded', async () => {
      const place = await adapter.place();
      await adapter.damage(place);
      let stores = await adapter.open(place);
      const damage = damageOf(stores.exchangeState.load())!;
      // Not awaited: the store keeps its writes in order, the save lands second.
      void stores.exchangeState.setAside?.({ ...damage, at: 5 });
      const fresh = sampleState();
      await stores.exchangeState.save(fresh);
      const kept = stores.exchangeState.aside?.();
      expect(kept?.record).toEqual({ kind: damage.kind, detail: damage.detail, at: 5, bytes: expect.any(Number) });
      expect(kept?.text).toEqual(expect.any(String));
      await stores.close();

      stores = await adapter.open(place);
      expect(stores.exchangeState.load()).toEqual(asStored(fresh));
      expect(stores.exchangeState.aside?.()).toEqual(kept);
      await stores.exchangeState.discardAside?.();
      expect(stores.exchangeState.aside?.()).toBeNull();
      await stores.close();

      stores = await adapter.open(place);
      expect(stores.exchangeState.aside?.()).toBeNull();
      await stores.close();
    });
  });
}
