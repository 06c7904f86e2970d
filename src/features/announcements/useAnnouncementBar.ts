import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ANNOUNCEMENT_DELAY_MS, ANNOUNCEMENT_ROTATE_MS, announcementsFor, announcementsSignature, clampAnnouncementIndex, isAnnouncementClosed,
  nextAnnouncementIndex, type Announcement,
} from '../../domain/announcements';
import { readClosedAnnouncements, rememberClosedAnnouncements, useAnnouncements } from '../../data/announcementQueries';

export interface AnnouncementBarState {
  /** the item on show, or null when the bar is not shown */
  item: Announcement | null;
  index: number;
  total: number;
  close: () => void;
  /** attach to the bar: hover or focus inside it pauses the rotation */
  barRef: (node: HTMLElement | null) => void;
}

/**
 * Spec 1 §2.5 / §4: the bar appears 3 s after load, rotates every 5 s, and a
 * close is remembered (by the list's signature) until the list changes.
 */
export function useAnnouncementBar(symbolId: string): AnnouncementBarState {
  const { data } = useAnnouncements();
  const items = useMemo(() => announcementsFor(data ?? [], symbolId), [data, symbolId]);
  const signature = useMemo(() => (data ? announcementsSignature(data) : null), [data]);
  const [closedSignature, setClosedSignature] = useState(readClosedAnnouncements);
  const [delayOver, setDelayOver] = useState(false);
  // The index belongs to a symbol: another symbol starts from its first item.
  const [rotation, setRotation] = useState({ symbolId, index: 0 });
  const index = rotation.symbolId === symbolId ? rotation.index : 0;
  const [paused, setPaused] = useState(false);
  const [bar, barRef] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!bar) return;
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    const focusOut = (e: FocusEvent) => {
      if (!bar.contains(e.relatedTarget as Node | null)) resume();
    };
    bar.addEventListener('mouseenter', pause);
    bar.addEventListener('mouseleave', resume);
    bar.addEventListener('focusin', pause);
    bar.addEventListener('focusout', focusOut);
    return () => {
      bar.removeEventListener('mouseenter', pause);
      bar.removeEventListener('mouseleave', resume);
      bar.removeEventListener('focusin', pause);
      bar.removeEventListener('focusout', focusOut);
      // The bar went away (closed, or nothing to show): nothing holds the rotation any more.
      setPaused(false);
    };
  }, [bar]);

  useEffect(() => {
    const id = setTimeout(() => setDelayOver(true), ANNOUNCEMENT_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  const closed = signature !== null && isAnnouncementClosed(closedSignature, signature);
  const shown = delayOver && !closed && items.length > 0;
  const rotating = shown && !paused && items.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const id = setInterval(
      () => setRotation((r) => ({ symbolId, index: nextAnnouncementIndex(r.symbolId === symbolId ? r.index : 0, items.length) })),
      ANNOUNCEMENT_ROTATE_MS,
    );
    return () => clearInterval(id);
  }, [rotating, items.length, symbolId]);

  const close = useCallback(() => {
    if (signature === null) return;
    rememberClosedAnnouncements(signature);
    setClosedSignature(signature);
  }, [signature]);

  const current = clampAnnouncementIndex(index, items.length);
  return { item: shown ? (items[current] ?? null) : null, index: current, total: items.length, close, barRef };
}
