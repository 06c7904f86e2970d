import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeDirection, formatChangePercent } from '../../domain/changePercent';
import { abbreviate, formatDecimal } from '../../domain/format';
import { visibleStats, type HeaderStat } from '../../domain/headerStats';
import type { Ticker } from '../../data/realtime';

const GAP_PX = 16;
/** Average glyph width of the 12 px tabular font; stats are measured by their longest line. */
const CHAR_PX = 7;

/**
 * 24 h statistics that hide or show by the width the header leaves them
 * (spec 1 §2.4). The container's width is observed; which stats fit is the
 * domain rule's answer.
 */
export function HeaderStats({ ticker, pricePrecision, locale }: { ticker: Ticker | undefined; pricePrecision: number; locale: string }) {
  const { t } = useTranslation('market');
  const ref = useRef<HTMLDListElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const price = (v: string | undefined) => (v === undefined ? '—' : (formatDecimal(v, pricePrecision, locale) ?? '—'));
  const big = (v: string | undefined) => (v === undefined ? '—' : (abbreviate(v) ?? '—'));
  const values: Record<HeaderStat, { label: string; value: string; className?: string }> = {
    lastPrice: { label: t('statLastPrice'), value: price(ticker?.c), className: ticker ? `stat--${changeDirection(ticker.m)}` : undefined },
    change: { label: t('statChange'), value: ticker ? (formatChangePercent(ticker.m) ?? '—') : '—', className: ticker ? `stat--${changeDirection(ticker.m)}` : undefined },
    high: { label: t('statHigh'), value: price(ticker?.h) },
    low: { label: t('statLow'), value: price(ticker?.l) },
    volume: { label: t('statVolume'), value: big(ticker?.v) },
    turnover: { label: t('statTurnover'), value: big(ticker?.qv) },
  };
  const widths = Object.fromEntries(
    Object.entries(values).map(([key, v]) => [key, Math.max(v.label.length, v.value.length) * CHAR_PX]),
  ) as Record<HeaderStat, number>;
  const shown = visibleStats(width, widths, { gap: GAP_PX });

  return (
    <dl ref={ref} className="header-stats" aria-label={t('stats24h')}>
      {shown.map((key) => (
        <div key={key} className="header-stats__item" data-stat={key}>
          <dt>{values[key].label}</dt>
          <dd dir="ltr" className={values[key].className}>{values[key].value}</dd>
        </div>
      ))}
    </dl>
  );
}
