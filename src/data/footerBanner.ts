import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  BANNER_PREF_KEY, BANNER_TOPIC, bannerSearchWindow, laterWatermark, parseBannerState, parseWatermarkPref, serializeWatermark,
  type BannerState, type BannerWatermark,
} from '../domain/footerBanner';
import { savePreferences } from './api/user';
import { searchAnnouncements } from './footerBannerApi';
import { useProfile } from './queries';
import { readJson, STORAGE_KEYS, writeJson } from './storage';
import { storedValue } from './storedValue';
import { preferencesQueryKey, useUserPreferences } from './userPreferences';

export const footerAnnouncementsQueryKey = ['announcements', 'footer'] as const;

/**
 * Spec 2 §7 announcement search: topic Spot, the last 7 days. One load per
 * page: announcements change slowly, and the window is applied again at
 * every render (an announcement ages out while the page is open).
 */
export function useFooterAnnouncements() {
  return useQuery({
    queryKey: footerAnnouncementsQueryKey,
    queryFn: ({ signal }) => searchAnnouncements({ topics: [BANNER_TOPIC], ...bannerSearchWindow(Date.now()) }, signal),
    staleTime: 10 * 60_000,
  });
}

/** This device's closes, read marks and a visitor's "don't show again" (validated on every read). */
const bannerState = storedValue<BannerState>(
  STORAGE_KEYS.footerBanner,
  () => parseBannerState(readJson(STORAGE_KEYS.footerBanner), Date.now()),
  (value) => void writeJson(STORAGE_KEYS.footerBanner, value),
);

export function useFooterBannerState(): BannerState {
  return useSyncExternalStore(bannerState.subscribe, bannerState.get, bannerState.get);
}

/** Forgets the cached state, so the next read is storage's (tests). */
export function reloadFooterBannerState(): void {
  bannerState.reload();
}

/** A close or a read mark: kept on this device (shared with other tabs through the storage event). */
export function updateFooterBannerState(next: (current: BannerState) => BannerState): void {
  bannerState.set(next(bannerState.get()));
}

export interface AccountWatermark {
  /** false until it is known whose page this is and, for a user, what the exchange holds: show nothing before */
  ready: boolean;
  loggedIn: boolean;
  /** the user's "don't show again" as the exchange holds it */
  watermark: BannerWatermark | null;
  /** stores a new one on the exchange; resolves once it is stored (rejects with the refusal) */
  save: (watermark: BannerWatermark) => Promise<void>;
  saving: boolean;
}

/**
 * A logged-in user's "don't show again" (spec 2 §4, §7 setPrefSetting with
 * the announcement date JSON). Not optimistic: the banner goes only once the
 * exchange answered that the key is stored, so a reload never brings back
 * what the page said was hidden for good.
 */
export function useAccountWatermark(): AccountWatermark {
  const profile = useProfile();
  const preferences = useUserPreferences();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (next: BannerWatermark) => {
      // upsert replaces the key: join with what the exchange holds, so an older hide from another device is not lost.
      const stored = parseWatermarkPref(client.getQueryData<Record<string, string>>(preferencesQueryKey)?.[BANNER_PREF_KEY]);
      return savePreferences({ [BANNER_PREF_KEY]: serializeWatermark(laterWatermark(stored, next) ?? next) });
    },
    onSuccess: (saved) => client.setQueryData(preferencesQueryKey, saved),
  });
  const loggedIn = profile.data?.loggedIn ?? false;
  return {
    ready: profile.isSuccess && (!loggedIn || preferences.loaded),
    loggedIn,
    watermark: loggedIn ? parseWatermarkPref(preferences.values[BANNER_PREF_KEY]) : null,
    save: async (watermark) => {
      await mutation.mutateAsync(watermark);
    },
    saving: mutation.isPending,
  };
}
