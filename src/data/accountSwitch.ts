import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from './storage';

/**
 * Another tab logging in, out or switching account writes the account key;
 * this tab sees a storage event and reloads everything user-bound.
 */
export function watchAccountSwitch(onAccountChange: (accountId: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null means the other tab cleared all storage: treat as a log-out.
    if (event.key === STORAGE_KEYS.account || event.key === null) onAccountChange(event.key === null ? null : event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The account-change handler: drop and refetch every user-bound query. */
export function reloadUserData(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: ['user'], type: 'inactive' });
  return client.invalidateQueries({ queryKey: ['user'] });
}
