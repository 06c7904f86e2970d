import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type RealtimeClient } from './client';
import { fakeSockets, pushFrame, type FakeSockets } from './fakeSocket.testkit';
import { RealtimeClientContext, useDepth, useKline, useRealtimeStats, useTickers, useTrades } from './hooks';

let sockets: FakeSockets;
let client: RealtimeClient;

const wrapper = ({ children }: { children: ReactNode }) => createElement(RealtimeClientContext.Provider, { value: client }, children);
const requests = () =>
  sockets
    .latest()
    .sentFrames()
    .filter((f) => 'event' in f)
    .map((f) => `${String(f.event)} ${String(f.topic)}:${String(f.symbol)}`);
/** lets the batched notifications (a 0 ms frame here) reach React */
const nextFrame = () => act(() => vi.advanceTimersByTime(1));

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sockets = fakeSockets();
  client = createRealtimeClient({ url: 'ws://x/realtime', WebSocketImpl: sockets.WebSocketImpl, random: () => 0, frameScheduler: (run) => setTimeout(run, 0) });
  sockets.latest().open();
});

afterEach(() => {
  client.close();
  vi.useRealTimers();
});

describe('realtime hooks', () => {
  it('useTrades subscribes on mount, renders pushes, releases on unmount', () => {
    const { result, unmount } = renderHook(() => useTrades('BTCUSDT'), { wrapper });
    expect(requests()).toEqual(['sub trade:BTCUSDT']);
    expect(result.current.trades).toEqual([]);
    act(() => sockets.latest().receive(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '10', q: '2', m: true }], { f: true })));
    nextFrame();
    expect(result.current.trades.map((t) => t.p)).toEqual(['10']);
    unmount();
    act(() => vi.advanceTimersByTime(2_000));
    expect(requests()).toEqual(['sub trade:BTCUSDT', 'cancel trade:BTCUSDT']);
  });

  it('a remount (StrictMode, route change) does not churn the socket', () => {
    const first = renderHook(() => useKline('BTCUSDT', '1h'), { wrapper });
    first.unmount();
    const second = renderHook(() => useKline('BTCUSDT', '1h'), { wrapper });
    act(() => vi.advanceTimersByTime(5_000));
    expect(requests()).toEqual(['sub kline_1h:BTCUSDT']);
    second.unmount();
  });

  it('useDepth follows a change of symbol or merge step', () => {
    const { result, rerender } = renderHook(({ step }) => useDepth('BTCUSDT', 'mergedDepth', step), { wrapper, initialProps: { step: 0 } });
    rerender({ step: -1 });
    act(() => vi.advanceTimersByTime(2_000));
    expect(requests()).toEqual(['sub mergedDepth:BTCUSDT', 'sub mergedDepth:BTCUSDT', 'cancel mergedDepth:BTCUSDT']);
    const book = { s: 'BTCUSDT', t: 1, v: '4', b: [['90', '1']], a: [['110', '1']] };
    act(() => sockets.latest().receive(pushFrame('mergedDepth', 'BTCUSDT', [book], { f: true, params: { dumpScale: -1 } })));
    nextFrame();
    expect(result.current.book?.bids).toEqual([['90', '1']]);
  });

  it('useTickers shares one stream for the same symbols in any order', () => {
    const a = renderHook(() => useTickers(['ETHUSDT', 'BTCUSDT']), { wrapper });
    const b = renderHook(() => useTickers(['BTCUSDT', 'ETHUSDT', 'BTCUSDT']), { wrapper });
    expect(requests()).toEqual(['sub realtimes:BTCUSDT,ETHUSDT']);
    const empty = renderHook(() => useTickers([]), { wrapper });
    expect(empty.result.current.tickers).toEqual({});
    expect(requests()).toHaveLength(1);
    a.unmount();
    b.unmount();
    empty.unmount();
  });

  it('useRealtimeStats re-renders with the connection', () => {
    const { result } = renderHook(() => useRealtimeStats(), { wrapper });
    expect(result.current.status).toBe('open');
    renderHook(() => useTrades('ETHUSDT'), { wrapper });
    nextFrame();
    expect(result.current.liveSubscriptions).toEqual(['trade:ETHUSDT']);
    act(() => sockets.latest().drop());
    nextFrame();
    expect(result.current).toMatchObject({ status: 'reconnecting', lastCloseCode: 1006, liveSubscriptions: [] });
  });
});
