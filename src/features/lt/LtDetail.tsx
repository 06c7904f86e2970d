import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { utcDateTime } from '../../domain/timeFormat';
import { dailyRemaining } from '../../domain/lt/checks';
import { formatTrimmed, ratePercent } from '../../domain/lt/display';
import { premiumPercent, rebalanceBand, statusKey } from '../../domain/lt/token';
import { useLtNavBars, type LtInfo, type LtNavInterval, type LtSymbolInfo } from '../../data/lt';
import { useProfile, useSymbols } from '../../data/queries';
import { SkeletonRows } from '../../ui/SkeletonRows';
import type { LtToken } from './useLtToken';
import './lt.css';

// lightweight-charts is large: the detail page's shell and figures paint before it loads.
const NavChart = lazy(() => import('./NavChart'));

const INTERVALS: readonly LtNavInterval[] = ['1m', '5m', '1h', '1d'];

/**
 * The detail page's three info sections (spec 2 §2 "three info sections"):
 * the product and its rebalancing rules in words, the live NAV with its
 * chart and basket, and the fees and limits.
 */
export function LtDetailSections({ token }: { token: LtToken }) {
  const { t } = useTranslation('lt');
  const limits = token.symbolInfo.data;
  const info = token.info.data;
  const failed = token.symbolInfo.isError && !limits;
  return (
    <div className="lt-sections">
      <Section title={t('aboutTitle')}>{limits ? <About limits={limits} /> : <Pending failed={failed} onRetry={() => void token.symbolInfo.refetch()} />}</Section>
      <Section title={t('liveTitle')}>
        <LiveNav token={token} info={info} failed={token.info.isError && !info} />
      </Section>
      <Section title={t('feesTitle')}>{limits ? <FeesAndLimits limits={limits} /> : <Pending failed={failed} onRetry={() => void token.symbolInfo.refetch()} />}</Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="lt-section" aria-labelledby={id}>
      <h2 id={id} className="lt-section__title">{title}</h2>
      {children}
    </section>
  );
}

function Pending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('lt');
  if (!failed) return <SkeletonRows rows={4} label={t('loading')} />;
  return (
    <p role="alert" className="lt-card__error">
      {t('loadFailed')} <button type="button" className="link-button" onClick={onRetry}>{t('refresh')}</button>
    </p>
  );
}

/** The underlying's base coin ("BTCUSDT" → "BTC") from the symbol list, or the id less the quote. */
function useUnderlyingCoin(limits: LtSymbolInfo | undefined): string {
  const symbols = useSymbols().data;
  if (!limits) return '';
  const listed = symbols?.find((s) => s.symbolId === limits.underlying);
  return listed?.baseTokenName ?? (limits.underlying.endsWith(limits.quote) ? limits.underlying.slice(0, -limits.quote.length) : limits.underlying);
}

function About({ limits }: { limits: LtSymbolInfo }) {
  const { t, i18n } = useTranslation('lt');
  const coin = useUnderlyingCoin(limits);
  const band = rebalanceBand(limits);
  const lng = i18n.language;
  return (
    <div className="lt-about">
      <p>{t(limits.direction === 'long' ? 'aboutLong' : 'aboutShort', { token: limits.token, coin, target: band.target })}</p>
      <p>{t(band.key, { coin, target: band.target, upper: band.upper, lower: band.lower })}</p>
      <p>{t('aboutReset', { target: band.target, management: ratePercent(limits.managementFeeRate, lng) })}</p>
      <p>{t('aboutFees', { purchase: ratePercent(limits.purchaseFeeRate, lng), redeem: ratePercent(limits.redeemFeeRate, lng) })}</p>
      <p>{t('aboutRisk', { token: limits.token })}</p>
    </div>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <dl className="lt-facts">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="lt-facts__row">
          <dt>{label}</dt>
          <dd className="num" data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A number that stays left-to-right inside right-to-left text (UI.md RTL). */
const ltr = (text: string) => <span dir="ltr">{text}</span>;

function LiveNav({ token, info, failed }: { token: LtToken; info: LtInfo | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation('lt');
  const [interval, setNavInterval] = useState<LtNavInterval>('5m');
  const bars = useLtNavBars(token.symbolId, interval, token.isLt);
  const lng = i18n.language;
  const precision = token.symbol?.pricePrecision ?? 4;
  const coin = useUnderlyingCoin(token.symbolInfo.data);
  const when = (ms: number | null) => (ms === null ? t('never') : `${utcDateTime(ms)} UTC`);

  return (
    <div className="lt-live">
      {info ? (
        <>
          <p className="lt-live__nav">
            <span className="lt-live__nav-value num" dir="ltr" data-testid="lt-nav">{formatTrimmed(info.nav, lng, 8, precision)}</span>
            <span className="lt-live__nav-unit">{token.quote}</span>
            <span className={`lt-status lt-status--${info.st}`}>{t(statusKey(info.st))}</span>
          </p>
          <Facts
            rows={[
              [t('realLeverage'), ltr(`${formatTrimmed(info.realLeverage, lng, 4, 2)}x`), 'lt-real-leverage'],
              [t('basketUnits'), ltr(`${formatTrimmed(info.basket.units, lng, 8)} ${coin}`)],
              [t('basketCash'), ltr(`${formatTrimmed(info.basket.cash, lng, 8, 2)} ${token.quote}`)],
              [t('underlyingPrice'), ltr(`${formatTrimmed(info.underlyingPrice, lng, 8, 2)} ${token.quote}`)],
              [t('premium'), ltr(premiumPercent(info.diffNvRate) ?? '—'), 'lt-premium'],
              [t('lastRebalance'), ltr(when(info.lastRebalanceTime))],
              [t('nextReset'), ltr(when(info.nextResetTime))],
              [t('rebalances'), ltr(String(info.rebalances))],
            ]}
          />
        </>
      ) : failed ? (
        <Pending failed onRetry={() => void token.info.refetch()} />
      ) : (
        <SkeletonRows rows={4} label={t('loading')} />
      )}
      <div className="lt-live__chart">
        <div className="lt-live__intervals" role="group" aria-label={t('navInterval')}>
          {INTERVALS.map((value) => (
            <button key={value} type="button" className="lt-live__interval" aria-pressed={interval === value} onClick={() => setNavInterval(value)}>
              {t(`interval_${value}`)}
            </button>
          ))}
        </div>
        {bars.data ? (
          <Suspense fallback={<div className="lt-nav-chart" aria-busy="true" />}>
            <NavChart bars={bars.data} precision={precision} locale={lng} />
          </Suspense>
        ) : bars.isError ? (
          <Pending failed onRetry={() => void bars.refetch()} />
        ) : (
          <div className="lt-nav-chart" aria-busy="true" />
        )}
      </div>
    </div>
  );
}

function FeesAndLimits({ limits }: { limits: LtSymbolInfo }) {
  const { t, i18n } = useTranslation('lt');
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const lng = i18n.language;
  const q = (v: string | null | undefined) => ltr(`${formatTrimmed(v, lng)} ${limits.quote}`);
  const k = (v: string) => ltr(`${formatTrimmed(v, lng)} ${limits.token}`);
  const rows: Array<[string, ReactNode, string?]> = [
    [t('minPurchase'), q(limits.minPurchase), 'lt-min-purchase'],
    [t('maxPurchase'), q(limits.maxPurchase)],
    [t('dailyCap'), q(limits.dailyPurchaseCap)],
  ];
  if (loggedIn) rows.push([t('dailyRemaining'), q(dailyRemaining(limits)?.toFixed())]);
  rows.push(
    [t('minRedeem'), k(limits.minRedeem)],
    [t('maxRedeem'), k(limits.maxRedeem)],
    [t('purchaseFee'), ltr(ratePercent(limits.purchaseFeeRate, lng))],
    [t('redeemFee'), ltr(ratePercent(limits.redeemFeeRate, lng))],
    [t('managementFee'), t('perDay', { rate: ratePercent(limits.managementFeeRate, lng) })],
  );
  return <Facts rows={rows} />;
}
