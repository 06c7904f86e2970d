import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepthHit } from '../../../domain/depthCurve';
import { abbreviate, formatDecimal } from '../../../domain/format';
import { significantDecimals } from '../../../domain/units';
import { Spinner } from '../../../ui/Spinner';
import { plotArea, scalesOf } from './depthGeometry';
import { useDocumentTheme } from '../../../ui/useDocumentTheme';
import { drawDepth, readDepthColors, type DepthPaint } from './drawDepth';
import { useCanvasSize } from './useCanvasSize';
import { useDepthChart } from './useDepthChart';
import './depth.css';

export interface DepthChartProps {
  symbolId: string;
  base: string;
  quote: string;
  /** the symbol's precisions; read from the symbol list when not given */
  pricePrecision?: number;
  quantityPrecision?: number;
}

/** Axis amounts: grouped below 1000, K/M/B/T from there without trailing zeros ("1.5K", "2K"). */
function amountLabel(value: number, decimals: number, locale: string): string {
  if (value >= 1000) return (abbreviate(value, 2) ?? '').replace(/\.?0+(?=[KMBT]$)/, '');
  return formatDecimal(value, decimals, locale) ?? '';
}

function Tooltip({ hit, x, flip, priceDecimals, amountDecimals, base, quote, locale }: {
  hit: DepthHit;
  x: number;
  flip: boolean;
  priceDecimals: number;
  amountDecimals: number;
  base: string;
  quote: string;
  locale: string;
}) {
  const { t } = useTranslation('chart');
  const { point, side } = hit;
  return (
    <div
      className={`depth-tip depth-tip--${side}${flip ? ' depth-tip--flip' : ''}`}
      style={{ insetInlineStart: `${x}px` }}
      // The slider's value text says the same to assistive technology; this box is for the eye.
      aria-hidden="true"
      data-testid="depth-tooltip"
    >
      <span className="depth-tip__side">{t(side === 'bid' ? 'depth.bids' : 'depth.asks')}</span>
      <span className="depth-tip__row">
        {t('depth.price')} <span dir="ltr">{formatDecimal(point.price, priceDecimals, locale)}</span>
      </span>
      <span className="depth-tip__row">
        {t('depth.sum')} <span dir="ltr">{formatDecimal(point.total, amountDecimals, locale)} {base}</span>
      </span>
      <span className="depth-tip__row">
        {t('depth.value')} <span dir="ltr">{formatDecimal(point.value, priceDecimals, locale)} {quote}</span>
      </span>
    </div>
  );
}

/**
 * The depth chart (spec 1 §2.3): cumulative bids and asks of the live book
 * against price on a canvas, with a crosshair that follows the pointer or
 * the arrow keys, and zoom. The plot box carries `data-book-version` of the
 * book drawn, like the order book's rows.
 */
export function DepthChart({ symbolId, base, quote, pricePrecision, quantityPrecision }: DepthChartProps) {
  const { t, i18n } = useTranslation('chart');
  const locale = i18n.language;
  const hintId = useId();
  const model = useDepthChart(symbolId, pricePrecision, quantityPrecision);
  const [boxRef, size] = useCanvasSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { curves, range, hit, priceDecimals, amountDecimals } = model;
  const documentTheme = useDocumentTheme();

  // The store notifies at most once a frame; a resize or a crosshair move in the same frame shares its paint.
  const paint = useRef<DepthPaint | null>(null);
  // Colours come from CSS, read once per theme rather than on every paint.
  const colors = useRef<{ theme: string; colors: DepthPaint['colors'] } | null>(null);
  const frame = useRef<number | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (colors.current?.theme !== documentTheme) colors.current = { theme: documentTheme, colors: readDepthColors(canvas) };
    const themed = colors.current.colors;
    paint.current =
      curves && range && size.width > 0 && size.height > 0
        ? {
            ...size,
            curves,
            range,
            hit,
            colors: themed,
            formatPrice: (value, decimals) => formatDecimal(value, Math.min(decimals, priceDecimals), locale) ?? '',
            formatAmount: (value, decimals) => amountLabel(value, Math.min(decimals, amountDecimals), locale),
          }
        : null;
    if (frame.current !== null) return;
    const run = () => {
      frame.current = null;
      const p = paint.current;
      const ctx = canvas.getContext('2d');
      // No 2D context (jsdom, a lost GPU context): the DOM parts still work.
      if (!ctx) return;
      const width = Math.round(size.width * size.dpr);
      const height = Math.round(size.height * size.dpr);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      if (p) drawDepth(ctx, p);
      else ctx.clearRect(0, 0, canvas.width, canvas.height);
    };
    if (typeof requestAnimationFrame === 'function') frame.current = requestAnimationFrame(run);
    else run();
  }, [curves, range, hit, size, locale, priceDecimals, amountDecimals, documentTheme]);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const scales = range && size.width > 0 ? scalesOf(plotArea(size.width, size.height), range) : null;
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!scales) return;
    const area = plotArea(size.width, size.height);
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    model.pointTo(scales.price(Math.min(area.right, Math.max(area.left, x))));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => model.step(-1),
      ArrowRight: () => model.step(1),
      Home: () => model.step('first'),
      End: () => model.step('last'),
      '+': model.zoomIn,
      '=': model.zoomIn,
      '-': model.zoomOut,
      '_': model.zoomOut,
      Escape: model.clear,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const pointText = ({ side, point }: DepthHit) =>
    t('depth.point', {
      side: t(side === 'bid' ? 'depth.bids' : 'depth.asks'),
      price: formatDecimal(point.price, priceDecimals, locale),
      sum: formatDecimal(point.total, amountDecimals, locale),
      value: formatDecimal(point.value, priceDecimals, locale),
      base,
      quote,
    });
  const empty = curves !== null && curves.mid === null;
  const hitX = hit && scales ? scales.x(hit.point.plotPrice) : 0;
  const mid = curves?.mid ?? null;

  return (
    <div className="depth">
      <div className="depth-bar">
        <ul className="depth-legend">
          <li className="depth-legend__item depth-legend__item--bid">{t('depth.bids')}</li>
          <li className="depth-legend__item depth-legend__item--ask">{t('depth.asks')}</li>
          {mid !== null && (
            <li className="depth-legend__mid">
              {t('depth.mid')} <span dir="ltr">{formatDecimal(mid, Math.max(priceDecimals, significantDecimals(mid)), locale)}</span>
            </li>
          )}
        </ul>
        <div className="depth-zoom">
          <button type="button" className="depth-zoom__button" onClick={model.zoomOut} disabled={!model.canZoomOut} aria-label={t('depth.zoomOut')} title={t('depth.zoomOut')}>
            −
          </button>
          <button type="button" className="depth-zoom__button" onClick={model.zoomIn} disabled={!model.canZoomIn} aria-label={t('depth.zoomIn')} title={t('depth.zoomIn')}>
            +
          </button>
        </div>
      </div>
      <div
        ref={boxRef}
        className={`depth-plot${model.stale ? ' depth-plot--stale' : ''}`}
        dir="ltr"
        tabIndex={0}
        // The crosshair is the control: a slider over the price levels whose value text reads the point under it.
        role="slider"
        aria-label={t('depth.title')}
        aria-describedby={hintId}
        aria-valuemin={range?.low ?? 0}
        aria-valuemax={range?.high ?? 0}
        aria-valuenow={hit ? hit.point.plotPrice : (range?.mid ?? 0)}
        aria-valuetext={hit ? pointText(hit) : t('depth.noPoint')}
        aria-busy={model.book === null}
        data-testid="depth-chart"
        data-book-version={model.book?.version ?? ''}
        onKeyDown={onKeyDown}
        onPointerMove={onPointerMove}
        onPointerLeave={model.clear}
        onBlur={model.clear}
      >
        <canvas ref={canvasRef} className="depth-plot__canvas" aria-hidden="true" />
        {hit && (
          <Tooltip
            hit={hit}
            x={hitX}
            flip={hitX > size.width / 2}
            priceDecimals={priceDecimals}
            amountDecimals={amountDecimals}
            base={base}
            quote={quote}
            locale={locale}
          />
        )}
        {model.book === null && (
          <div className="depth-plot__center">
            <Spinner label={t('depth.loading')} />
          </div>
        )}
        {empty && <p className="depth-plot__center depth-plot__note">{t('depth.empty')}</p>}
        {model.stale && <p className="depth-plot__stale-note" role="status">{t('depth.reconnecting')}</p>}
      </div>
      <p id={hintId} className="visually-hidden">
        {t('depth.hint')}
      </p>
    </div>
  );
}
