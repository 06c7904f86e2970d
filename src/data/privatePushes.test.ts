import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '../domain/realtime';
import type { TokenBalance } from './api/assets';
import { fetchBalances } from './api/assets';
import { getOpenOrders, parseOrder, type Order } from './api/orders';
import type { Profile } from './api/profile';
import { testProfile } from './profile.testkit';
import { balancesQueryKey, useBalances } from './assets';
import { OPEN_ORDERS_REFETCH_MS, orderQueryKeys, useOpenOrders } from './orders';
import { accountInfoQueryPrefix, patchPrivatePush, usePrivatePushes, type PrivateClientFactory } from './privatePushes';
import { createQueryClient, queryKeys } from './queries';
import { fakeSockets, type FakeSockets } from './realtime/fakeSocket.testkit';
import { createPrivateClient, getPrivateClient } from './realtime/private';
import { classicWallet, ltOrderView, openAndAck, orderView, push, requests, unifiedWallet } from './realtime/private/privateSocket.testkit';
import { STORAGE_KEYS } from './storage';
import { gridQueryKeys } from './gridBot';
import { strategyQueryKeys } from './strategyOrders';
import { parseLtOrder, type LtOrder, type LtOrderPage } from './api/lt';
import { ltQueryKeys } from './lt';
import { createLtPushMemory, ltOrderQueryKeys } from './ltOrders';
import { announceAnswer } from './orderAnswerNotices';
import { toastStore } from './toasts';
import { onUpgradeEffect, setPageReloaderForTests } from './upgrade';
import type { UpgradeEffect } from '../domain/upgrade';

vi.mock('./api/orders', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api/orders')>()), getOpenOrders: vi.fn() }));
vi.mock('./api/assets', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api/assets')>()), fetchBalances: vi.fn() }));

const order = (id: string, status: string, over: Record<string, unknown> = {}): Order => parseOrder(orderView(id, status, over));
const balances = (usdt: string): TokenBalance[] => [{ tokenId: 'USDT', free: usdt, locked: '0', total: usdt }];

const profile = testProfile;

let client: QueryClient;
let sockets: FakeSockets;

const connect: PrivateClientFactory = (accountType) =>
  createPrivateClient({ url: 'ws://page.test/realtime_w', accountType, WebSocketImpl: sockets.WebSocketImpl, random: () => 1, readToken: () => null });

/** The profile answers anew; react-query tells its observers on a 0 ms timer. */
const profileBecomes = (next: Profile) =>
  act(async () => {
    client.setQueryData(queryKeys.profile, next);
    await vi.advanceTimersByTimeAsync(0);
  });

const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sockets = fakeSockets();
  client = createQueryClient();
  client.setQueryDefaults(queryKeys.profile, { staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(queryKeys.profile, profile());
  vi.mocked(getOpenOrders).mockReset().mockResolvedValue([]);
  vi.mocked(fetchBalances).mockReset().mockResolvedValue(balances('1'));
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
});

describe('patchPrivatePush: open-order lists (spec 2 §4)', () => {
  const account = { isDemo: false };
  const ids = (kind: 'ordinary' | 'plan') => client.getQueryData<Order[]>(orderQueryKeys.open(kind))?.map((o) => `${o.orderId}:${o.status}`);

  it('adds a new order on top, replaces a partly filled one, removes a finished one', () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), [order('1', 'New')]);
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('2', 'New')] }, account);
    expect(ids('ordinary')).toEqual(['2:NEW', '1:NEW']);
    patchPrivatePush(client, { kind: 'orders', sendTime: 2, orders: [order('1', 'PartiallyFilled')] }, account);
    expect(ids('ordinary')).toEqual(['2:NEW', '1:PARTIALLY_FILLED']);
    patchPrivatePush(client, { kind: 'orders', sendTime: 3, orders: [order('2', 'Filled'), order('1', 'Cancelled')] }, account);
    expect(ids('ordinary')).toEqual([]);
  });

  it('puts plan orders in the plan list and removes them when triggered', () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), []);
    client.setQueryData(orderQueryKeys.open('plan'), []);
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('7', 'Untriggered', { planType: 1 })] }, account);
    expect(ids('plan')).toEqual(['7:ORDER_NEW']);
    expect(ids('ordinary')).toEqual([]);
    patchPrivatePush(client, { kind: 'orders', sendTime: 2, orders: [order('7', 'Triggered', { planType: 1 }), order('8', 'New')] }, account);
    expect(ids('plan')).toEqual([]);
    expect(ids('ordinary')).toEqual(['8:NEW']);
  });

  it('leaves a list that is not loaded alone', () => {
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('1', 'New')] }, account);
    expect(client.getQueryData(orderQueryKeys.open('ordinary'))).toBeUndefined();
  });

  it('the demo account skips trailing-order updates', () => {
    client.setQueryData(orderQueryKeys.open('plan'), []);
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('4', 'Untriggered', { planType: 4 }), order('5', 'Untriggered', { planType: 1 })] }, { isDemo: true });
    expect(ids('plan')).toEqual(['5:ORDER_NEW']);
  });

  it('a finished order makes the histories stale; a fill makes the trade history stale', () => {
    client.setQueryData(orderQueryKeys.history([], 7), []);
    client.setQueryData(orderQueryKeys.trades, []);
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('1', 'New')] }, account);
    expect(client.getQueryState(orderQueryKeys.history([], 7))?.isInvalidated).toBe(false);
    patchPrivatePush(client, { kind: 'orders', sendTime: 2, orders: [order('1', 'Filled')] }, account);
    expect(client.getQueryState(orderQueryKeys.history([], 7))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderQueryKeys.trades)?.isInvalidated).toBe(false);
    patchPrivatePush(client, { kind: 'fills', sendTime: 2, fills: [] }, account);
    expect(client.getQueryState(orderQueryKeys.trades)?.isInvalidated).toBe(true);
  });
});

describe('patchPrivatePush: notices (spec 2 §4)', () => {
  it('hands each update to announce with the order as the page knew it and the open-order count', () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), [order('1', 'New', { price: '59000' })]);
    client.setQueryData(orderQueryKeys.open('plan'), [order('7', 'Untriggered', { planType: 1 })]);
    const announce = vi.fn();
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('1', 'Filled', { price: '59000' }), order('2', 'New')] }, { isDemo: false, announce });
    expect(announce.mock.calls.map(([u, prev, count]) => [u.orderId, u.status, prev?.orderId ?? null, count])).toEqual([
      ['1', 'FILLED', '1', 2],
      ['2', 'NEW', null, 2],
    ]);
  });

  it('a demo account is not told of the trailing updates it skips', () => {
    client.setQueryData(orderQueryKeys.open('plan'), []);
    const announce = vi.fn();
    patchPrivatePush(client, { kind: 'orders', sendTime: 1, orders: [order('4', 'Cancelled', { planType: 4 })] }, { isDemo: true, announce });
    expect(announce).not.toHaveBeenCalled();
  });
});

describe('patchPrivatePush: strategy topic', () => {
  it('marks the strategy-order and grid-bot lists stale and leaves the order lists alone', () => {
    client.setQueryData(strategyQueryKeys.list(2, 'twap', null), []);
    client.setQueryData(gridQueryKeys.list('running', 'BTCUSDT'), []);
    client.setQueryData(orderQueryKeys.open('ordinary'), []);
    patchPrivatePush(client, { kind: 'strategies', sendTime: 1 }, { isDemo: false });
    expect(client.getQueryState(strategyQueryKeys.list(2, 'twap', null))?.isInvalidated).toBe(true);
    expect(client.getQueryState(gridQueryKeys.list('running', 'BTCUSDT'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderQueryKeys.open('ordinary'))?.isInvalidated).toBe(false);
  });
});

describe('patchPrivatePush: back live after a drop', () => {
  it('reads the order, strategy and grid lists again: what changed while the socket was down came with no push', () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), []);
    client.setQueryData(strategyQueryKeys.list(2, 'iceberg', 'BTCUSDT'), []);
    client.setQueryData(gridQueryKeys.list('completed', null), []);
    patchPrivatePush(client, { kind: 'live' }, { isDemo: false });
    expect(client.getQueryState(orderQueryKeys.open('ordinary'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(strategyQueryKeys.list(2, 'iceberg', 'BTCUSDT'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(gridQueryKeys.list('completed', null))?.isInvalidated).toBe(true);
  });
});

describe('patchPrivatePush: wallet', () => {
  const account = { isDemo: false };

  it('writes the balances and makes account info stale, only when the wallet changed', () => {
    client.setQueryData([...accountInfoQueryPrefix, 'BTCUSDT'], { maxBuyAmt: '1' });
    patchPrivatePush(client, { kind: 'wallet', sendTime: 1, interval: 5000, balances: balances('5') }, account);
    expect(client.getQueryData(balancesQueryKey)).toEqual(balances('5'));
    expect(client.getQueryState([...accountInfoQueryPrefix, 'BTCUSDT'])?.isInvalidated).toBe(true);
    client.setQueryData([...accountInfoQueryPrefix, 'BTCUSDT'], { maxBuyAmt: '1' });
    const before = client.getQueryData(balancesQueryKey);
    patchPrivatePush(client, { kind: 'wallet', sendTime: 2, interval: 5000, balances: balances('5') }, account);
    expect(client.getQueryData(balancesQueryKey)).toBe(before);
    expect(client.getQueryState([...accountInfoQueryPrefix, 'BTCUSDT'])?.isInvalidated).toBe(false);
  });
});

describe('patchPrivatePush: leveraged-token orders (spec 2 §4, §7)', () => {
  const lt = (id: string, status: 1 | 2 | 3, over: Record<string, unknown> = {}): LtOrder => parseLtOrder(ltOrderView(id, status, over));
  const pages = (...lists: LtOrder[][]) => ({ pages: lists.map((list) => ({ list, nextCursor: null })), pageParams: lists.map(() => null) });
  const rows = (key: readonly unknown[]) =>
    client.getQueryData<{ pages: LtOrderPage[] }>(key)?.pages.map((page) => page.list.map((o) => `${o.orderId}:${o.status}`));
  const ltPush = (...orders: LtOrder[]) => ({ kind: 'ltOrders' as const, sendTime: 1, orders });

  it('writes each change into the cached records of its type, in every range, a new order on top', () => {
    const older = lt('lt-0', 1, { createdTime: 500 });
    client.setQueryData(ltOrderQueryKeys.list(1, 7), pages([older]));
    client.setQueryData(ltOrderQueryKeys.list(1, 30), pages([older], [lt('lt-old', 1, { createdTime: 100 })]));
    client.setQueryData(ltOrderQueryKeys.list(2, 7), pages([]));
    patchPrivatePush(client, ltPush(lt('lt-1', 2)), { isDemo: false });
    expect(rows(ltOrderQueryKeys.list(1, 7))).toEqual([['lt-1:2', 'lt-0:1']]);
    expect(rows(ltOrderQueryKeys.list(1, 30))).toEqual([['lt-1:2', 'lt-0:1'], ['lt-old:1']]);
    expect(rows(ltOrderQueryKeys.list(2, 7))).toEqual([[]]);
    // not loaded: its first fetch is newer than the push
    expect(client.getQueryData(ltOrderQueryKeys.list(1, 180))).toBeUndefined();

    patchPrivatePush(client, ltPush(lt('lt-1', 1), lt('lt-2', 2, { orderType: 2, orderQuantity: '20' })), { isDemo: false });
    expect(rows(ltOrderQueryKeys.list(1, 7))).toEqual([['lt-1:1', 'lt-0:1']]);
    expect(rows(ltOrderQueryKeys.list(2, 7))).toEqual([['lt-2:2']]);
  });

  it('makes the wallet, what the form can buy and the LT figures stale, and leaves the spot order lists alone', () => {
    client.setQueryData(balancesQueryKey, balances('5'));
    client.setQueryData([...accountInfoQueryPrefix, 'BTC3LUSDT'], { maxBuyAmt: '1' });
    for (const symbolId of ['BTC3LUSDT', 'ETH3SUSDT']) {
      client.setQueryData(ltQueryKeys.symbolInfo(symbolId), {});
      client.setQueryData(ltQueryKeys.info(symbolId), {});
    }
    client.setQueryData(orderQueryKeys.open('ordinary'), []);
    patchPrivatePush(client, ltPush(lt('lt-1', 1)), { isDemo: false });
    for (const key of [balancesQueryKey, [...accountInfoQueryPrefix, 'BTC3LUSDT'], ltQueryKeys.symbolInfo('BTC3LUSDT'), ltQueryKeys.info('BTC3LUSDT')]) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
    // another token's figures did not move
    expect(client.getQueryState(ltQueryKeys.symbolInfo('ETH3SUSDT'))?.isInvalidated).toBe(false);
    expect(client.getQueryState(orderQueryKeys.open('ordinary'))?.isInvalidated).toBe(false);
  });

  it('takes the copy from the second topic, and a late in-progress after the end, as nothing', () => {
    const announceLt = vi.fn();
    const account = { isDemo: false, announceLt, ltMemory: createLtPushMemory() };
    client.setQueryData(ltOrderQueryKeys.list(1, 7), pages([]));
    patchPrivatePush(client, ltPush(lt('lt-1', 2)), account);
    patchPrivatePush(client, ltPush(lt('lt-1', 2)), account);
    patchPrivatePush(client, ltPush(lt('lt-1', 1)), account);
    client.setQueryData(balancesQueryKey, balances('5'));
    patchPrivatePush(client, ltPush(lt('lt-1', 1)), account);
    patchPrivatePush(client, ltPush(lt('lt-1', 2)), account);
    expect(announceLt.mock.calls.map(([o]) => `${o.orderId}:${o.status}`)).toEqual(['lt-1:2', 'lt-1:1']);
    expect(rows(ltOrderQueryKeys.list(1, 7))).toEqual([['lt-1:1']]);
    // nothing new: nothing read again
    expect(client.getQueryState(balancesQueryKey)?.isInvalidated).toBe(false);
  });

  it('back live, the records are read again', () => {
    client.setQueryData(ltOrderQueryKeys.list(2, 30), pages([]));
    patchPrivatePush(client, { kind: 'live' }, { isDemo: false });
    expect(client.getQueryState(ltOrderQueryKeys.list(2, 30))?.isInvalidated).toBe(true);
  });
});

describe('usePrivatePushes', () => {
  it('opens the socket for the signed-in classic account and keeps the cached lists current', async () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), [order('1', 'New')]);
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const socket = sockets.latest();
    openAndAck(socket);
    expect(requests(socket)).toEqual([
      'sub order_new', 'sub plan_order', 'sub stop_limit_order', 'sub oco_order', 'sub match', 'sub asset.spot-walletbalance', 'sub strategy', 'sub lt_order', 'sub user.lt.order',
      'sub user.uta.upgrade',
    ]);
    act(() => socket.receive(push('order_new', [orderView('2', 'New')])));
    expect(client.getQueryData<Order[]>(orderQueryKeys.open('ordinary'))?.map((o) => o.orderId)).toEqual(['2', '1']);
    act(() => socket.receive(push('order_new', [orderView('1', 'Cancelled')])));
    expect(client.getQueryData<Order[]>(orderQueryKeys.open('ordinary'))?.map((o) => o.orderId)).toEqual(['2']);
    act(() => socket.receive(classicWallet('500', 10)));
    expect(client.getQueryData<TokenBalance[]>(balancesQueryKey)?.[0]).toEqual({ tokenId: 'USDT', free: '500', locked: '1', total: '501' });
    // an older wallet push is dropped: the cache keeps the newer wallet
    act(() => socket.receive(classicWallet('400', 9)));
    expect(client.getQueryData<TokenBalance[]>(balancesQueryKey)?.[0]?.free).toBe('500');
  });

  it('takes the unified topics for a unified account', () => {
    client.setQueryData(queryKeys.profile, profile({ accountType: 'UTA', userId: 'u-uta' }));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    sockets.latest().open();
    expect(requests(sockets.latest())).toEqual(['sub user.uta.spot.order', 'sub user.uta.spot.trade', 'sub user.unify.uta.wallet', 'sub strategy', 'sub lt_order', 'sub user.lt.order']);
    openAndAck(sockets.latest());
    act(() => sockets.latest().receive(unifiedWallet(1)));
    expect(client.getQueryData(balancesQueryKey)).toEqual([{ tokenId: 'USDT', free: '99409.25', locked: '591.25', total: '100000.5', spotAvailableBalance: '99409.25', occAssetUSDTValue: '591.25' }]);
  });

  it('toasts an LT order that ended once, though it comes on both LT topics; in progress says nothing', () => {
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
    client.setQueryData(queryKeys.profile, profile({ accountType: 'UTA', userId: 'u-uta' }));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const socket = sockets.latest();
    openAndAck(socket);
    for (const topic of ['lt_order', 'user.lt.order']) act(() => socket.receive(push(topic, [ltOrderView('lt-1', 2)])));
    expect(toastStore.get()).toEqual([]);
    for (const topic of ['lt_order', 'user.lt.order']) act(() => socket.receive(push(topic, [ltOrderView('lt-1', 1)])));
    for (const topic of ['user.lt.order', 'lt_order']) act(() => socket.receive(push(topic, [ltOrderView('lt-2', 3, { orderType: 2, orderQuantity: '20' })])));
    expect(toastStore.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', expect.stringContaining('ltNoticeSubscribed')],
      ['error', expect.stringContaining('ltNoticeRedeemFailed')],
    ]);
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
  });

  it('tells a fill once: from the create answer when the push was missed, and not again when a push does come', () => {
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const socket = sockets.latest();
    // Not subscribed yet (just signed in): the fill's push goes nowhere; the answer said FILLED.
    announceAnswer(order('m-1', 'Filled', { type: 'MARKET', executedQty: '0.01', avgPrice: '60000' }));
    expect(toastStore.get().map((t) => [t.kind, t.message])).toEqual([['success', expect.stringContaining('noticeFilled')]]);
    openAndAck(socket);
    act(() => socket.receive(push('order_new', [orderView('m-1', 'Filled', { type: 'MARKET' })])));
    // The other way round: the push first, then the answer.
    act(() => socket.receive(push('order_new', [orderView('m-2', 'Filled')])));
    announceAnswer(order('m-2', 'Filled'));
    // An answer that left the order open says nothing.
    announceAnswer(order('m-3', 'New'));
    expect(toastStore.get()).toHaveLength(2);
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
  });

  it('takes the upgrade push of a classic account: 3400324 sets both tags to PROCESS, an error reads the profile again, "0" reloads', () => {
    const reloads = vi.fn();
    setPageReloaderForTests(reloads);
    const effects: UpgradeEffect[] = [];
    const stop = onUpgradeEffect((e) => effects.push(e));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const socket = sockets.latest();
    openAndAck(socket);
    act(() => socket.receive(push('user.uta.upgrade', [{ code: 200, data: '3400324' }])));
    expect(client.getQueryData<Profile>(queryKeys.profile)?.memberTags).toEqual({ UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' });
    act(() => socket.receive(push('user.uta.upgrade', [{ code: 200, data: '3400327' }])));
    expect(client.getQueryState(queryKeys.profile)?.isInvalidated).toBe(true);
    expect(reloads).not.toHaveBeenCalled();
    // an item that is no upgrade result is left out
    act(() => socket.receive(push('user.uta.upgrade', [{ code: 'x' }, { code: 200, data: '0' }])));
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(effects).toEqual([{ kind: 'progress' }, { kind: 'error', code: '3400327' }, { kind: 'reload' }]);
    stop();
  });

  it('opens nothing for a visitor', () => {
    client.setQueryData(queryKeys.profile, profile({ userState: 0, loggedIn: false, accountType: null, userId: null }));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    expect(sockets.all).toHaveLength(0);
    expect(getPrivateClient()).toBeNull();
  });

  it('closes the socket on log-out', async () => {
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const socket = sockets.latest();
    openAndAck(socket);
    await profileBecomes(profile({ userState: 0, loggedIn: false, accountType: null, userId: null }));
    expect(socket.closedWith).toBe(CLOSE_CODES.closedByPage);
    expect(getPrivateClient()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
  });

  it('an account switch in another tab closes the old socket at once and opens a new one', async () => {
    client.setQueryData(orderQueryKeys.open('ordinary'), []);
    renderHook(() => usePrivatePushes(connect), { wrapper });
    const old = sockets.latest();
    openAndAck(old);
    // The other tab's cookie has reached this one (the switch waits for it: accountSwitch.ts).
    document.cookie = 'spot_session=token-of-u-other; path=/';
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.account, newValue: 'u-other' })));
    document.cookie = 'spot_session=; path=/; max-age=0';
    expect(old.closedWith).toBe(CLOSE_CODES.closedByPage);
    expect(sockets.all).toHaveLength(2);
    // a late frame on the old socket reaches nobody
    old.receive(push('order_new', [orderView('9', 'New')]));
    expect(client.getQueryData(orderQueryKeys.open('ordinary'))).toEqual([]);
    // the profile of the new account then swaps the socket for its account type
    await profileBecomes(profile({ accountType: 'UTA', userId: 'u-uta' }));
    expect(sockets.all).toHaveLength(3);
    sockets.latest().open();
    expect(requests(sockets.latest())[0]).toBe('sub user.uta.spot.order');
  });
});

describe('polling falls back to the socket (spec 2 §9)', () => {
  const flush = () => act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

  it('the open lists stop polling while pushes are fresh and poll again once they go stale', async () => {
    renderHook(() => usePrivatePushes(connect), { wrapper });
    renderHook(() => useOpenOrders('ordinary'), { wrapper });
    await flush();
    expect(getOpenOrders).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ORDERS_REFETCH_MS));
    expect(getOpenOrders).toHaveBeenCalledTimes(2);

    act(() => openAndAck(sockets.latest()));
    await flush();
    // live: the lists are read once more (pushes may have been missed before)
    expect(getOpenOrders).toHaveBeenCalledTimes(3);
    // the wallet comes at 3 s; the 5 s checks (at 5, 10, 15 s) find it stale from 12 s on, i.e. at 15 s
    act(() => sockets.latest().receive(classicWallet('1', 1, 3000)));
    await act(() => vi.advanceTimersByTimeAsync(11_999));
    expect(getPrivateClient()?.state().stale).toBe(false);
    expect(getOpenOrders).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(getPrivateClient()?.state().stale).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ORDERS_REFETCH_MS));
    expect(getOpenOrders).toHaveBeenCalledTimes(4);
    await act(() => vi.advanceTimersByTimeAsync(OPEN_ORDERS_REFETCH_MS));
    expect(getOpenOrders).toHaveBeenCalledTimes(5);
  });

  it('the balances stop polling only when the pushed interval is 3000 ms or less', async () => {
    renderHook(() => usePrivatePushes(connect), { wrapper });
    renderHook(() => useBalances(), { wrapper });
    await flush();
    expect(fetchBalances).toHaveBeenCalledTimes(1);
    act(() => openAndAck(sockets.latest()));
    act(() => sockets.latest().receive(classicWallet('1', 1, 5000)));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchBalances).toHaveBeenCalledTimes(2);
    act(() => sockets.latest().receive(classicWallet('1', 2, 3000)));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchBalances).toHaveBeenCalledTimes(2);
  });

  it('a wallet push wins over a poll that was answered before it', async () => {
    let answer: (value: TokenBalance[]) => void = () => {};
    vi.mocked(fetchBalances).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderHook(() => usePrivatePushes(connect), { wrapper });
    renderHook(() => useBalances(), { wrapper });
    await flush();
    act(() => openAndAck(sockets.latest()));
    act(() => sockets.latest().receive(classicWallet('700', 1)));
    await act(async () => answer(balances('1')));
    expect(client.getQueryData<TokenBalance[]>(balancesQueryKey)?.[0]?.free).toBe('700');
  });
});
