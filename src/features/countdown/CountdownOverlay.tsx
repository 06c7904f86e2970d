import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../domain/links';
import { countdownParts, minutesLeft, twoDigits } from '../../domain/countdown';
import { utcDateTime } from '../../domain/timeFormat';
import type { SymbolNotice } from '../../data/api/notice';
import './countdown.css';

export interface CountdownOverlayProps {
  /** e.g. WIF/USDT */
  symbolName: string;
  notice: SymbolNotice;
  /** null for a pending notice (noticeType 3): no countdown, a pending icon */
  remainingMs: number | null;
  /** at zero, while the exchange confirms the opening */
  confirming?: boolean;
}

/**
 * Spec 1 §2.8: hours, minutes and seconds, the UTC opening time, a learn-more
 * link and the notice text, in place of the chart. The digits change every
 * 100 ms, so they are not live; a polite summary changes once a minute.
 */
export function CountdownOverlay({ symbolName, notice, remainingMs, confirming = false }: CountdownOverlayProps) {
  const { t } = useTranslation('notice');
  const titleId = useId();
  const pending = remainingMs === null;
  const link = safeLinkUrl(notice.noticeLinkUrl);
  const parts = countdownParts(remainingMs ?? 0);
  const totalMinutes = minutesLeft(remainingMs ?? 0);
  const utc = utcDateTime(notice.onlineTime);

  return (
    <section className="countdown" aria-labelledby={titleId}>
      {pending ? (
        <>
          <PendingIcon label={t('pendingIcon')} />
          <h3 id={titleId} className="countdown__title">{t('pendingTitle', { symbol: symbolName })}</h3>
        </>
      ) : (
        <>
          <h3 id={titleId} className="countdown__title">{t('countdownTitle', { symbol: symbolName })}</h3>
          <div className="countdown__boxes" role="timer" aria-live="off" aria-label={t('countdownLabel', { symbol: symbolName })} dir="ltr">
            <TimeBox value={twoDigits(parts.hours)} unit={t('hours')} />
            <TimeBox value={twoDigits(parts.minutes)} unit={t('minutes')} />
            <TimeBox value={twoDigits(parts.seconds)} unit={t('seconds')} />
          </div>
          {/* Changes at most once a minute (or once, at zero), so it may be live. */}
          <p className={confirming ? 'countdown__confirming' : 'visually-hidden'} aria-live="polite">
            {confirming ? t('confirming') : t('summary', { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 })}
          </p>
          {utc && (
            <p className="countdown__time">
              <span>{t('openingTime')}</span>{' '}
              <time dateTime={new Date(notice.onlineTime).toISOString()} dir="ltr">{t('utcTime', { time: utc })}</time>
            </p>
          )}
        </>
      )}
      {notice.noticeContent && <p className="countdown__text">{notice.noticeContent}</p>}
      {link && (
        <a className="countdown__link" href={link} target="_blank" rel="noopener noreferrer">
          {t('learnMore')}
          <span className="visually-hidden"> {t('opensInNewTab')}</span>
        </a>
      )}
    </section>
  );
}

function TimeBox({ value, unit }: { value: string; unit: string }) {
  return (
    <div className="countdown__box" role="group" aria-label={unit}>
      <span className="countdown__digits">{value}</span>
      <span className="countdown__unit" aria-hidden="true">{unit}</span>
    </div>
  );
}

/** An hourglass: the opening time is not announced yet. */
function PendingIcon({ label }: { label: string }) {
  return (
    <svg className="countdown__pending" role="img" aria-label={label} viewBox="0 0 24 24" width="40" height="40">
      <path d="M6 2h12v2h-1v3.6a5 5 0 0 1-2.5 4.4 5 5 0 0 1 2.5 4.4V20h1v2H6v-2h1v-3.6A5 5 0 0 1 9.5 12 5 5 0 0 1 7 7.6V4H6V2zm3 2v3.6a3 3 0 0 0 1.8 2.8l1.2.5 1.2-.5A3 3 0 0 0 15 7.6V4H9zm3 9.1-1.2.5A3 3 0 0 0 9 16.4V20h6v-3.6a3 3 0 0 0-1.8-2.8L12 13.1z" fill="currentColor" />
    </svg>
  );
}
