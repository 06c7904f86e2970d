import { useQuery } from '@tanstack/react-query';
import { fetchAnnouncements } from './api/announcements';
import { STORAGE_KEYS, readString, writeString } from './storage';

export const announcementQueryKey = ['market', 'announcements'] as const;

/** The announcement bar's list; one load per page is enough (a changed list shows on the next visit). */
export function useAnnouncements() {
  return useQuery({ queryKey: announcementQueryKey, queryFn: ({ signal }) => fetchAnnouncements(signal), staleTime: 10 * 60_000, retry: 1 });
}

/** The signature of the list whose bar the user closed, as stored (untrusted: the domain checks it). */
export function readClosedAnnouncements(): string | null {
  return readString(STORAGE_KEYS.announcementClosed);
}

export function rememberClosedAnnouncements(signature: string): void {
  writeString(STORAGE_KEYS.announcementClosed, signature);
}
