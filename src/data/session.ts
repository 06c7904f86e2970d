import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reloadUserData } from './accountSwitch';
import { logout, resetDemoAccount } from './api/session';
import { removeKey, STORAGE_KEYS } from './storage';

/**
 * Log-out: the exchange ends the session, other tabs hear it through the
 * account key (their storage event reloads their user data) and this tab
 * drops everything user-bound.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      removeKey(STORAGE_KEYS.account);
      await reloadUserData(client);
    },
  });
}

/** The demo account's reset; every user-bound query reloads after it. */
export function useResetDemoAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetDemoAccount,
    onSuccess: () => reloadUserData(client),
  });
}
