/**
 * The private socket's pushes written into the react-query caches the lists
 * already read (spec 2 §4): order pushes go through the domain's open-list
 * maintenance, fills and finished orders make the histories refetch, and a
 * wallet push is the balance call's answer; a leveraged-token order push
 * (either of its two topics, each change once) updates the LT records, makes
 * the wallet and the LT figures stale and is toasted. Mounted once for the page
 * (<PrivatePushes />); while its pushes are fresh the lists stop polling
 * (usePushPolling in orders.ts and assets.ts).
 */
import { TRAILING_PLAN_TYPES as TRAILING_PLANS } from '../domain/planTypes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../domain/format';
import { ltOrderNotice } from '../domain/lt/ltOrderNotice';
import { orderNotice, type NoticePrefs } from '../domain/orderNotices';
import { applyOpenOrderUpdate, isPlanOrder, openListEffect } from '../domain/orderStatus';
import { watchAccountSwitch } from './accountSwitch';
import type { TokenBalance } from './api/assets';
import type { LtOrder } from './api/lt';
import { balancesQueryKey } from './assets';
import { ltQueryKeys } from './lt';
import { createLtPushMemory, ltRecordsChanged, patchLtRecords, type LtPushMemory } from './ltOrders';
import { showSystemNotice, useNoticePrefs } from './noticePrefs';
import { firstTelling, setAnswerAnnouncer } from './orderAnswerNotices';
import { orderQueryKeys, type Order, type OrderKind } from './orders';
import { ownActionOf } from './ownOrderActions';
import { pageStatus } from './pageStatus';
import { useProfile } from './queries';
import { playFillSound } from './sound';
import { strategiesChanged } from './strategyOrders';
import { toastStore } from './toasts';
import { takeUpgradePush } from './upgrade';
import {
  clearPrivateClient,
  createPrivateClient,
  privateSocketUrl,
  setPrivateClient,
  type PrivateAccountType,
  type PrivateClient,
  type PrivateEvent,
} from './realtime/private';

/** Every account-info query (what the form can buy and sell) is keyed under this; a wallet change makes them stale. */
export const accountInfoQueryPrefix = ['user', 'accountInfo'] as const;

const orderHistoryPrefix = ['user', 'orders', 'history'] as const;
/** The integrated lists (data/integrated.ts); named here so that module's imports stay one-way. */
const integratedOpenOrdersPrefix = ['user', 'orders', 'integrated'] as const;
const positionsPrefix = ['user', 'positions'] as const;
const pnlPrefix = ['user', 'orders', 'pnl'] as const;
const chartTradesPrefix = ['user', 'chartTrades'] as const;

/** Spec 2 §4: the demo account skips trailing-order list updates (4 trailing stop, 5 trailing profit). */
const TRAILING_PLAN_TYPES: ReadonlySet<number> = new Set(TRAILING_PLANS);

export interface PushAccount {
  isDemo: boolean;
  /** tells the trader about an update (spec 2 §4 notifications), given the order as the page knew it and the open-order count */
  announce?: (update: Order, previous: Order | null, openCount: number) => void;
  /** tells the trader how an LT order ended (spec 2 §4) */
  announceLt?: (update: LtOrder) => void;
  /** what this socket session took of the LT pushes: without it, every item counts as news */
  ltMemory?: LtPushMemory;
}

const kindOf = (order: Order): OrderKind => (isPlanOrder(order.planType) ? 'plan' : 'ordinary');
const listOf = (kind: OrderKind) => (kind === 'plan' ? 'plan' : 'spot');

const isFetching = (client: QueryClient, queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.fetchStatus === 'fetching';

function patchOrders(client: QueryClient, orders: readonly Order[], account: PushAccount) {
  const cached = (kind: OrderKind) => client.getQueryData<readonly Order[]>(orderQueryKeys.open(kind)) ?? [];
  for (const kind of ['ordinary', 'plan'] as const) {
    const updates = orders.filter((o) => kindOf(o) === kind && !(account.isDemo && TRAILING_PLAN_TYPES.has(o.planType)));
    if (updates.length === 0) continue;
    const key = orderQueryKeys.open(kind);
    if (account.announce) {
      const openCount = cached('ordinary').length + cached('plan').length;
      for (const update of updates) account.announce(update, cached(kind).find((o) => o.orderId === update.orderId) ?? null, openCount);
    }
    // A list not loaded yet stays unloaded: its first fetch will be newer than the push.
    client.setQueryData<readonly Order[]>(key, (list) => list && updates.reduce((acc, o) => applyOpenOrderUpdate(acc, o, listOf(kind)), list));
    // A fetch on its way was answered before this push and would put the old rows back: ask again.
    if (isFetching(client, key)) void client.invalidateQueries({ queryKey: key });
  }
  // The integrated list mixes both kinds with its own fields: read again (only while its tab is shown).
  void client.invalidateQueries({ queryKey: integratedOpenOrdersPrefix });
  if (orders.some((o) => openListEffect(listOf(kindOf(o)), o.status) === 'remove')) {
    void client.invalidateQueries({ queryKey: orderHistoryPrefix });
  }
}

const sameBalances = (a: readonly TokenBalance[], b: readonly TokenBalance[]) =>
  a.length === b.length && a.every((x, i) => x.tokenId === b[i]!.tokenId && x.free === b[i]!.free && x.locked === b[i]!.locked && x.total === b[i]!.total);

function patchWallet(client: QueryClient, balances: TokenBalance[]) {
  const cached = client.getQueryData<TokenBalance[]>(balancesQueryKey);
  // The periodic push of an unchanged wallet: nothing to redraw, nothing to refetch.
  if (cached && sameBalances(cached, balances)) return;
  // A poll on its way was answered before this push; cancelled (reverting at once), it cannot overwrite it.
  if (isFetching(client, balancesQueryKey)) void client.cancelQueries({ queryKey: balancesQueryKey });
  client.setQueryData(balancesQueryKey, balances);
  void client.invalidateQueries({ queryKey: accountInfoQueryPrefix });
  void client.invalidateQueries({ queryKey: positionsPrefix });
}

/**
 * An LT order moves money (the amount leaves at once, the tokens or quote come
 * when done, a failure gives it back) and the day's subscribed total: the
 * wallet, what the form can buy, and the token's symbol info (its
 * dailyPurchaseUsed) and live info are read again.
 */
function patchLtOrders(client: QueryClient, orders: readonly LtOrder[], account: PushAccount) {
  const fresh = account.ltMemory ? account.ltMemory.take(orders) : [...orders];
  if (fresh.length === 0) return;
  patchLtRecords(client, fresh);
  void client.invalidateQueries({ queryKey: balancesQueryKey });
  void client.invalidateQueries({ queryKey: accountInfoQueryPrefix });
  for (const symbolId of new Set(fresh.map((o) => o.symbolId))) {
    void client.invalidateQueries({ queryKey: ltQueryKeys.symbolInfo(symbolId) });
    void client.invalidateQueries({ queryKey: ltQueryKeys.info(symbolId) });
  }
  for (const update of fresh) account.announceLt?.(update);
}

/** Applies one event of the private client to the caches. */
export function patchPrivatePush(client: QueryClient, event: PrivateEvent, account: PushAccount): void {
  switch (event.kind) {
    case 'orders':
      patchOrders(client, event.orders, account);
      break;
    case 'fills':
      void client.invalidateQueries({ queryKey: orderQueryKeys.trades });
      void client.invalidateQueries({ queryKey: positionsPrefix });
      void client.invalidateQueries({ queryKey: pnlPrefix });
      void client.invalidateQueries({ queryKey: chartTradesPrefix });
      break;
    case 'wallet':
      patchWallet(client, event.balances);
      break;
    case 'strategies':
      strategiesChanged(client);
      break;
    case 'ltOrders':
      patchLtOrders(client, event.orders, account);
      break;
    case 'upgrade':
      for (const item of event.items) takeUpgradePush(client, item);
      break;
    case 'live':
      // Subscribed (again): whatever changed before, or while the socket was down, came with no push.
      void client.invalidateQueries({ queryKey: orderQueryKeys.all });
      strategiesChanged(client);
      ltRecordsChanged(client);
      break;
  }
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** Says one update as a toast (with the chime and a system notice when the rules and the trader's switches ask for them). */
function announceOrder(t: Translate, locale: string, prefs: NoticePrefs, update: Order, previous: Order | null, openCount: number) {
  if (!firstTelling(update)) return;
  const notice = orderNotice(update, previous, { prefs, openCount, ownAction: ownActionOf(update.orderId) });
  if (!notice) return;
  const number = (value: string) => formatAsGiven(value, locale);
  const filled = Number(update.executedQty) > 0;
  const text = t(notice.key, {
    side: t(`side_${update.side}`),
    pair: `${update.baseTokenName}/${update.quoteTokenName}`,
    qty: number(filled ? update.executedQty : update.qty),
    coin: update.baseTokenName,
    price: number(filled && Number(update.avgPrice) > 0 ? update.avgPrice : update.price),
    trigger: number(update.triggerPrice),
  });
  toastStore.show(text, notice.kind);
  if (notice.sound) playFillSound();
  if (notice.systemNotice) showSystemNotice(t('noticeSystemTitle'), text);
}

/** Says how an LT order ended (spec 2 §4); in progress says nothing. */
function announceLtOrder(t: Translate, locale: string, update: LtOrder) {
  const notice = ltOrderNotice(update);
  if (!notice) return;
  const number = (value: string | null) => (value === null ? '—' : formatAsGiven(value, locale));
  const text = t(notice.key, {
    token: update.token,
    quote: update.quote,
    amount: number(update.orderQuantity),
    received: number(update.fillQuantity),
    reason: notice.reasonKey ? t(notice.reasonKey) : '',
  });
  toastStore.show(text, notice.kind);
}

/** Opens the private client of an account; tests hand in one over a fake socket. */
export type PrivateClientFactory = (accountType: PrivateAccountType) => PrivateClient;

const connectPage: PrivateClientFactory = (accountType) => createPrivateClient({ url: privateSocketUrl(), accountType, pageStatus });

/**
 * One private socket while someone is signed in: opened for the profile's
 * account type, closed on log-out, replaced when the account changes (here
 * or, through the account key's storage event, in another tab).
 */
export function usePrivatePushes(connect: PrivateClientFactory = connectPage): void {
  const queryClient = useQueryClient();
  const profile = useProfile().data;
  const accountType = profile?.loggedIn ? profile.accountType : null;
  const userId = profile?.userId ?? null;
  const isDemo = profile?.isDemo ?? false;
  const [generation, renew] = useReducer((n: number) => n + 1, 0);
  const { t, i18n } = useTranslation('trade');
  const { prefs } = useNoticePrefs();
  // Read when a push arrives: a language or switch change must not reopen the socket.
  const announceRef = useRef<PushAccount['announce']>(undefined);
  announceRef.current = (update, previous, openCount) => announceOrder(t, i18n.language, prefs, update, previous, openCount);
  const announceLtRef = useRef<PushAccount['announceLt']>(undefined);
  announceLtRef.current = (update) => announceLtOrder(t, i18n.language, update);

  // A create answer that already finished its order is told here too, once (orderAnswerNotices).
  useEffect(() => {
    if (!accountType) return undefined;
    setAnswerAnnouncer((order) => {
      const open = (kind: OrderKind) => queryClient.getQueryData<readonly Order[]>(orderQueryKeys.open(kind))?.length ?? 0;
      announceRef.current?.(order, null, open('ordinary') + open('plan'));
    });
    return () => setAnswerAnnouncer(null);
  }, [queryClient, accountType]);

  useEffect(() => {
    if (!accountType) return undefined;
    const client = connect(accountType);
    setPrivateClient(client);
    const account: PushAccount = {
      isDemo,
      announce: (update, previous, openCount) => announceRef.current?.(update, previous, openCount),
      announceLt: (update) => announceLtRef.current?.(update),
      // Per socket session: the two LT topics' copies of a change meet here.
      ltMemory: createLtPushMemory(),
    };
    const stopEvents = client.onEvent((event) => patchPrivatePush(queryClient, event, account));
    const stop = () => {
      stopEvents();
      client.close();
      clearPrivateClient(client);
    };
    // The socket signed in as the old account: closed at once, before any of its pushes can land in
    // the caches being reloaded for the new one; then a new socket with the cookie as it is now.
    const stopWatching = watchAccountSwitch(() => {
      stop();
      renew();
    });
    return () => {
      stopWatching();
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- userId and generation name the session: another user, or a switch in another tab, gets a new socket
  }, [queryClient, connect, accountType, userId, isDemo, generation]);
}

/** Mount once inside the QueryClientProvider. */
export function PrivatePushes(): null {
  usePrivatePushes();
  return null;
}
