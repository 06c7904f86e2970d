import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LtAction } from '../../domain/lt/refusal';
import { formatTrimmed } from '../../domain/lt/display';
import { statusAbilities, statusKey } from '../../domain/lt/token';
import { ltPath } from '../../domain/routes';
import type { Locale } from '../../domain/locale';
import { Tabs } from '../../ui/Tabs';
import { GateDialog } from '../order-entry';
import { LtFormView } from './LtFormView';
import { useLtForm } from './useLtForm';
import { useLtToken, type LtToken } from './useLtToken';
import './lt.css';

interface Props {
  base: string;
  quote: string;
  /** on the spot page the card has its own h2 and links to the detail page; the detail page has its own headings */
  placement: 'spot' | 'detail';
  locale?: Locale;
}

/**
 * Subscribe / Redeem for a leveraged token (spec 2 §2): on the spot page's
 * Trade tab when the pair is an LT (nothing otherwise), and on the detail
 * page. The live NAV and the token's status head the card.
 */
export function LtTradeCard({ base, quote, placement, locale }: Props) {
  const token = useLtToken(base, quote);
  if (!token.isLt) return null;
  return <LtCard token={token} placement={placement} locale={locale} />;
}

function LtCard({ token, placement, locale }: { token: LtToken; placement: Props['placement']; locale?: Locale }) {
  const { t, i18n } = useTranslation('lt');
  const [tab, setTab] = useState<LtAction>('subscribe');
  const prefix = `lt${useId().replace(/:/g, '')}`;
  const titleId = `${prefix}-title`;
  const subscribe = useLtForm('subscribe', token);
  const redeem = useLtForm('redeem', token);
  const model = tab === 'subscribe' ? subscribe : redeem;
  const info = token.info.data;
  const precision = token.symbol?.pricePrecision ?? 4;
  const abilities = info ? statusAbilities(info.st) : null;
  const closed = abilities && !(tab === 'subscribe' ? abilities.subscribe : abilities.redeem);
  const failed = (token.symbolInfo.isError && !token.symbolInfo.data) || (token.info.isError && !token.info.data);

  return (
    <section className={`lt-card lt-card--${placement}`} aria-labelledby={placement === 'spot' ? titleId : undefined} aria-label={placement === 'spot' ? undefined : t('cardLabel', { token: token.token })}>
      {placement === 'spot' && (
        <header className="lt-card__header">
          <h2 id={titleId} className="lt-card__title">{t('cardTitle', { token: token.token })}</h2>
          {locale && <Link className="lt-card__more" to={ltPath(locale, token.token, token.quote)}>{t('details')}</Link>}
        </header>
      )}
      <p className="lt-card__nav">
        <span className="lt-card__nav-label">{t('nav')}</span>
        <span className="num" dir="ltr" data-testid="lt-card-nav">
          {info ? `${formatTrimmed(info.nav, i18n.language, 8, precision)} ${token.quote}` : '—'}
        </span>
        {info && <span className={`lt-status lt-status--${info.st}`}>{t(statusKey(info.st))}</span>}
      </p>
      <Tabs
        idPrefix={prefix}
        label={t('cardTabs')}
        value={tab}
        items={[
          { value: 'subscribe', label: t('subscribe') },
          { value: 'redeem', label: t('redeem') },
        ]}
        onChange={setTab}
      />
      <div id={`${prefix}-panel`} role="tabpanel" aria-labelledby={`${prefix}-tab-${tab}`} className="lt-card__body">
        {failed && (
          <p role="alert" className="lt-card__error">
            {t('loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void Promise.all([token.symbolInfo.refetch(), token.info.refetch()])}>{t('refresh')}</button>
          </p>
        )}
        {closed && <p className="lt-card__note" role="note">{t(tab === 'subscribe' ? 'subscriptionPaused' : 'redemptionPaused')}</p>}
        <LtFormView model={model} token={token.token} quote={token.quote} />
      </div>
      <GateDialog {...subscribe.gateDialog} />
    </section>
  );
}
