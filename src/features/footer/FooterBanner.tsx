import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerDate, type FooterAnnouncement } from '../../domain/footerBanner';
import { toastStore } from '../../data/toasts';
import { useFooterBanner, type FooterBannerModel } from './useFooterBanner';
import './footerBanner.css';

/**
 * The footer banner's strip (spec 2 §2), above the footer bar. Like the
 * announcement bar's slot it holds its height from the first paint whether or
 * not a banner is on show, so the answer of the search (or a close ending)
 * moves nothing. The view has its own Suspense: the translations load without
 * the strip collapsing meanwhile. Focusable so a close does not drop focus to
 * the page; `data-state` says whether the answer is in (pending, shown, none).
 */
export function FooterBannerSlot({ locale }: { locale: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const model = useFooterBanner(locale);
  return (
    <div ref={slot} className="footer-banner-slot" tabIndex={-1} data-state={model.state}>
      {model.item && (
        <Suspense fallback={null}>
          <FooterBanner item={model.item} model={model} onGone={() => slot.current?.focus({ preventScroll: true })} />
        </Suspense>
      )}
    </div>
  );
}

/** The newest announcement the user has not read, closed or hidden for good. */
function FooterBanner({ item, model, onGone }: { item: FooterAnnouncement; model: FooterBannerModel; onGone: () => void }) {
  const { t } = useTranslation('banner');
  const { href, close, follow, dismiss, dismissing } = model;

  const onDismiss = async () => {
    const result = await dismiss();
    if (result.ok) onGone();
    else toastStore.show(result.serverMessage ?? t('saveFailed'), 'error');
  };
  const onFollow = () => {
    follow();
    onGone();
  };
  return (
    // Titles come from the search service: rendered as text nodes only, never as markup (issue 23 part 5).
    <section className="footer-banner" aria-label={t('label')} data-announcement-id={item.id}>
      <span className="footer-banner__tag">{t(`category_${item.category}`)}</span>
      <p className="footer-banner__title" title={item.description || undefined} dir="auto">
        {item.title}
      </p>
      <time className="footer-banner__date" dateTime={new Date(item.date).toISOString()} dir="ltr">
        {bannerDate(item.date, -new Date(item.date).getTimezoneOffset())}
      </time>
      <div className="footer-banner__actions">
        {href && (
          <a
            className="footer-banner__link"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onFollow}
            // A middle click opens the article too; a right click (context menu) does not count as following it.
            onAuxClick={(e) => e.button === 1 && onFollow()}
          >
            {t('details')}
            <span className="visually-hidden"> {t('opensInNewTab')}</span>
          </a>
        )}
        <button type="button" className="footer-banner__dismiss" onClick={() => void onDismiss()} disabled={dismissing} aria-busy={dismissing}>
          {t('dontShowAgain')}
        </button>
        <button
          type="button"
          className="footer-banner__close"
          aria-label={t('close')}
          onClick={() => {
            close();
            onGone();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
