import { describe, expect, it } from 'vitest';
import { harness, amount } from '../exchange/testKit';
import type { Scheduler } from '../gateway/types';
import { Ledger } from '../exchange/ledger';
import type { Exchange, ExchangeOptions } from '../exchange';
import { persistExchange, restoreOrFresh, UnreadableText, WholeSaveNeeded, type SavedChanges, type SavedExchange } from './exchangePersistence';

/** A store whose writes finish only when the test says, so "answered before written" shows. */
function slowStore() {
  const saved: SavedExchange[] = [];
  const waiting: Array<() => void> = [];
  return {
    saved,
    finishWrites: () => waiting.splice(0).forEach((finish) => finish()),
    store: {
      load: () => null,
      save: (snapshot: SavedExchange) =>
        new Promise<void>((resolve) => waiting.push(() => {
          saved.push(snapshot);
          resolve();
        })),
    },
  };
}

/** Timers that never fire by themselves: only commit() or flush() may save. */
const frozen: Scheduler = { now: () => 0, setInterval: () => () => {}, setTimeout: () => () => {} };

describe('persistExchange', () => {
  it('commit() resolves only after the change is written, and the write holds it', async () => {
    const h = harness();
    const { store, saved, finishWrites } = slowStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('250'));
    let done = false;
    const committed = saving.commit().then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    finishWrites();
    await committed;
    expect(saved).toHaveLength(1);
    expect(JSON.stringify(saved[0]!.ledger)).toContain('u1');
  });

  it('a commit with nothing new waits for the write already under way and writes nothing more', async () => {
    const h = harness();
    const { store, saved, finishWrites } = slowStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    const first = saving.commit();
    const second = saving.commit();
    await Promise.resolve();
    finishWrites();
    await Promise.all([first, second]);
    expect(saved).toHaveLength(1);
  });

  it('writes stay in order: a later change is never overwritten by an earlier snapshot', async () => {
    const h = harness();
    const { store, saved, finishWrites } = slowStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    const first = saving.commit();
    h.ex.credit('u1', 'USDT', amount('2'));
    const second = saving.commit();
    for (let i = 0; i < 4; i += 1) {
      finishWrites();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all([first, second]);
    expect(saved).toHaveLength(2);
    const free = (s: SavedExchange) => JSON.stringify(s.ledger);
    expect(free(saved[1]!)).not.toBe(free(saved[0]!));
  });

  it('a store that fails does not stop later commits from answering', async () => {
    const h = harness();
    let calls = 0;
    const saving = persistExchange(h.ex, { load: () => null, save: () => { calls += 1; return Promise.reject(new Error('disk full')); } }, frozen);
    const warn = console.warn;
    console.warn = () => {};
    try {
      h.ex.credit('u1', 'USDT', amount('1'));
      await saving.commit();
      h.ex.credit('u1', 'USDT', amount('1'));
      await saving.commit();
    } finally {
      console.warn = warn;
    }
    expect(calls).toBe(2);
  });
});

describe('group commit', () => {
  it('calls made while a write is under way share one more write, and each answers only once its change is written', async () => {
    const h = harness();
    const { store, saved, finishWrites } = slowStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    const first = saving.commit();
    const answered: number[] = [];
    const later = [2, 3, 4].map((n) => {
      h.ex.credit('u1', 'USDT', amount(String(n)));
      return saving.commit().then(() => answered.push(n));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishWrites();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The first write held only the first change: the later calls are still waiting.
    expect(answered).toEqual([]);
    finishWrites();
    await Promise.all(later);
    expect(saved).toHaveLength(2);
    // The shared write holds every later change: 2 + 3 + 4 credited after the first write's.
    const usdt = (s: SavedExchange) => Ledger.fromJSON(s.ledger).lines('u1').find((l) => l.token === 'USDT')!.free;
    expect(usdt(saved[1]!) - usdt(saved[0]!)).toBe(amount('9'));
    expect(answered.sort()).toEqual([2, 3, 4]);
  });
});

describe('a synchronous store (the server\'s)', () => {
  it('gathers the calls of one turn into one write, taken after all of them, and each answers only after it', async () => {
    const h = harness();
    const saved: SavedExchange[] = [];
    const store = {
      synchronous: true,
      load: () => null,
      save: (snapshot: SavedExchange) => {
        saved.push(snapshot);
      },
    };
    const saving = persistExchange(h.ex, store, frozen);
    const answered: number[] = [];
    const calls = [1, 2, 3].map((n) => {
      h.ex.credit('u1', 'USDT', amount(String(n)));
      return saving.commit().then(() => answered.push(n));
    });
    // Nothing is written within the turn: the requests that came in together are still changing the state.
    await Promise.resolve();
    expect(saved).toHaveLength(0);
    await Promise.all(calls);
    expect(saved).toHaveLength(1);
    expect(Ledger.fromJSON(saved[0]!.ledger).lines('u1').find((l) => l.token === 'USDT')!.free).toBe(amount('100006'));
    expect(answered).toEqual([1, 2, 3]);
  });
});

describe('a store that keeps records', () => {
  const recordStore = (refuseChanges = false) => {
    const saved: Array<SavedExchange | SavedChanges> = [];
    let failNext = false;
    const store = {
      keepsRecords: true,
      load: () => null,
      save: (state: SavedExchange | SavedChanges) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        const isChanges = typeof (state.orders as { drop?: unknown }).drop !== 'undefined';
        if (isChanges && refuseChanges) {
          refuseChanges = false;
          throw new WholeSaveNeeded('orders');
        }
        saved.push(state);
      },
    };
    return { store, saved, failNext: () => (failNext = true) };
  };
  const isWhole = (state: SavedExchange | SavedChanges) => Array.isArray(state.orders);

  it('is given the whole state first, then only what changed', async () => {
    const h = harness();
    const { store, saved } = recordStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    await saving.commit();
    const made = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '50000' }, h.t);
    await saving.commit();
    expect(saved.map(isWhole)).toEqual([true, false]);
    const changes = saved[1] as SavedChanges;
    expect(changes.orders.set.map(([id]) => id)).toEqual([made.ok ? made.value.orderId : '']);
    expect(changes.ledger.set.map(([id]) => id)).toEqual(['u1']);
  });

  it('is given changes from the first save when the engine journals from its restore (read from this store)', async () => {
    const h = harness();
    h.ex.trackChanges();
    const { store, saved } = recordStore();
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    await saving.commit();
    expect(saved.map(isWhole)).toEqual([false]);
    expect((saved[0] as SavedChanges).ledger.set.map(([id]) => id)).toEqual(['u1']);
  });

  it('saves the whole state at once when the store cannot apply changes, and after a failed save', async () => {
    const h = harness();
    const { store, saved, failNext } = recordStore(true);
    const saving = persistExchange(h.ex, store, frozen);
    h.ex.credit('u1', 'USDT', amount('1'));
    await saving.commit();
    h.ex.credit('u1', 'USDT', amount('2'));
    await saving.commit();
    // Refused as changes: written whole, in the same save the call waited for.
    expect(saved.map(isWhole)).toEqual([true, true]);
    h.ex.credit('u1', 'USDT', amount('3'));
    failNext();
    const warn = console.warn;
    console.warn = () => {};
    try {
      await saving.commit();
    } finally {
      console.warn = warn;
    }
    h.ex.credit('u1', 'USDT', amount('4'));
    await saving.commit();
    // The failed save's changes are gone with it: the next one is whole and holds them.
    expect(saved.map(isWhole)).toEqual([true, true, true]);
    expect(Ledger.fromJSON((saved[2] as SavedExchange).ledger).lines('u1').find((l) => l.token === 'USDT')!.free).toBe(amount('100010'));
  });
});

describe('restoreOrFresh: what a stored state that does not restore is', () => {
  const options = { instruments: [], startTime: 0 } as unknown as ExchangeOptions;
  const fresh = () => ({ fresh: true }) as unknown as Exchange;
  const damageOf = (stored: unknown) => restoreOrFresh(options, stored, fresh).damage;

  it('is nothing when nothing was stored', () => {
    expect(restoreOrFresh(options, null, fresh)).toMatchObject({ restored: null, damage: null });
  });
  it('is text that is not JSON', () => {
    expect(damageOf(new UnreadableText('Unexpected end of JSON input'))).toEqual({ kind: 'notJson', detail: 'Unexpected end of JSON input' });
  });
  it('is foreign: another format, or a version this build does not read', () => {
    expect(damageOf({ some: 'thing' })?.kind).toBe('foreign');
    expect(damageOf('a string')?.kind).toBe('foreign');
    expect(damageOf({ format: 'exchange-snapshot', version: 2 })).toEqual({ kind: 'foreign', detail: 'exchange snapshot of version 2; this build reads version 1' });
  });
  it('is damaged: this version, failing its own checks; the run starts fresh either way', () => {
    const result = restoreOrFresh(options, { format: 'exchange-snapshot', version: 1, orders: 'broken' }, fresh);
    expect(result.damage?.kind).toBe('damaged');
    expect(result.exchange).toEqual({ fresh: true });
  });
});
