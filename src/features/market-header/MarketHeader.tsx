import { useTranslation } from 'react-i18next';
import { changeDirection, formatChangePercent } from '../../domain/changePercent';
import { formatDecimal, precisionsOf } from '../../domain/format';
import { LIQUIDITY_SHIELD_PATH, liquidityShieldVisible } from '../../domain/headerRules';
import { findSymbol } from '../../domain/symbol';
import { useProfile, useSiteConfig, useSymbols } from '../../data/queries';
import { useTickers } from '../../data/realtime';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { HeaderStats } from './HeaderStats';
import { SymbolSwitcher } from './SymbolSwitcher';
import { TradeGuide } from './TradeGuide';
import { usePageTitle } from './usePageTitle';
import './market-header.css';

/**
 * Market header (spec 1 §2.4): the current symbol with the market list, the
 * live price and 24 h statistics, the liquidity-shield link, the trade guide,
 * and the page title. Throws when the symbol list cannot be read so the panel
 * boundary shows its fallback.
 */
export function MarketHeader({ locale, base, quote }: { locale: string; base: string; quote: string }) {
  const { t } = useTranslation(['market', 'trade']);
  const symbols = useSymbols();
  // A failed background refresh keeps the header it has; only no data at all is a panel failure.
  if (symbols.error && !symbols.data) throw symbols.error;
  const symbol = symbols.data ? findSymbol(symbols.data, base, quote) : undefined;
  const symbolId = symbol?.symbolId ?? `${base}${quote}`.toUpperCase();
  const pair = `${symbol?.baseTokenName ?? base}/${symbol?.quoteTokenName ?? quote}`;
  const ticker = useTickers([symbolId]).tickers[symbolId];
  const precisions = precisionsOf(symbol);
  const site = useSiteConfig();
  const isDemo = useProfile().data?.isDemo ?? false;
  usePageTitle(pair, ticker?.c, precisions.price, locale);

  const shield = liquidityShieldVisible({
    complianceFlag: site.liquidityShield,
    compensationSymbols: site.slippageCompensationSymbols,
    symbolId,
    isDemo,
  });

  return (
    <div id="market-header" className="market-header">
      <SymbolSwitcher locale={locale} base={symbol?.baseTokenName ?? base} quote={symbol?.quoteTokenName ?? quote} symbolId={symbolId} />
      {ticker && (
        <div className="market-header__live" dir="ltr">
          <span className={`market-header__price--${changeDirection(ticker.m)} market-header__last`} data-testid="header-last-price" aria-label={t('trade:lastPrice')}>
            {formatDecimal(ticker.c, precisions.price, locale) ?? ticker.c}
          </span>
          <span className={`market-header__price--${changeDirection(ticker.m)}`} aria-label={t('trade:change24h')}>
            {formatChangePercent(ticker.m) ?? '—'}
          </span>
        </div>
      )}
      {symbols.isPending ? <SkeletonRows rows={1} label={t('trade:loadingMarketData')} /> : <HeaderStats ticker={ticker} pricePrecision={precisions.price} locale={locale} />}
      {/* One box for the marks and the tools: a row of its own on the phone, no box at all in the desktop's one-line header. */}
      <div className="market-header__end">
        {!symbols.isPending && (
          <ul className="market-header__marks" aria-label={t('trade:symbolMarks')}>
            {symbol?.mark.map((mark) => (
              <li key={mark} className={`badge badge--${mark}`}>{t(`trade:mark_${mark}`, { defaultValue: mark })}</li>
            ))}
            {symbol && (
              <li className="market-header__meta">
                {t('trade:tickSize')}: <span dir="ltr">{symbol.minPricePrecision}</span>
              </li>
            )}
          </ul>
        )}
        <div className="market-header__tools">
          {shield && (
            <a className="market-header__shield" href={LIQUIDITY_SHIELD_PATH} target="_blank" rel="noopener noreferrer">
              {t('liquidityShield')}
            </a>
          )}
          <TradeGuide />
        </div>
      </div>
    </div>
  );
}
