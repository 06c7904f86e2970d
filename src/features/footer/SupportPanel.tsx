import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX } from '../../domain/footerSupport';
import { Spinner } from '../../ui/Spinner';
import { useSupportChat } from './useSupportChat';

/** Starter topics: a translated label shown, a plain topic asked (the help desk answers in English). */
const STARTERS = [
  { key: 'topicFees', message: 'Trading fees' },
  { key: 'topicOrders', message: 'Order types' },
  { key: 'topicFunds', message: 'Deposits and withdrawals' },
  { key: 'topicHuman', message: 'Talk to a human' },
] as const;

const isExternal = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

/**
 * The customer service panel (spec 1 §2.7): a help chat with the embedded
 * exchange's support desk. A native modal dialog: the browser traps focus,
 * closes on Escape and returns focus to the footer's button.
 */
export function SupportPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('footer');
  const chat = useSupportChat();
  const [draft, setDraft] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const inputId = useId();
  const problemId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Keep the newest turn (or the pending indicator) in view.
  const turns = chat.entries.length + Number(chat.pending);
  useEffect(() => {
    const log = logRef.current;
    if (log && turns > 0) log.scrollTop = log.scrollHeight;
  }, [turns]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chat.send(draft)) setDraft('');
    else inputRef.current?.focus();
  };

  const suggestions = chat.suggestions?.map((s) => ({ label: s, message: s })) ?? STARTERS.map((s) => ({ label: t(s.key), message: s.message }));

  return (
    <dialog ref={dialogRef} className="support-panel" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header className="support-panel__header">
        <h2 id={titleId} className="support-panel__title">
          {t('supportTitle')}
        </h2>
        <button type="button" className="footer-button" onClick={onClose}>
          {t('close')}
        </button>
      </header>
      <ol ref={logRef} className="support-panel__log" role="log" aria-label={t('transcript')} aria-live="polite">
        <li className="chat-entry chat-entry--support">
          <span className="chat-entry__from">{t('fromSupport')}</span>
          <p className="chat-entry__text">{t('supportIntro')}</p>
        </li>
        {chat.entries.map((entry) => (
          <li key={entry.id} className={`chat-entry chat-entry--${entry.from}`}>
            <span className="chat-entry__from">{entry.from === 'user' ? t('fromYou') : t('fromSupport')}</span>
            <p className="chat-entry__text">{entry.text}</p>
            {entry.links.length > 0 && (
              <ul className="chat-entry__links">
                {entry.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} {...(isExternal(link.url) ? { target: '_blank', rel: 'noopener' } : {})}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        {chat.pending && (
          <li className="chat-entry chat-entry--support chat-entry--pending">
            <Spinner label={t('pending')} /> <span aria-hidden="true">{t('pending')}</span>
          </li>
        )}
      </ol>
      {chat.failed && (
        <div className="support-panel__error" role="alert">
          <span>{t(`failed_${chat.failed.reason}`)}</span>
          <button type="button" className="footer-button" onClick={chat.retry} disabled={chat.pending}>
            {t('retry')}
          </button>
        </div>
      )}
      <div className="support-panel__suggestions" role="group" aria-label={t('suggestions')}>
        {suggestions.map((s) => (
          <button key={s.message} type="button" className="chip" disabled={chat.pending} onClick={() => chat.send(s.message, s.label)}>
            {s.label}
          </button>
        ))}
      </div>
      <form className="support-panel__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="support-panel__label">
          {t('messageLabel')}
        </label>
        <div className="support-panel__row">
          <input
            ref={inputRef}
            id={inputId}
            value={draft}
            maxLength={SUPPORT_MESSAGE_MAX + 100}
            autoComplete="off"
            aria-invalid={chat.problem !== null}
            aria-describedby={chat.problem ? problemId : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              if (chat.problem) chat.clearProblem();
            }}
          />
          <button type="submit" className="btn btn--primary" disabled={chat.pending}>
            {t('send')}
          </button>
        </div>
        {chat.problem && (
          <p id={problemId} className="support-panel__problem" role="alert">
            {t(chat.problem === 'empty' ? 'problemEmpty' : 'problemTooLong', { max: SUPPORT_MESSAGE_MAX })}
          </p>
        )}
      </form>
    </dialog>
  );
}
