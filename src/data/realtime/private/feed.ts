/**
 * The page's one private client, where the list hooks can see it: the open
 * order lists and the balances poll only while the socket's pushes do not
 * keep them current (spec 2 §9). Without a client (a visitor, a test of one
 * list) everything polls, as before the socket existed.
 */
import { useSyncExternalStore } from 'react';
import { shouldPollOrders, shouldPollWallet } from '../../../domain/walletStaleness';
import type { PrivateClient, PrivateState } from './client';

let current: PrivateClient | null = null;
let stopForwarding: (() => void) | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** Makes `client` the page's private client (null: none); the previous one is not closed here. */
export function setPrivateClient(client: PrivateClient | null): void {
  if (client === current) return;
  stopForwarding?.();
  current = client;
  stopForwarding = client ? client.onState(notify) : null;
  notify();
}

export function getPrivateClient(): PrivateClient | null {
  return current;
}

/** Drops `client` if it is still the page's, so a late cleanup cannot unset its successor. */
export function clearPrivateClient(client: PrivateClient): void {
  if (current === client) setPrivateClient(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = (): PrivateState | null => current?.state() ?? null;

/** The current client's state; null without a client. */
export function usePrivateState(): PrivateState | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export interface Polling {
  orders: boolean;
  wallet: boolean;
}

/** Which polls the page still needs: only while the socket is down, not subscribed, or its wallet pushes went stale. */
export function pollingFor(state: PrivateState | null): Polling {
  if (!state) return { orders: true, wallet: true };
  const freshness = { live: state.live, feed: state.feed, stale: state.stale };
  return { orders: shouldPollOrders(freshness), wallet: shouldPollWallet(freshness) };
}

export function usePushPolling(): Polling {
  return pollingFor(usePrivateState());
}
