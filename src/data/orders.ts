import { useInfiniteQuery, useMutation, useMutationState, useQuery, useQueryClient, type InfiniteData, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyOpenOrderUpdate, cancelFailureText, historyWindow, isGridBotOrder, isPlanOrder, isStrategyChildOrder, type OrderHistoryRange } from '../domain/orderStatus';
import {
  cancelAllOrders,
  cancelAllPlanOrders,
  cancelOrder,
  cancelPlanOrder,
  getOpenOrders,
  getOpenPlanOrders,
  getOrderHistory,
  getTradeHistory,
  modifyOrder,
  ORDER_PAGE_SIZE,
  type ModifyFields,
  type Order,
} from './api/orders';
import { fetchServerTime } from './api/serverTime';
import { ApiError } from './http';
import { useProfile } from './queries';
import { usePushPolling } from './realtime/private';
import { toastStore } from './toasts';
import { markOwnAction } from './ownOrderActions';

export type { Fill, ModifyFields, Order } from './api/orders';

/** The order lists' two kinds: ordinary (limit and market) orders and plan (conditional) orders. */
export type OrderKind = 'ordinary' | 'plan';

/** Under 'user', so an account switch (reloadUserData) drops and refetches every list. */
export const orderQueryKeys = {
  all: ['user', 'orders'] as const,
  open: (kind: OrderKind) => ['user', 'orders', 'open', kind] as const,
  history: (planTypes: readonly number[], days: OrderHistoryRange) => ['user', 'orders', 'history', planTypes.join(',') || 'ordinary', days] as const,
  trades: ['user', 'orders', 'trades'] as const,
};

/**
 * Open lists are polled this often while the page is visible (react-query
 * pauses the interval while it is hidden) and the private socket's order
 * pushes do not keep them current (usePushPolling: socket down or stale).
 */
export const OPEN_ORDERS_REFETCH_MS = 3000;

function useSignedIn(): boolean {
  return useProfile().data?.loggedIn ?? false;
}

/**
 * A grid bot's orders, and an iceberg's, TWAP's or chase's children, are
 * theirs to move and end: the bot's panel and the strategy tabs show them,
 * the open-order lists and the chart do not.
 */
const isToolOrder = (o: Order): boolean => isGridBotOrder(o) || isStrategyChildOrder(o);
const withoutStrategyOrders = (orders: readonly Order[]): readonly Order[] => (orders.some(isToolOrder) ? orders.filter((o) => !isToolOrder(o)) : orders);

export function useOpenOrders(kind: OrderKind) {
  return useQuery({
    queryKey: orderQueryKeys.open(kind),
    queryFn: ({ signal }) => (kind === 'plan' ? getOpenPlanOrders(signal) : getOpenOrders(signal)),
    select: withoutStrategyOrders,
    enabled: useSignedIn(),
    refetchInterval: usePushPolling().orders ? OPEN_ORDERS_REFETCH_MS : false,
    staleTime: 0,
  });
}

/** Where the next page of a history starts: after the last order seen, in the window the first page fixed. */
interface HistoryCursor {
  from: string;
  window: { startTime: number; endTime: number };
}

/**
 * Finished orders of a sub-tab (ordinary ones, or the exact plan types it
 * lists), 100 at a time: `loadMore` reads the next page after the last order
 * shown (spec 2 §9 page size). The window is fixed by the first page, so a
 * later page never overlaps or skips what the first one showed.
 */
export function useOrderHistory(planTypes: readonly number[], days: OrderHistoryRange) {
  const query = useInfiniteQuery({
    queryKey: orderQueryKeys.history(planTypes, days),
    initialPageParam: null as HistoryCursor | null,
    queryFn: async ({ pageParam, signal }) => {
      // The window is counted on the exchange's clock: the page's clock may differ, and the server refuses spans over 180 days.
      const window = pageParam?.window ?? historyWindow(await fetchServerTime(signal), days);
      const rows = await getOrderHistory({ ...window, planTypes }, signal, pageParam?.from ?? '0');
      return { rows, window };
    },
    getNextPageParam: (last): HistoryCursor | undefined =>
      last.rows.length < ORDER_PAGE_SIZE ? undefined : { from: last.rows[last.rows.length - 1]!.orderId, window: last.window },
    enabled: useSignedIn(),
    staleTime: 0,
  });
  return pagedList(query, (page) => page.rows);
}

/** A paged list as the views read it: the rows of every page so far, and a way to the next page. */
export function pagedList<P, R>(query: UseInfiniteQueryResult<InfiniteData<P>>, rowsOf: (page: P) => readonly R[]) {
  return {
    data: query.data?.pages.flatMap(rowsOf),
    isError: query.isError,
    refetch: query.refetch,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

export function useTradeHistory() {
  return useQuery({ queryKey: orderQueryKeys.trades, queryFn: ({ signal }) => getTradeHistory(signal), enabled: useSignedIn(), staleTime: 0 });
}

/** Drops the finished orders from the cached open list at once, so the row goes before the next poll. */
function removeFinished(client: QueryClient, kind: OrderKind, finished: readonly Order[]) {
  const list = kind === 'plan' ? 'plan' : 'spot';
  client.setQueryData<readonly Order[]>(orderQueryKeys.open(kind), (orders) => orders && finished.reduce((acc, o) => applyOpenOrderUpdate(acc, o, list), orders));
}

function useFailureToast() {
  const { t } = useTranslation('trade');
  return (error: unknown, kind: 'ordinary' | 'plan' | 'all') => {
    const own = error instanceof ApiError ? cancelFailureText(error.code, kind) : null;
    if (own) toastStore.show(t(own), 'error');
    else if (error instanceof ApiError) toastStore.show(t('operationFailReason', { message: error.message }), 'error');
    else toastStore.show(t('operationFail'), 'error');
  };
}

const CANCEL_KEY = ['cancelOrder'] as const;

/** Cancels one order (ordinary or plan, by its plan type); spec 2 §8 toasts. */
export function useCancelOrder() {
  const { t } = useTranslation('trade');
  const client = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationKey: CANCEL_KEY,
    mutationFn: (order: Order) => (isPlanOrder(order.planType) ? cancelPlanOrder(order) : cancelOrder(order)),
    // Marked before the call: its push may come back before its answer, and cancelSuccess already says it.
    onMutate: (order) => markOwnAction([order.orderId], 'cancel'),
    onSuccess: (cancelled) => {
      removeFinished(client, isPlanOrder(cancelled.planType) ? 'plan' : 'ordinary', [cancelled]);
      toastStore.show(t('cancelSuccess'), 'success');
    },
    onError: (error, order) => fail(error, isPlanOrder(order.planType) ? 'plan' : 'ordinary'),
    // Refused or not, the lists are read again: a refused cancel often means the order just filled.
    onSettled: () => client.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

/** Ids of the orders whose cancel is on its way (their buttons wait). */
export function useCancellingIds(): ReadonlySet<string> {
  const ids = useMutationState({ filters: { mutationKey: CANCEL_KEY, status: 'pending' }, select: (m) => (m.state.variables as Order | undefined)?.orderId });
  return new Set(ids.filter((id): id is string => id !== undefined));
}

/**
 * Cancels every open order of a sub-tab (spec 2 §5 cancel-all): ordinary
 * orders, or the plan types the sub-tab lists; of one pair, or of every pair
 * (symbolId null); spec 2 §8 toasts.
 */
export function useCancelAll(planTypes: readonly number[], symbolId: string | null) {
  const kind: OrderKind = planTypes.length ? 'plan' : 'ordinary';
  const { t } = useTranslation('trade');
  const client = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: () => (kind === 'plan' ? cancelAllPlanOrders(planTypes, symbolId) : cancelAllOrders(symbolId)),
    onMutate: () => {
      const open = client.getQueryData<readonly Order[]>(orderQueryKeys.open(kind)) ?? [];
      markOwnAction(open.filter((o) => !symbolId || o.symbolId === symbolId).map((o) => o.orderId), 'cancel');
    },
    onSuccess: ({ orders }) => {
      removeFinished(client, kind, orders);
      toastStore.show(t('operationSuccess'), 'success');
    },
    onError: (error) => fail(error, 'all'),
    onSettled: () => client.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

const MODIFY_KEY = ['modifyOrder'] as const;

/** Puts the modified order in place of the old one in its open list, so the row shows it before the next read. */
function replaceOpen(client: QueryClient, modified: Order) {
  const kind: OrderKind = isPlanOrder(modified.planType) ? 'plan' : 'ordinary';
  client.setQueryData<readonly Order[]>(orderQueryKeys.open(kind), (orders) => orders?.map((o) => (o.orderId === modified.orderId ? modified : o)));
}

/**
 * Modifies an open order (spec 2 §4 edit flow; §8: orderSuccessful, or the
 * server's message). The cached row changes only once the exchange has
 * answered: a refused modify leaves the row as it was.
 */
export function useModifyOrder() {
  const { t } = useTranslation('trade');
  const client = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationKey: MODIFY_KEY,
    mutationFn: ({ order, fields }: { order: Order; fields: ModifyFields }) => modifyOrder(order, fields),
    onMutate: ({ order }) => markOwnAction([order.orderId], 'modify'),
    onSuccess: (modified) => {
      replaceOpen(client, modified);
      toastStore.show(t('orderSuccessful'), 'success');
    },
    onError: (error, { order }) => fail(error, isPlanOrder(order.planType) ? 'plan' : 'ordinary'),
    onSettled: () => client.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

/** The orders whose modify is on its way, with the values sent (their rows show them, labelled pending). */
export function usePendingModifies(): ReadonlyMap<string, ModifyFields> {
  const pending = useMutationState({
    filters: { mutationKey: MODIFY_KEY, status: 'pending' },
    select: (m) => m.state.variables as { order: Order; fields: ModifyFields } | undefined,
  });
  return new Map(pending.filter((v) => v !== undefined).map((v) => [v.order.orderId, v.fields]));
}
