/**
 * The order form's server side: account info, the innovation quota and the
 * create call. One click is one order: a create carries a client order id
 * made once per attempt and reused when the same order is sent again after
 * a lost answer, so the exchange (idempotent on that id) never makes two.
 */
import { useCallback, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyOpenOrderUpdate, isPlanOrder } from '../domain/orderStatus';
import { createOrder, fetchAccountInfo, fetchInnovationRemain } from './api/orderEntry';
import { announceAnswer } from './orderAnswerNotices';
import type { Order } from './api/orders';
import { balancesQueryKey } from './assets';
import { NetworkError } from './http';
import { orderQueryKeys } from './orders';

export type { AccountInfo } from './api/orderEntry';

export const accountInfoQueryKey = (symbolId: string) => ['user', 'accountInfo', symbolId] as const;

export function useAccountInfo(symbolId: string, enabled: boolean) {
  return useQuery({
    queryKey: accountInfoQueryKey(symbolId),
    queryFn: ({ signal }) => fetchAccountInfo(symbolId, signal),
    enabled,
    // Balances move with every fill: read again on a change (the private pushes invalidate it) or every 10 s at most.
    staleTime: 10_000,
    refetchInterval: 10_000,
  });
}

export function useInnovationRemain(symbolId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'innovationRemain', symbolId],
    queryFn: ({ signal }) => fetchInnovationRemain(symbolId, signal),
    enabled,
    staleTime: 10_000,
  });
}

/** 1–36 of the characters the exchange takes; random enough that two tabs never collide. */
export function newClientOrderId(random: () => string = () => crypto.randomUUID()): string {
  return `web-${random().replace(/-/g, '').slice(0, 28)}`;
}

/** Retries of a create whose answer was lost: same id, so the exchange answers the order it already made. */
const LOST_ANSWER_RETRIES = 2;

interface Attempt {
  /** the order as sent, without its id: the same order sent again reuses the id */
  key: string;
  clientOrderId: string;
}

/**
 * Places orders. `place(body)` adds the attempt's client order id; the
 * created order goes into the cached open list at once, so the row shows
 * before any push or poll, and the balances and account info are read again.
 */
export function usePlaceOrder() {
  const client = useQueryClient();
  const attempt = useRef<Attempt | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body, traceId }: { body: Record<string, unknown>; traceId: string }) => createOrder(body, traceId),
    retry: (count, error) => error instanceof NetworkError && count < LOST_ANSWER_RETRIES,
    retryDelay: (count) => 400 * (count + 1),
    onSuccess: (order: Order) => {
      const plan = isPlanOrder(order.planType);
      client.setQueryData<readonly Order[]>(orderQueryKeys.open(plan ? 'plan' : 'ordinary'), (orders) =>
        applyOpenOrderUpdate(orders ?? [], order, plan ? 'plan' : 'spot'),
      );
      void client.invalidateQueries({ queryKey: balancesQueryKey });
      void client.invalidateQueries({ queryKey: ['user', 'accountInfo'] });
      void client.invalidateQueries({ queryKey: ['user', 'innovationRemain'] });
      void client.invalidateQueries({ queryKey: orderQueryKeys.all });
      // After the caller's own "placed" toast: a market order that filled in the call is told as filled.
      setTimeout(() => announceAnswer(order), 0);
    },
  });
  const { mutateAsync } = mutation;

  const place = useCallback(
    async (body: Record<string, unknown>): Promise<Order> => {
      const key = JSON.stringify(body);
      const current = attempt.current?.key === key ? attempt.current : { key, clientOrderId: newClientOrderId() };
      attempt.current = current;
      try {
        const order = await mutateAsync({ body: { ...body, client_order_id: current.clientOrderId }, traceId: newClientOrderId() });
        attempt.current = null;
        return order;
      } catch (error) {
        // A lost answer keeps the attempt: sending the same order again must not make a second one.
        if (!(error instanceof NetworkError)) attempt.current = null;
        throw error;
      }
    },
    [mutateAsync],
  );
  return { place, pending: mutation.isPending };
}
