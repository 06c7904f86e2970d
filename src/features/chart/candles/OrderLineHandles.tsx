import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { snapToTick, stepByTicks } from '../../../domain/orderLineMove';
import type { ChartController } from './chartController';

/** One order line as the chart shows it now (moved, pending or as the order holds it). */
export interface ShownLine {
  id: string;
  side: 'Buy' | 'Sell';
  price: number;
  priceText: string;
  label: string;
  /** a move of this line edits the order (false: market-moved stop, or a modify or cancel on its way) */
  movable: boolean;
  /** a modify or cancel is on its way */
  busy: boolean;
}

interface OrderLineHandlesProps {
  controller: ChartController;
  lines: readonly ShownLine[];
  /** the pair's price tick; null until the symbol list is in (nothing moves before) */
  tick: string | null;
  onMove: (id: string, price: string) => void;
  onDrop: (id: string, price: string) => void;
  onRestore: () => void;
  onCancel: (id: string) => void;
}

/** A press that moves less than this (px) is a click on the handle, not a drag. */
const DRAG_THRESHOLD = 3;
const HANDLE_HALF_HEIGHT = 10;

const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * The handles of the order lines (spec 2 §4 "dragging order lines"): one per
 * line drawn near the view, on the line at the right of the chart, with the
 * line's label and a cancel button. Drag the label, or focus it and use the
 * arrow keys (Shift or Page keys: ten ticks), Enter to send, Escape to put
 * it back. Handles follow the price axis imperatively, once per frame at
 * most, so a tick never re-renders them.
 */
export function OrderLineHandles({ controller, lines, tick, onMove, onDrop, onRestore, onCancel }: OrderLineHandlesProps) {
  const { t, i18n } = useTranslation('trade');
  const hintId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const nodes = useRef(new Map<string, HTMLDivElement>());
  const prices = useRef(new Map<string, number>());
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => controller.overlays.drawnOrderIds());
  const drag = useRef<{ id: string; startY: number; price: string | null } | null>(null);
  /** the line moved by keys and not yet sent: leaving it puts it back */
  const keyMoved = useRef<string | null>(null);

  /** Puts handles on their lines, or hides one while its line is out of view. */
  const position = useCallback(
    (which: Iterable<[string, HTMLDivElement]> = nodes.current) => {
      const { overlays, chart } = controller;
      const height = chart.paneSize(0).height;
      const axis = chart.priceScale('right').width();
      for (const [id, node] of which) {
        const price = prices.current.get(id);
        const y = price === undefined ? null : overlays.coordinateOf(price);
        const inView = y !== null && y >= 0 && y <= height;
        node.style.visibility = inView ? '' : 'hidden';
        // Left of the hover order's plus button (HoverQuickOrder), which sits against the axis.
        if (inView) node.style.transform = `translate(${-axis - 28}px, ${Math.round(y - HANDLE_HALF_HEIGHT)}px)`;
      }
    },
    [controller],
  );

  // Repositioned in the frame after anything moved the view (the chart redraws its axis in its own frame);
  // the lines near the view may have changed too, and with them the handles worth showing.
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(() => {
        frame = 0;
        const now = controller.overlays.drawnOrderIds();
        setDrawn((was) => (sameIds(was, now) ? was : now));
        position();
      });
    };
    const unsubscribe = controller.overlays.onViewChange(schedule);
    const resize = new ResizeObserver(schedule);
    if (layer.current) resize.observe(layer.current);
    schedule();
    return () => {
      unsubscribe();
      resize.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [controller, position]);
  // A moved or new line: its handle goes with it before the frame is painted.
  useLayoutEffect(() => {
    prices.current = new Map(lines.map((l) => [l.id, l.price]));
    position();
  }, [lines, position]);

  const priceAtPointer = (event: PointerEvent) => {
    const box = layer.current?.getBoundingClientRect();
    if (!box || !tick) return '';
    return snapToTick(controller.overlays.priceAt(event.clientY - box.top), tick);
  };

  const pointerDown = (line: ShownLine) => (event: PointerEvent<HTMLButtonElement>) => {
    if (!line.movable || !tick || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: line.id, startY: event.clientY, price: null };
  };
  const pointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || (d.price === null && Math.abs(event.clientY - d.startY) < DRAG_THRESHOLD)) return;
    const price = priceAtPointer(event);
    if (!price || price === d.price) return;
    d.price = price;
    onMove(d.id, price);
  };
  const pointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.price) onDrop(d.id, d.price);
  };
  const pointerCancel = () => {
    if (drag.current?.price) onRestore();
    drag.current = null;
  };

  const keyDown = (line: ShownLine) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
    if (steps !== undefined && line.movable && tick) {
      event.preventDefault();
      keyMoved.current = line.id;
      onMove(line.id, stepByTicks(line.priceText, tick, event.shiftKey ? steps * 10 : steps));
    } else if (event.key === 'Enter' && keyMoved.current === line.id) {
      event.preventDefault();
      keyMoved.current = null;
      if (!event.repeat) onDrop(line.id, line.priceText);
    } else if (event.key === 'Escape' && keyMoved.current === line.id) {
      event.preventDefault();
      keyMoved.current = null;
      onRestore();
    }
  };
  const blur = (line: ShownLine) => () => {
    if (keyMoved.current !== line.id) return;
    keyMoved.current = null;
    onRestore();
  };

  return (
    <div ref={layer} className="order-lines" data-testid="order-line-handles">
      <p id={hintId} hidden>{t('orderLineMoveHint')}</p>
      {lines
        .filter((l) => drawn.has(l.id))
        .map((line) => {
          const name = t('orderLineName', { label: line.label, price: formatAsGiven(line.priceText, i18n.language) });
          return (
            <div
              key={line.id}
              ref={(el) => {
                if (!el) return void nodes.current.delete(line.id);
                // A handle that appears (its line came near the view) is put in place at once.
                if (!nodes.current.has(line.id)) position([[line.id, el]]);
                nodes.current.set(line.id, el);
              }}
              className={`order-line order-line--${line.side === 'Buy' ? 'buy' : 'sell'}`}
              data-order-id={line.id}
              style={{ visibility: 'hidden' }}
            >
              <button
                type="button"
                className="order-line__grip"
                aria-label={name}
                aria-describedby={line.movable ? hintId : undefined}
                aria-busy={line.busy || undefined}
                data-movable={line.movable || undefined}
                onPointerDown={pointerDown(line)}
                onPointerMove={pointerMove}
                onPointerUp={pointerUp}
                onPointerCancel={pointerCancel}
                onLostPointerCapture={() => drag.current && pointerCancel()}
                onKeyDown={keyDown(line)}
                onBlur={blur(line)}
              >
                {line.label}
              </button>
              <button type="button" className="order-line__cancel" aria-label={t('cancelOrderLine', { name })} disabled={line.busy} onClick={() => onCancel(line.id)}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
          );
        })}
    </div>
  );
}
