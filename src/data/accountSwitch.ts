import type { QueryClient } from '@tanstack/react-query';
import { EXCHANGE_IN_PAGE } from './backendKind';
import { readSessionCookie } from './sessionCookie';
import { STORAGE_KEYS } from './storage';

export interface AccountSwitchOptions {
  /** the session token this tab's requests carry now; null when scripts cannot read it (the server's HttpOnly cookie) */
  readToken?: () => string | null;
  /** whether the token is readable here at all (the in-page exchange); when not, nothing is waited for */
  tokenReadable?: boolean;
  /** how long to wait for the other tab's cookie to reach this one */
  settleMs?: number;
  pollMs?: number;
}

const SETTLE_MS = 3_000;
const POLL_MS = 25;

/**
 * Another tab logging in, out or switching account writes the account key;
 * this tab sees a storage event and reloads everything user-bound.
 *
 * The other tab wrote its session cookie before the key, but the browser
 * carries the two to this tab separately: on a busy machine the storage event
 * was seen before the cookie, and the reload asked for the old account again
 * (CI, accounts.spec). So the handler runs once this tab reads a cookie that
 * differs from the one it last saw, or after SETTLE_MS at most.
 */
export function watchAccountSwitch(onAccountChange: (accountId: string | null) => void, options: AccountSwitchOptions = {}): () => void {
  const readToken = options.readToken ?? (() => readSessionCookie());
  const readable = options.tokenReadable ?? EXCHANGE_IN_PAGE;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  let lastToken = readToken();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (accountId: string | null) => {
    timer = undefined;
    lastToken = readToken();
    onAccountChange(accountId);
  };
  const settleThenDeliver = (accountId: string | null, deadline: number) => {
    if (timer !== undefined) clearTimeout(timer);
    // Signed out before and after (no cookie either side) is already settled.
    const settled = !readable || readToken() !== lastToken || (lastToken === null && accountId === null);
    if (settled || Date.now() >= deadline) {
      deliver(accountId);
      return;
    }
    timer = setTimeout(() => settleThenDeliver(accountId, deadline), pollMs);
  };
  const onStorage = (event: StorageEvent) => {
    // key null means the other tab cleared all storage: treat as a log-out.
    if (event.key !== STORAGE_KEYS.account && event.key !== null) return;
    settleThenDeliver(event.key === null ? null : event.newValue, Date.now() + settleMs);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** The account-change handler: drop and refetch every user-bound query. */
export function reloadUserData(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: ['user'], type: 'inactive' });
  return client.invalidateQueries({ queryKey: ['user'] });
}
