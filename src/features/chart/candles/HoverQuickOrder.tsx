import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { hoverOrderPrice, typeQuickQty } from '../../../domain/order-entry/quickOrder';
import { stepByTicks } from '../../../domain/orderLineMove';
import type { QuickOrderModel } from '../../order-entry';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { ChartController } from './chartController';

interface HoverQuickOrderProps {
  controller: ChartController;
  /** the chart's box: the pointer is followed over all of it, the plus button included */
  host: HTMLElement;
  quick: QuickOrderModel;
}

/** half the plus button's 24 px (the smallest touch target, WCAG 2.5.8) */
const BUTTON_HALF = 12;

/**
 * The hover order (spec 1 §2.3): a plus button against the price axis at the
 * price under the pointer (at the last price when the pointer is elsewhere,
 * so the keyboard can reach it: arrow keys move it by tick). It opens a small
 * dialog for a limit order at that price: a quantity and Buy / Sell. The
 * price follows the pointer imperatively; React hears of it only when it
 * crosses a tick.
 */
export function HoverQuickOrder({ controller, host, quick }: HoverQuickOrderProps) {
  const { t, i18n } = useTranslation('trade');
  const tick = quick.ctx?.rules.tick ?? null;
  const lastPrice = quick.ctx?.lastPrice ?? null;
  const button = useRef<HTMLButtonElement>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  /** moved by the keyboard from wherever it was */
  const [keyed, setKeyed] = useState<string | null>(null);
  const [ordering, setOrdering] = useState<string | null>(null);
  const price = keyed ?? hovered ?? (tick && lastPrice ? hoverOrderPrice(Number(lastPrice), tick) : '');

  // Follow the pointer over the chart; leaving the chart puts the button back on the last price.
  useEffect(() => {
    if (!tick) return undefined;
    const move = (event: PointerEvent) => {
      // Over the plus itself the price holds (the pointer is on its way to press it); over the other controls too.
      if (event.target instanceof Element && event.target.closest('.hover-order__plus, .order-line, .quick-trade')) return;
      const y = event.clientY - host.getBoundingClientRect().top;
      const inPane = y >= 0 && y <= controller.chart.paneSize(0).height;
      const at = inPane ? hoverOrderPrice(controller.overlays.priceAt(y), tick) : '';
      setHovered(at || null);
      if (at) setKeyed(null);
    };
    const leave = () => setHovered(null);
    host.addEventListener('pointermove', move);
    host.addEventListener('pointerleave', leave);
    return () => {
      host.removeEventListener('pointermove', move);
      host.removeEventListener('pointerleave', leave);
    };
  }, [host, controller, tick]);

  // On its price, in the frame after anything moved the view.
  useEffect(() => {
    let frame = 0;
    const place = () => {
      frame = 0;
      const node = button.current;
      if (!node) return;
      const y = price ? controller.overlays.coordinateOf(Number(price)) : null;
      const inView = y !== null && y >= 0 && y <= controller.chart.paneSize(0).height;
      node.style.visibility = inView ? '' : 'hidden';
      if (inView) node.style.transform = `translate(${-controller.chart.priceScale('right').width() - 2}px, ${Math.round(y - BUTTON_HALF)}px)`;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    const unsubscribe = controller.overlays.onViewChange(schedule);
    place();
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [controller, price]);

  if (!tick || !price) return null;
  const shown = formatAsGiven(price, i18n.language);
  const keys = (event: KeyboardEvent) => {
    const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
    if (steps === undefined) return;
    event.preventDefault();
    setKeyed(stepByTicks(price, tick, event.shiftKey ? steps * 10 : steps));
  };
  const open = () => {
    // A visitor is sent to log in at once (spec 1 §5), before typing anything.
    if (!quick.loggedIn) quick.submit({ kind: 'limit', side: 'Buy', price, qty: '' });
    else setOrdering(price);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="hover-order__plus"
        aria-label={t('hoverOrderButton', { price: shown })}
        aria-keyshortcuts="ArrowUp ArrowDown"
        onKeyDown={keys}
        onBlur={() => setKeyed(null)}
        onClick={open}
        style={{ visibility: 'hidden' }}
      >
        <span aria-hidden="true">+</span>
      </button>
      {ordering && <HoverOrderDialog price={ordering} quick={quick} onClose={() => setOrdering(null)} />}
    </>
  );
}

/** The small dialog of a hover order: the price it was opened at, a quantity, Buy and Sell limit buttons. */
function HoverOrderDialog({ price, quick, onClose }: { price: string; quick: QuickOrderModel; onClose: () => void }) {
  const { t, i18n } = useTranslation('trade');
  const errorId = useId();
  const [qty, setQty] = useState('');
  const [error, setError] = useState<string | null>(null);
  const coin = quick.ctx?.rules.baseCoin ?? '';
  const quoteCoin = quick.ctx?.rules.quoteCoin ?? '';
  const send = (side: 'Buy' | 'Sell') => {
    const refused = quick.submit({ kind: 'limit', side, price, qty }, onClose);
    setError(refused ? t(refused.key, refused.params ?? {}) : null);
  };
  return (
    <Dialog
      open
      title={t('hoverOrderTitle', { price: formatAsGiven(price, i18n.language), coin: quoteCoin })}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>{t('cancel')}</Button>
          <Button className="hover-order__buy" disabled={quick.pending} onClick={() => send('Buy')}>{t('buyCoin', { coin })}</Button>
          <Button className="hover-order__sell" disabled={quick.pending} onClick={() => send('Sell')}>{t('sellCoin', { coin })}</Button>
        </>
      }
    >
      <label className="hover-order__field">
        <span>{t('quickQuantity', { coin })}</span>
        <input
          className="num"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={qty}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setQty((current) => typeQuickQty(current, event.target.value, quick.ctx?.rules.lot ?? '0.00000001'))}
        />
      </label>
      {error && (
        <p id={errorId} className="hover-order__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
