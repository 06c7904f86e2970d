import { useTranslation } from 'react-i18next';
import { leaderTradeCenterPath, standardAccountPhaseOutUrl } from '../../../domain/accountLinks';
import type { AccountNoticeId } from '../../../domain/accountNotices';
import { useAccountNotices } from '../../../data/accountNotices';
import { Button } from '../../../ui/Button';
import { NoticeCard } from './NoticeCard';
import './notices.css';

/** The text keys of each notice in the 'demo' namespace (which holds the demo modal and these notices). */
const KEYS: Record<AccountNoticeId, { title: string; text: string }> = {
  standardOffline: { title: 'standardOfflineTitle', text: 'standardOfflineText' },
  copyTradingOff: { title: 'copyTradingOffTitle', text: 'copyTradingOffText' },
  syncApp: { title: 'syncAppTitle', text: 'syncAppText' },
};

/**
 * The account notices of spec 2 §2 under the signed-in trader's balances:
 * the standard-account offline notice (phase-out article), the
 * copy-trading-off notice for new leaders (leader trade center) and the
 * sync-to-app notice. In the page's flow at the end of the trade column, so
 * appearing once the preferences answer moves nothing above it. Nothing
 * renders when no notice is due.
 */
export function AccountNotices() {
  const { t, i18n } = useTranslation('demo');
  const notices = useAccountNotices();
  if (notices.visible.length === 0) return null;

  const actionsOf = (id: AccountNoticeId) => {
    switch (id) {
      case 'standardOffline':
        return <a className="account-notice__link" href={standardAccountPhaseOutUrl(i18n.language)}>{t('standardOfflineLink')}</a>;
      case 'copyTradingOff':
        return <a className="account-notice__link" href={leaderTradeCenterPath()}>{t('copyTradingOffLink')}</a>;
      case 'syncApp':
        return (
          <>
            <Button variant="primary" onClick={() => notices.answerSync(true)}>{t('syncAppOn')}</Button>
            <Button variant="secondary" onClick={() => notices.answerSync(false)}>{t('syncAppOff')}</Button>
          </>
        );
    }
  };

  return (
    <section className="account-notices" aria-label={t('noticesLabel')} data-testid="account-notices">
      {notices.visible.map((id) => {
        const title = t(KEYS[id].title);
        return (
          <NoticeCard
            key={id}
            id={id}
            title={title}
            text={t(KEYS[id].text)}
            closeLabel={t('noticeClose', { title })}
            onClose={() => notices.close(id)}
            actions={actionsOf(id)}
          />
        );
      })}
    </section>
  );
}
