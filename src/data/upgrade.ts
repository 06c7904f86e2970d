/**
 * The UTA upgrade for the page (spec 2 §4): where the signed-in account
 * stands, the calls, the user.uta.upgrade push taken into the profile cache,
 * the page reload into the unified account, the device-local seen flags of
 * the tip and the success guide, and the poll that stands in for the push
 * while the private socket is down (§9: polling is the fallback).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  NOTHING_SEEN,
  tagsAfter,
  upgradeCallEffect,
  upgradePushEffect,
  upgradeStage,
  type UpgradeAccount,
  type UpgradeEffect,
  type UpgradePushItem,
  type UpgradeSeen,
  type UpgradeStage,
  type UpgradeStatus,
} from '../domain/upgrade';
import type { Profile } from './api/profile';
import { perUserStored } from './perUserStored';
import { useProfile, queryKeys } from './queries';
// The feed alone: the private client and its frame parsers load with the panels that open the socket.
import { usePrivateState } from './realtime/private/feed';
import { STORAGE_KEYS } from './storage';
import { fetchUpgradeStatus, startUpgrade } from './upgradeApi';

/**
 * The gray-release flag of the upgrade entry: on unless the build sets
 * `VITE_UTA_UPGRADE_GRAY=false` (a site that has not opened the upgrade yet).
 */
export const UPGRADE_GRAY_FLAG: boolean = (import.meta.env.VITE_UTA_UPGRADE_GRAY as string | undefined) !== 'false';

/** How often the profile is read while upgrading and the socket cannot tell the outcome. */
export const UPGRADE_POLL_MS = 5000;

const upgradeStatusKey = ['user', 'upgradeStatus'] as const;

export function upgradeAccountOf(profile: Profile | undefined): UpgradeAccount {
  return {
    loggedIn: profile?.loggedIn ?? false,
    accountType: profile?.accountType ?? null,
    isDemo: profile?.isDemo ?? false,
    tag: profile?.memberTags.UTA ?? null,
  };
}

export interface UpgradeView {
  account: UpgradeAccount;
  stage: UpgradeStage;
  userId: string | null;
}

/** The signed-in account's upgrade stage, from the profile the page already reads. */
export function useUpgradeView(): UpgradeView {
  const profile = useProfile().data;
  const account = upgradeAccountOf(profile);
  return { account, stage: upgradeStage(account, UPGRADE_GRAY_FLAG), userId: profile?.loggedIn ? profile.userId : null };
}

// ---- reload ----

let reloader: () => void = () => window.location.reload();
let reloading = false;

/** Reloads the page once (a push and the poll may both ask). */
export function reloadPage(): void {
  if (reloading) return;
  reloading = true;
  reloader();
}

/** Tests see the reload instead of leaving the page. */
export function setPageReloaderForTests(reload: () => void): void {
  reloader = reload;
  reloading = false;
}

// ---- effects (push, call) ----

const effectListeners = new Set<(effect: UpgradeEffect) => void>();

/** Told every effect of a push or of the start call (the upgrade modal opens on them). */
export function onUpgradeEffect(listener: (effect: UpgradeEffect) => void): () => void {
  effectListeners.add(listener);
  return () => void effectListeners.delete(listener);
}

/** What an effect does to the page's data: the tags in the profile cache, or the reload. */
export function applyUpgradeEffect(client: QueryClient, effect: UpgradeEffect): void {
  const tags = tagsAfter(effect);
  if (tags) client.setQueryData<Profile>(queryKeys.profile, (p) => p && { ...p, memberTags: tags });
  // A failed upgrade left the tags at FAIL on the server: the entry comes back once the profile says so.
  if (effect.kind === 'error') void client.invalidateQueries({ queryKey: queryKeys.profile });
  for (const listener of [...effectListeners]) listener(effect);
  if (effect.kind === 'reload') reloadPage();
}

/** One item of a user.uta.upgrade push (privatePushes.ts hands them here). */
export function takeUpgradePush(client: QueryClient, item: UpgradePushItem): void {
  applyUpgradeEffect(client, upgradePushEffect(item));
}

/** Start the upgrade; the answer goes through the same effects as a push. */
export function useStartUpgrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startUpgrade,
    onSuccess: (result) => applyUpgradeEffect(client, upgradeCallEffect(result)),
  });
}

/**
 * The modal's initialisation: where the server says the upgrade stands, read
 * afresh at every opening. No retry: a failure is shown at once
 * (currentOperationFailed) with the trader's own retry.
 */
export function useReadUpgradeStatus(): () => Promise<UpgradeStatus> {
  const client = useQueryClient();
  return useCallback(
    () => client.fetchQuery({ queryKey: upgradeStatusKey, queryFn: ({ signal }) => fetchUpgradeStatus(signal), staleTime: 0, retry: false }),
    [client],
  );
}

/**
 * While upgrading: with the socket live the push tells the outcome (and
 * coming back live the profile is read once, for an outcome pushed while it
 * was down); without it the profile is read every UPGRADE_POLL_MS.
 */
export function useUpgradeWatch(upgrading: boolean): void {
  const client = useQueryClient();
  const live = usePrivateState()?.live ?? false;
  useEffect(() => {
    if (!upgrading) return undefined;
    const readProfile = () => void client.invalidateQueries({ queryKey: queryKeys.profile });
    if (live) {
      readProfile();
      return undefined;
    }
    const timer = setInterval(readProfile, UPGRADE_POLL_MS);
    return () => clearInterval(timer);
  }, [client, upgrading, live]);
}

// ---- device-local seen flags ----

const parseSeen = (raw: unknown): UpgradeSeen | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  return { tip: o.tip === true, guide: o.guide === true };
};

const seenStore = perUserStored<UpgradeSeen>(STORAGE_KEYS.upgradeSeen, parseSeen);

export interface UpgradeSeenFlags {
  seen: UpgradeSeen;
  markSeen: (flag: keyof UpgradeSeen) => void;
}

/** Spec 2 §4: the seen-tip and seen-guide flags, on this device only; nothing is seen without a user. */
export function useUpgradeSeen(userId: string | null): UpgradeSeenFlags {
  const all = useSyncExternalStore(seenStore.subscribe, seenStore.all, seenStore.all);
  const seen = (userId !== null ? all[userId] : undefined) ?? NOTHING_SEEN;
  const markSeen = useCallback(
    (flag: keyof UpgradeSeen) => {
      if (userId !== null) seenStore.update(userId, (current) => ({ ...(current ?? NOTHING_SEEN), [flag]: true }));
    },
    [userId],
  );
  return { seen, markSeen };
}

/** Forgets the cached flags (tests). */
export function reloadUpgradeSeen(): void {
  seenStore.reload();
}
