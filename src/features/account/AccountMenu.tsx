import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { authLinks } from '../../domain/authLinks';
import { useProfile } from '../../data/queries';
import { useLogout, useResetDemoAccount } from '../../data/session';
import { toastStore } from '../../data/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { UpgradeEntry } from './upgrade/UpgradeEntry';

/**
 * Who is signed in, in the settings bar: log-in and sign-up links for a
 * visitor; the account's name and kind, the upgrade entry of a classic
 * account, log-out, and for a demo account the reset back to its starting funds.
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const profile = useProfile().data;
  const logout = useLogout();
  const reset = useResetDemoAccount();
  const [confirmReset, setConfirmReset] = useState(false);
  if (!profile) return null;
  if (!profile.loggedIn) {
    const links = authLinks(location.pathname + location.search);
    return (
      <span className="account-menu">
        <a className="btn btn--ghost" href={links.login}>{t('logIn')}</a>
        <a className="btn btn--primary" href={links.signUp}>{t('signUp')}</a>
      </span>
    );
  }
  const kind = profile.isDemo ? t('accountDemo') : profile.accountType === 'UTA' ? t('accountUnified') : t('accountClassic');
  return (
    <span className="account-menu" data-testid="account-menu">
      <span className="account-menu__who">
        <span className="account-menu__name">{profile.nickname ?? profile.userId}</span>
        <span className="account-menu__kind">{kind}</span>
      </span>
      <UpgradeEntry />
      {profile.isDemo && (
        <Button variant="ghost" onClick={() => setConfirmReset(true)}>
          {t('resetDemo')}
        </Button>
      )}
      <Button
        variant="ghost"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onError: () => toastStore.show(t('logoutFailed'), 'error') })}
      >
        {t('logOut')}
      </Button>
      <Dialog
        open={confirmReset}
        title={t('resetDemoTitle')}
        onClose={() => setConfirmReset(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmReset(false)}>{t('cancel')}</Button>
            <Button
              variant="primary"
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmReset(false);
                    toastStore.show(t('resetDemoDone'), 'success');
                  },
                  onError: () => toastStore.show(t('resetDemoFailed'), 'error'),
                })
              }
            >
              {t('resetDemoConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('resetDemoText')}</p>
      </Dialog>
    </span>
  );
}
