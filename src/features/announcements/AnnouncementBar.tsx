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
          <span className="announcement-bar__icon" aria-hidden="true">📢</span>
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
