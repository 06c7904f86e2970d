import { useTranslation } from 'react-i18next';
import { changeDirection, formatChangePercent } from '../../domain/changePercent';
import { findSymbol } from '../../domain/symbol';
import { useSymbols } from '../../data/queries';
import { useTickers } from '../../data/realtime';
import { SkeletonRows } from '../../ui/SkeletonRows';

/** Last price and 24 h change, live from the quote socket's `realtimes` stream. */
function LiveTicker({ symbolId }: { symbolId: string }) {
  const { t } = useTranslation('trade');
  const ticker = useTickers([symbolId]).tickers[symbolId];
  if (!ticker) return null;
  const change = formatChangePercent(ticker.m);
  return (
    <dl className="market-header__live" dir="ltr">
      <dt className="visually-hidden">{t('lastPrice')}</dt>
      <dd className={`market-header__price--${changeDirection(ticker.m)}`} data-testid="header-last-price">{ticker.c}</dd>
      <dt className="visually-hidden">{t('change24h')}</dt>
      <dd className={`market-header__price--${changeDirection(ticker.m)}`}>{change ?? '—'}</dd>
    </dl>
  );
}

/**
 * Market header strip: the current symbol and its zone marks. Throws when the
 * symbol list cannot be read so the panel boundary shows its fallback.
 */
export function MarketHeader({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const symbols = useSymbols();
  // A failed background refresh keeps the header it has; only no data at all is a panel failure.
  if (symbols.error && !symbols.data) throw symbols.error;
  const symbol = symbols.data ? findSymbol(symbols.data, base, quote) : undefined;
  return (
    <div id="market-header" className="market-header">
      <h1 className="market-header__symbol" dir="ltr">
        {base}/{quote}
      </h1>
      {symbol && <LiveTicker symbolId={symbol.symbolId} />}
      {symbols.isPending ? (
        <SkeletonRows rows={1} label={t('loadingMarketData')} />
      ) : (
        <ul className="market-header__marks" aria-label={t('symbolMarks')}>
          {symbol?.mark.map((mark) => (
            <li key={mark} className={`badge badge--${mark}`}>{t(`mark_${mark}`, { defaultValue: mark })}</li>
          ))}
          {symbol && (
            <li className="market-header__meta">
              {t('tickSize')}: <span dir="ltr">{symbol.minPricePrecision}</span>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
