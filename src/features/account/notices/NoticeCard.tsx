import { useId, type ReactNode } from 'react';

interface NoticeCardProps {
  id: string;
  title: string;
  text: string;
  closeLabel: string;
  onClose: () => void;
  /** a link out and / or the notice's own buttons */
  actions?: ReactNode;
}

/**
 * One account notice: a titled region with its text, its actions and a
 * close button. Title and text are rendered as text, never as HTML (issue
 * 23 part 5): whatever a translation holds cannot inject markup.
 */
export function NoticeCard({ id, title, text, closeLabel, onClose, actions }: NoticeCardProps) {
  const titleId = useId();
  return (
    <section className="account-notice" aria-labelledby={titleId} data-notice={id}>
      <div className="account-notice__head">
        <h3 id={titleId} className="account-notice__title">{title}</h3>
        <button type="button" className="account-notice__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="account-notice__text">{text}</p>
      {actions && <div className="account-notice__actions">{actions}</div>}
    </section>
  );
}
