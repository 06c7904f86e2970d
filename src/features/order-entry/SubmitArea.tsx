import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { authLinks } from '../../domain/authLinks';
import type { Side } from '../../domain/order-entry/types';

interface Props {
  loggedIn: boolean;
  side: Side;
  baseCoin: string;
  pending: boolean;
  /** the symbol bans this side (isBanBuy / isBanSell) */
  banned: boolean;
  ready: boolean;
}

/**
 * The submit: "Buy BTC" / "Sell BTC", busy while the order is on its way; a
 * banned side says why; a visitor gets Log in / Sign up back to this page.
 */
export function SubmitArea({ loggedIn, side, baseCoin, pending, banned, ready }: Props) {
  const { t } = useTranslation('trade');
  const location = useLocation();
  if (!loggedIn) {
    const links = authLinks(location.pathname + location.search);
    return (
      <div className="order-submit order-submit--visitor">
        <a className="btn btn--primary" href={links.login}>{t('logIn')}</a>
        <a className="btn btn--secondary" href={links.signUp}>{t('signUp')}</a>
      </div>
    );
  }
  const label = t(side === 'Buy' ? 'buyCoin' : 'sellCoin', { coin: baseCoin });
  return (
    <div className="order-submit">
      {banned && (
        <p id="order-banned-reason" className="order-submit__reason" role="note">
          {t(side === 'Buy' ? 'buyBanned' : 'sellBanned', { coin: baseCoin })}
        </p>
      )}
      <button
        type="submit"
        className={`order-submit__button order-submit__button--${side.toLowerCase()}`}
        disabled={banned || !ready}
        aria-busy={pending || undefined}
        aria-describedby={banned ? 'order-banned-reason' : undefined}
      >
        {pending ? <span className="order-submit__spinner" aria-hidden="true" /> : null}
        {label}
      </button>
    </div>
  );
}
