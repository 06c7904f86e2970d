import { useEffect, useState } from 'react';
import {
  announcementArticleUrl, announcementSlug, bannerAnnouncement, bannerRecheckAt, closeBanner, dismissBanner, followBanner, laterWatermark,
  type FooterAnnouncement,
} from '../../domain/footerBanner';
import { updateFooterBannerState, useAccountWatermark, useFooterAnnouncements, useFooterBannerState } from '../../data/footerBanner';
import { ApiError } from '../../data/http';

/** A refused "don't show again": the exchange's message when it gave one (spec 2 §8), else null for the generic text. */
export type DismissResult = { ok: true } | { ok: false; serverMessage: string | null };

export interface FooterBannerModel {
  /** pending until the search answered and it is known whose page this is; then shown or none */
  state: 'pending' | 'shown' | 'none';
  /** the announcement on show, or null */
  item: FooterAnnouncement | null;
  /** its article, built by the route helper; null when the hit carries no article */
  href: string | null;
  /** × : 24 h */
  close: () => void;
  /** its link followed: 5 min, and read */
  follow: () => void;
  /** "don't show again"; for a logged-in user it resolves once the exchange stored it, or with the refusal */
  dismiss: () => Promise<DismissResult>;
  dismissing: boolean;
}

/**
 * The footer banner's state (spec 2 §4, §5). The time moves on at each action
 * and when a close ends (a timer), so the banner comes back without a reload.
 * A time older than the real one can only keep a close on longer, never end
 * it early: the state's own times are taken when it is written or read.
 */
export function useFooterBanner(locale: string): FooterBannerModel {
  const search = useFooterAnnouncements();
  const { data } = search;
  const local = useFooterBannerState();
  const account = useAccountWatermark();
  const [now, setNow] = useState(() => Date.now());
  // A visitor's hide stays on this device; a logged-in user's is the exchange's (both hold when both exist).
  const watermark = laterWatermark(local.watermark, account.watermark);
  const item = account.ready && data ? bannerAnnouncement(data, local, watermark, now) : null;
  const recheckAt = bannerRecheckAt(local, now);

  useEffect(() => {
    if (recheckAt === null) return;
    // +1 ms: at exactly hiddenUntil the close has ended (the rule is "hidden before").
    const id = setTimeout(() => setNow(Date.now()), Math.max(0, recheckAt - Date.now()) + 1);
    return () => clearTimeout(id);
  }, [recheckAt]);

  const slug = item ? announcementSlug(item.url) : null;
  const answered = search.isSuccess || search.isError;
  return {
    state: !account.ready || !answered ? 'pending' : item ? 'shown' : 'none',
    item,
    href: slug ? announcementArticleUrl(locale, slug) : null,
    close: () => {
      const at = Date.now();
      setNow(at);
      updateFooterBannerState((s) => closeBanner(s, at));
    },
    follow: () => {
      if (!item) return;
      const at = Date.now();
      setNow(at);
      updateFooterBannerState((s) => followBanner(s, item, at));
    },
    dismiss: async () => {
      if (!item) return { ok: true };
      if (!account.loggedIn) {
        updateFooterBannerState((s) => dismissBanner(s, item));
        return { ok: true };
      }
      try {
        await account.save({ id: item.id, date: item.date });
        return { ok: true };
      } catch (error) {
        return { ok: false, serverMessage: error instanceof ApiError ? error.message : null };
      }
    },
    dismissing: account.saving,
  };
}
