/**
 * The leveraged-token records (spec 2 §2 Subscription records / Redemption
 * records; §7 LT order list fetches): one paged list per record type and
 * time range, and what the LT order pushes do to it. The pushes come twice
 * (lt_order and user.lt.order carry the same items): LtPushMemory keeps the
 * status the page last took per order so each change counts once.
 */
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { isFreshLtChange } from '../domain/lt/ltOrderNotice';
import type { LtRecordTab } from '../domain/ordersPanelTabs';
import { fetchLtOrders, type LtOrder, type LtOrderPage, type LtOrderStatus, type LtOrderType, type LtRecordDays } from './api/lt';
import { pagedList } from './orders';
import { useProfile } from './queries';
import { usePushPolling } from './realtime/private';

export type { LtOrder, LtRecordDays } from './api/lt';

export const LT_ORDER_TYPE: Readonly<Record<LtRecordTab, LtOrderType>> = { subscription: 1, redemption: 2 };

/**
 * Under the user's LT queries (data/lt.ts ltQueryKeys.all): an account switch
 * (reloadUserData) drops them, and a subscribe or redeem call reads them again.
 */
export const ltOrderQueryKeys = {
  all: ['user', 'lt', 'orders'] as const,
  type: (orderType: LtOrderType) => ['user', 'lt', 'orders', orderType] as const,
  list: (orderType: LtOrderType, days: LtRecordDays) => ['user', 'lt', 'orders', orderType, days] as const,
};

/** The contract's default page; Load more reads the next one by cursor. */
export const LT_RECORDS_PAGE_SIZE = 20;

/**
 * While a shown order is still in progress and no socket pushes its end
 * (down, not subscribed, stale), the list is read again this often: the
 * 3 s of processing then show without a reload (spec 2 §9 allows polling as
 * the fallback).
 */
export const LT_RECORDS_FALLBACK_POLL_MS = 3_000;

type Pages = InfiniteData<LtOrderPage, string | null>;

const inProgress = (data: Pages | undefined) => data?.pages.some((page) => page.list.some((o) => o.status === 2)) ?? false;

/** A cursor that counts rows can repeat one after a new order went on top: each order is shown once. */
function uniqueOrders(rows: readonly LtOrder[]): LtOrder[] {
  const seen = new Set<string>();
  return rows.filter((o) => !seen.has(o.orderId) && seen.add(o.orderId));
}

/**
 * The records of one type created in the last `days`, newest first, a page at
 * a time. Only accounts that may see the records ask (§6: not demo, the
 * compliance flag); the exchange refuses the others (176011).
 */
export function useLtOrders(tab: LtRecordTab, days: LtRecordDays) {
  const profile = useProfile().data;
  const allowed = (profile?.loggedIn ?? false) && !(profile?.isDemo ?? false) && !(profile?.eaaRestricted ?? false);
  const polling = usePushPolling().orders;
  const orderType = LT_ORDER_TYPE[tab];
  const query = useInfiniteQuery({
    queryKey: ltOrderQueryKeys.list(orderType, days),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchLtOrders({ orderType, days, cursor: pageParam, limit: LT_RECORDS_PAGE_SIZE }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: allowed,
    staleTime: 0,
    refetchInterval: (q) => (polling && inProgress(q.state.data) ? LT_RECORDS_FALLBACK_POLL_MS : false),
  });
  const paged = pagedList(query, (page) => page.list);
  return { ...paged, data: paged.data && uniqueOrders(paged.data) };
}

/** A pushed order written into one cached list: replaced where it is, else on top (it is the newest). */
function withUpdates(data: Pages | undefined, updates: readonly LtOrder[]): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  const byId = new Map(updates.map((o) => [o.orderId, o]));
  const pages = data.pages.map((page) => ({ ...page, list: page.list.map((o) => byId.get(o.orderId) ?? o) }));
  const known = new Set(data.pages.flatMap((page) => page.list.map((o) => o.orderId)));
  const added = updates.filter((o) => !known.has(o.orderId)).sort((a, b) => b.createdTime - a.createdTime);
  if (added.length > 0) pages[0] = { ...pages[0]!, list: [...added, ...pages[0]!.list] };
  return { ...data, pages };
}

/**
 * Fresh LT order changes into the cached records of their type (every time
 * range: a change is always recent). A list not loaded yet stays unloaded;
 * a fetch already on its way was answered before the push: asked again.
 */
export function patchLtRecords(client: QueryClient, orders: readonly LtOrder[]): void {
  for (const orderType of [1, 2] as const) {
    const updates = orders.filter((o) => o.orderType === orderType);
    if (updates.length === 0) continue;
    const key = ltOrderQueryKeys.type(orderType);
    client.setQueriesData<Pages>({ queryKey: key }, (data) => withUpdates(data, updates));
    if (client.isFetching({ queryKey: key }) > 0) void client.invalidateQueries({ queryKey: key });
  }
}

/** Back live after a drop, or the records' refresh: read every record list again. */
export function ltRecordsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ltOrderQueryKeys.all });
}

export interface LtPushMemory {
  /** the changes among `orders` the page has not taken yet, remembered as taken */
  take(orders: readonly LtOrder[]): LtOrder[];
}

/**
 * The status last taken per order, for one socket session. Bounded: an
 * order is processed within seconds, so only recent ones can come again.
 */
export function createLtPushMemory(limit = 500): LtPushMemory {
  const seen = new Map<string, LtOrderStatus>();
  return {
    take(orders) {
      const fresh: LtOrder[] = [];
      for (const order of orders) {
        if (!isFreshLtChange(seen.get(order.orderId), order)) continue;
        fresh.push(order);
        // Re-inserted so the Map's order stays oldest-first for the trimming below.
        seen.delete(order.orderId);
        seen.set(order.orderId, order.status);
        if (seen.size > limit) seen.delete(seen.keys().next().value!);
      }
      return fresh;
    },
  };
}
