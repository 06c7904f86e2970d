import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_NOTICE_PREFS, NOTICE_PREFS_KEY, parseNoticePrefs, serializeNoticePrefs, type NoticePrefs } from '../domain/orderNotices';
import { readString, STORAGE_KEYS, writeString } from './storage';
import { preferencesQueryKey, useSavePreferences, useUserPreferences } from './userPreferences';

/**
 * The order-notification switches (spec 2 §3 `double_confirm`), kept on the
 * exchange with the user's other preferences. `set` answers once the
 * exchange has stored them; a failed save puts the switches back.
 */
export function useNoticePrefs(): { prefs: NoticePrefs; loaded: boolean; set: (next: NoticePrefs) => Promise<boolean> } {
  const preferences = useUserPreferences();
  const save = useSavePreferences();
  const client = useQueryClient();
  const prefs = preferences.loaded ? parseNoticePrefs(preferences.values[NOTICE_PREFS_KEY]) : DEFAULT_NOTICE_PREFS;
  const set = async (next: NoticePrefs) => {
    const before = client.getQueryData(preferencesQueryKey);
    try {
      await save.mutateAsync({ [NOTICE_PREFS_KEY]: serializeNoticePrefs(next) });
      return true;
    } catch {
      // The save shows at once (optimistic); refused, the switches go back to what the exchange holds.
      client.setQueryData(preferencesQueryKey, before);
      return false;
    }
  };
  return { prefs, loaded: preferences.loaded, set };
}

const systemNoticesSupported = () => typeof Notification !== 'undefined';

/** System notifications of fills while the page is hidden: this device's opt-in and the browser's permission. */
export function useSystemNotices(): { supported: boolean; on: boolean; request: (on: boolean) => Promise<void> } {
  const [on, setOn] = useState(() => systemNoticesOn());
  const request = async (want: boolean) => {
    if (!want) {
      writeString(STORAGE_KEYS.systemNotices, '0');
      setOn(false);
      return;
    }
    if (!systemNoticesSupported()) return;
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    const granted = permission === 'granted';
    writeString(STORAGE_KEYS.systemNotices, granted ? '1' : '0');
    setOn(granted);
  };
  return { supported: systemNoticesSupported(), on, request };
}

export function systemNoticesOn(): boolean {
  return systemNoticesSupported() && Notification.permission === 'granted' && readString(STORAGE_KEYS.systemNotices) === '1';
}

/** A system notification, only while the page is in the background (in front, the toast says it). */
export function showSystemNotice(title: string, body: string): void {
  if (typeof document === 'undefined' || !document.hidden || !systemNoticesOn()) return;
  try {
    const notice = new Notification(title, { body, tag: 'spot-order' });
    // A click brings the trader back to the page the fill happened on.
    notice.onclick = () => window.focus();
  } catch {
    // Some browsers allow notifications only from a service worker: the toast is there when the page is back.
  }
}
