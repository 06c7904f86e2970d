import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../domain/links';
import { useAnnouncementBar } from './useAnnouncementBar';
import './announcements.css';

/** Announcement bar (spec 1 §2.5) under the market header; empty (no height) while nothing is shown. */
export function AnnouncementBar({ symbolId }: { symbolId: string }) {
  const { t } = useTranslation('notice');
  const { item, index, total, close, barRef } = useAnnouncementBar(symbolId);
  return (
    <div id="announcement-area">
      {item && (
        <section ref={barRef} className="announcement-bar" aria-label={t('announcements')}>
          {/* An SVG, not the 📢 emoji: a system without an emoji font showed an empty box. */}
          <svg className="announcement-bar__icon" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
            <path d="M12.5 2.2a.75.75 0 0 1 1.1.66v10.28a.75.75 0 0 1-1.1.66L8.4 11.5H6.9l.7 2.6a.6.6 0 0 1-.58.76H5.6a.6.6 0 0 1-.58-.45l-.86-2.98A2.5 2.5 0 0 1 2 9V7a2.5 2.5 0 0 1 2.5-2.5h3.9z" />
          </svg>
          {/* Keyed by item: each rotation slides the new text in. Not live: a 5 s rotation would keep interrupting a screen reader. */}
          <div className="announcement-bar__item" key={item.id}>
            <AnnouncementText info={item.info} url={item.url} newTab={t('opensInNewTab')} />
          </div>
          {total > 1 && (
            <span className="announcement-bar__position" dir="ltr">
              {t('announcementPosition', { current: index + 1, total: total })}
            </span>
          )}
          <button type="button" className="announcement-bar__close" aria-label={t('closeAnnouncements')} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </section>
      )}
    </div>
  );
}

function AnnouncementText({ info, url, newTab }: { info: string; url: string; newTab: string }) {
  const link = safeLinkUrl(url);
  if (!link) return <span className="announcement-bar__text">{info}</span>;
  return (
    <a className="announcement-bar__text" href={link} target="_blank" rel="noopener noreferrer">
      {info}
      <span className="visually-hidden"> {newTab}</span>
    </a>
  );
}
