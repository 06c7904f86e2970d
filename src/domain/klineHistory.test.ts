import { describe, expect, it } from 'vitest';
import { canLoadOlder, initialKlineHistory, isShowingOffline, klineHistoryReducer, nextOlderTo, type KlineHistoryEvent, type KlineHistoryState } from './klineHistory';

type Bar = { time: number };
const page = (from: number, count: number): Bar[] => Array.from({ length: count }, (_, i) => ({ time: from + i }));
const run = (events: KlineHistoryEvent<Bar>[], start: KlineHistoryState<Bar> = initialKlineHistory<Bar>('A')) => events.reduce(klineHistoryReducer<Bar>, start);

describe('kline history state', () => {
  it('shows the cache at once, then swaps in the network page', () => {
    const cached = run([{ type: 'cacheRead', key: 'A', pages: [page(10, 3), page(5, 5)] }]);
    expect(cached.bars.map((b) => b.time)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(cached).toMatchObject({ status: 'ready', fromCache: true, revision: 1 });
    expect(canLoadOlder(cached)).toBe(false);
    const fresh = klineHistoryReducer(cached, { type: 'firstPage', key: 'A', page: page(11, 500) });
    expect(fresh).toMatchObject({ status: 'ready', fromCache: false, revision: 2 });
    expect(fresh.bars).toHaveLength(500);
  });

  it('ignores a cache that answers after the network', () => {
    const state = run([{ type: 'firstPage', key: 'A', page: page(100, 2) }, { type: 'cacheRead', key: 'A', pages: [page(1, 9)] }]);
    expect(state.bars.map((b) => b.time)).toEqual([100, 101]);
    expect(state.fromCache).toBe(false);
  });

  it('a failed first page gives no data, or the cached bars marked offline', () => {
    const failed = run([{ type: 'firstPageFailed', key: 'A' }]);
    expect(failed).toMatchObject({ status: 'error', bars: [], failed: true });
    expect(isShowingOffline(failed, true)).toBe(false);
    const cachedAfter = klineHistoryReducer(failed, { type: 'cacheRead', key: 'A', pages: [page(1, 2)] });
    expect(cachedAfter).toMatchObject({ status: 'error', fromCache: true });
    expect(isShowingOffline(cachedAfter, true)).toBe(true);
    const recovered = klineHistoryReducer(cachedAfter, { type: 'firstPage', key: 'A', page: page(3, 2) });
    expect(recovered).toMatchObject({ status: 'ready', failed: false, fromCache: false });
    expect(isShowingOffline(recovered, false)).toBe(false);
  });

  it('marks cached bars offline while the browser is offline', () => {
    const cached = run([{ type: 'cacheRead', key: 'A', pages: [page(1, 2)] }]);
    expect(isShowingOffline(cached, true)).toBe(false);
    expect(isShowingOffline(cached, false)).toBe(true);
  });

  it('prepends older pages, one at a time, and stops after a short page', () => {
    const first = run([{ type: 'firstPage', key: 'A', page: page(1000, 500) }]);
    expect(nextOlderTo(first)).toBe(1000);
    const asking = klineHistoryReducer(first, { type: 'olderRequested', key: 'A' });
    expect(asking.loadingOlder).toBe(true);
    expect(klineHistoryReducer(asking, { type: 'olderRequested', key: 'A' })).toBe(asking);
    const grown = klineHistoryReducer(asking, { type: 'olderPage', key: 'A', page: page(700, 300) });
    expect(grown).toMatchObject({ loadingOlder: false, revision: first.revision + 1 });
    expect(grown.bars[0]?.time).toBe(700);
    expect(grown.bars).toHaveLength(800);
    expect(canLoadOlder(grown)).toBe(false);
    expect(klineHistoryReducer(grown, { type: 'olderRequested', key: 'A' })).toBe(grown);
  });

  it('a failed older page can be asked again', () => {
    const first = run([{ type: 'firstPage', key: 'A', page: page(1000, 500) }, { type: 'olderRequested', key: 'A' }, { type: 'olderPageFailed', key: 'A' }]);
    expect(first.loadingOlder).toBe(false);
    expect(canLoadOlder(first)).toBe(true);
    expect(first.pages).toHaveLength(1);
  });

  it('drops answers for another series and starts empty on reset', () => {
    const a = run([{ type: 'firstPage', key: 'A', page: page(1, 3) }]);
    const b = klineHistoryReducer(a, { type: 'reset', key: 'B' });
    expect(b).toMatchObject({ key: 'B', bars: [], status: 'loading', revision: a.revision + 1 });
    expect(klineHistoryReducer(b, { type: 'firstPage', key: 'A', page: page(1, 3) })).toBe(b);
    expect(klineHistoryReducer(b, { type: 'reset', key: 'B' })).toBe(b);
  });
});
