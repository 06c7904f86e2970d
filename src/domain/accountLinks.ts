import { announcementArticleUrl } from './footerBanner';

/**
 * Outbound pages the account notices lead to (spec 2 §2):
 * built here, once, so no widget pastes a URL together.
 */

/** Spec 2 §2: the copy-trading leader trade center. */
export function leaderTradeCenterPath(): string {
  return '/copyTrade/trade-center/leader';
}

/** The slug of the announcement article on the standard-account phase-out (spec 2 §2 names the page, not its address). */
export const PHASE_OUT_ARTICLE_SLUG = 'standard-account-phase-out';

/** Spec 2 §2: the phase-out announcement article, in the reader's language, where every announcement article lives. */
export function standardAccountPhaseOutUrl(locale: string): string {
  return announcementArticleUrl(locale, PHASE_OUT_ARTICLE_SLUG) ?? announcementArticleUrl('en', PHASE_OUT_ARTICLE_SLUG)!;
}
