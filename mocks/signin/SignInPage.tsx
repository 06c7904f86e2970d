import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sameOriginPath } from '../accounts/redirect';
import { adoptSession, fetchChoices, fetchCurrentUser, registerDemo, signIn, SignInRefusal, type SignedIn, type SignInChoice } from './signInApi';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; choices: SignInChoice[]; current: { userId: string; nickname: string } | null };

/** The kind of account, as the sign-in page describes each choice. */
function kindKey(c: SignInChoice): string {
  if (c.marginStatus === 'liquidation') return 'kindLiquidation';
  if (c.marginStatus === 'overrun') return 'kindOverrun';
  if (c.copyTradeLeader) return 'kindLeader';
  if (c.isSubAccount) return 'kindSub';
  if (c.eaaRestricted) return 'kindEaa';
  if (c.isDemo) return 'kindDemo';
  return c.accountType === 'UTA' ? 'kindUnified' : 'kindClassic';
}

/**
 * The simulated exchange's sign-in page (/login, /register): pick one of the
 * profiles or register a demo user, then return to `redirect_url` when it is
 * a path on this site. Another site's address is refused and said so.
 */
export function SignInPage({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation('signin');
  const raw = new URLSearchParams(window.location.search).get('redirect_url');
  const redirect = useMemo(() => sameOriginPath(raw, window.location.origin), [raw]);
  const refusedRedirect = raw !== null && raw !== '' && redirect === null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nickname, setNickname] = useState('');

  const loadChoices = useCallback(() => {
    Promise.all([fetchChoices(), fetchCurrentUser()])
      .then(([choices, current]) => setLoad({ state: 'ready', choices, current }))
      .catch(() => setLoad({ state: 'failed' }));
  }, []);
  useEffect(loadChoices, [loadChoices]);
  const retry = () => {
    setLoad({ state: 'loading' });
    loadChoices();
  };

  const finish = (session: SignedIn) => {
    adoptSession(session);
    window.location.replace(session.redirect);
  };
  const explain = (e: unknown) => {
    if (e instanceof SignInRefusal && e.code === 10001) return t('badNickname');
    if (e instanceof SignInRefusal && e.code === 10012) return t('registrationClosed');
    return t('failed');
  };
  const run = (act: () => Promise<SignedIn>) => {
    setBusy(true);
    setError(null);
    act()
      .then(finish)
      .catch((e: unknown) => {
        setError(explain(e));
        setBusy(false);
      });
  };
  const onRegister = (event: FormEvent) => {
    event.preventDefault();
    run(() => registerDemo(nickname.trim(), redirect));
  };

  return (
    <main className="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">{mode === 'register' ? t('registerTitle') : t('title')}</h1>
      <p className="signin__note">{t('simulated')}</p>
      {refusedRedirect && <p role="alert" className="signin__warning">{t('foreignRedirect')}</p>}
      {error && <p role="alert" className="signin__error">{error}</p>}
      {load.state === 'loading' && <p aria-live="polite">{t('loading')}</p>}
      {load.state === 'failed' && (
        <p role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="btn btn--secondary" onClick={retry}>{t('retry')}</button>
        </p>
      )}
      {load.state === 'ready' && load.current && <p className="signin__current">{t('current', { name: load.current.nickname })}</p>}
      {load.state === 'ready' && (
        <section aria-labelledby="signin-profiles">
          <h2 id="signin-profiles">{t('chooseProfile')}</h2>
          <ul className="signin__list">
            {load.choices.map((c) => (
              <li key={c.userId}>
                <button type="button" className="btn btn--secondary signin__choice" disabled={busy} onClick={() => run(() => signIn(c.userId, redirect))}>
                  <span className="signin__name">{c.nickname}</span>
                  <span className="signin__kind">{t(kindKey(c))}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="signin-register">
        <h2 id="signin-register">{t('registerTitle')}</h2>
        <form onSubmit={onRegister} className="signin__form">
          <label htmlFor="signin-nickname">{t('nickname')}</label>
          <input id="signin-nickname" value={nickname} maxLength={32} onChange={(e) => setNickname(e.target.value)} />
          <button type="submit" className="btn btn--primary" disabled={busy}>{t('register')}</button>
        </form>
      </section>
      <p>
        <a href={redirect ?? '/'}>{t('back')}</a>
      </p>
    </main>
  );
}
