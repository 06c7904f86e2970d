// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPersistence } from '../../accounts/perUserRecords';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../../runtime/contractKit';
import { newDemoUser, resultOf, signedInUser, type TestUser } from './assetTestKit';
import { createRecentsStore, MAX_RECENTS, type RecentVisit } from './recentsStore';

const RECENTS = '/spot/api/user/recents';

describe('recents store', () => {
  it('keeps each user\'s list newest first, one entry per symbol, at most 10, through its persistence', () => {
    const persistence = memoryPersistence();
    const store = createRecentsStore(persistence);
    for (let i = 0; i < 12; i += 1) store.visit('u1', `S${i}USDT`, 1_000 + i);
    store.visit('u1', 'S5USDT', 5_000);
    const list = store.list('u1');
    expect(list).toHaveLength(MAX_RECENTS);
    expect(list[0]).toEqual({ symbolId: 'S5USDT', visitedAt: 5_000 });
    expect(list.filter((v) => v.symbolId === 'S5USDT')).toHaveLength(1);
    expect(store.list('u2')).toEqual([]);
    expect(createRecentsStore(persistence).list('u1')).toEqual(list);
  });

  it('replaces with a merged list sorted by time, the newest visit of a symbol winning', () => {
    const store = createRecentsStore();
    const replaced = store.replace('u1', [
      { symbolId: 'ETHUSDT', visitedAt: 10 },
      { symbolId: 'BTCUSDT', visitedAt: 30 },
      { symbolId: 'ETHUSDT', visitedAt: 40 },
    ]);
    expect(replaced).toEqual([{ symbolId: 'ETHUSDT', visitedAt: 40 }, { symbolId: 'BTCUSDT', visitedAt: 30 }]);
  });

  it('reads damaged stored text as empty and drops entries that are not visits', () => {
    expect(createRecentsStore({ load: () => '{oops', save: () => undefined }).list('u1')).toEqual([]);
    const stored = JSON.stringify({ u1: { list: [{ symbolId: 'BTCUSDT', visitedAt: 1 }, { symbolId: 7 }, 'x', { symbolId: 'ETHUSDT', visitedAt: -1 }] }, u2: null });
    const store = createRecentsStore({ load: () => stored, save: () => undefined });
    expect(store.list('u1')).toEqual([{ symbolId: 'BTCUSDT', visitedAt: 1 }]);
    expect(store.list('u2')).toEqual([]);
  });
});

/** Recently visited symbols of signed-in users, in both runtimes. */
describe.each(RUNTIMES)('recents (%s)', (kind) => {
  let rt: ContractRuntime;
  beforeAll(async () => {
    rt = await startRuntime(kind);
  });
  afterAll(() => rt.close());

  const list = async (user: TestUser) => (await resultOf<{ list: RecentVisit[] }>(rt, RECENTS, user)).list;

  it('adds a visit at the exchange\'s time, moves a revisited symbol to the front', async () => {
    const user = await newDemoUser(rt);
    expect(await list(user)).toEqual([]);
    const first = await resultOf<{ list: RecentVisit[] }>(rt, RECENTS, user, { body: { symbolId: 'BTCUSDT' } });
    expect(first.list).toEqual([{ symbolId: 'BTCUSDT', visitedAt: rt.backend.hub.now() }]);
    await resultOf(rt, RECENTS, user, { body: { symbolId: 'ETHUSDT', visitedAt: 5 } });
    await resultOf(rt, RECENTS, user, { body: { symbolId: 'BTCUSDT', visitedAt: 9 } });
    expect(await list(user)).toEqual([{ symbolId: 'BTCUSDT', visitedAt: 9 }, { symbolId: 'ETHUSDT', visitedAt: 5 }]);
  });

  it('replaces the list with a visitor\'s merged list, newest first, cut to 10', async () => {
    const user = await newDemoUser(rt);
    await resultOf(rt, RECENTS, user, { body: { symbolId: 'SOLUSDT' } });
    const visits = Array.from({ length: 14 }, (_, i) => ({ symbolId: `C${i}USDT`, visitedAt: 100 + i }));
    const replaced = await resultOf<{ list: RecentVisit[] }>(rt, RECENTS, user, { body: { list: visits } });
    expect(replaced.list).toHaveLength(10);
    expect(replaced.list[0]).toEqual({ symbolId: 'C13USDT', visitedAt: 113 });
    expect(replaced.list.some((v) => v.symbolId === 'SOLUSDT')).toBe(false);
    expect(await list(user)).toEqual(replaced.list);
    expect((await resultOf<{ list: RecentVisit[] }>(rt, RECENTS, user, { body: { list: [] } })).list).toEqual([]);
  });

  it('refuses bad bodies with 10001, naming the field', async () => {
    const user = await signedInUser(rt, 'u-uta');
    for (const [body, field] of [
      [{}, 'symbolId'],
      [{ symbolId: 'btc/usdt' }, 'symbolId'],
      [{ symbolId: 'BTCUSDT', visitedAt: -1 }, 'visitedAt'],
      [{ symbolId: 'BTCUSDT', visitedAt: '12' }, 'visitedAt'],
      [{ list: 'BTCUSDT' }, 'list'],
      [{ list: [{ symbolId: 'BTCUSDT', visitedAt: 1 }, 'ETHUSDT'] }, 'list[1]'],
      [{ list: Array.from({ length: 101 }, () => ({ symbolId: 'BTCUSDT', visitedAt: 1 })) }, 'list'],
      ['not json', 'body'],
    ] as const) {
      const answer = await rt.call(RECENTS, { body, token: user.token });
      expect(answer, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 10001, success: false });
      expect(answer.message).toContain(field);
    }
  });

  it('keeps one user\'s recents from another', async () => {
    const [a, b] = [await newDemoUser(rt, 'A'), await newDemoUser(rt, 'B')];
    await resultOf(rt, RECENTS, a, { body: { symbolId: 'WIFUSDT', visitedAt: 1 } });
    await resultOf(rt, RECENTS, b, { body: { list: [{ symbolId: 'ETHUSDT', visitedAt: 2 }] } });
    expect(await list(a)).toEqual([{ symbolId: 'WIFUSDT', visitedAt: 1 }]);
    expect(await list(b)).toEqual([{ symbolId: 'ETHUSDT', visitedAt: 2 }]);
  });
});
