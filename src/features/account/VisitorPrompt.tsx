import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { authLinks } from '../../domain/authLinks';

/** What a visitor sees where order entry would be (spec 1 §6, spec 2 §6). */
export function VisitorPrompt({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('trade');
  const location = useLocation();
  const links = authLinks(location.pathname + location.search);
  return (
    <div className={compact ? 'visitor-prompt visitor-prompt--compact' : 'visitor-prompt'}>
      {!compact && <p className="visitor-prompt__title">{t('visitorTitle')}</p>}
      <p className="visitor-prompt__text">{compact ? t('visitorOrders') : t('visitorText')}</p>
      <div className="visitor-prompt__actions">
        <a className="btn btn--primary" href={links.login}>{t('logIn')}</a>
        <a className="btn btn--secondary" href={links.signUp}>{t('signUp')}</a>
      </div>
    </div>
  );
}
