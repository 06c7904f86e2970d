import { type ReactNode } from 'react';
import GridLayout, { type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { GRID_COLS, GRID_MARGIN, GRID_ROW_HEIGHT, PANEL_IDS, type GridItem, type PanelId } from '../../domain/layout';

/** Area ids of the spec, one per grid panel. */
const AREA_IDS: Record<PanelId, string> = {
  chart: 'chart-area',
  orderbook: 'orderbook-area',
  position: 'position-area',
};

/** The heading inside each panel that names it. */
const TITLE_IDS: Record<PanelId, string> = {
  chart: 'chart-area-title',
  orderbook: 'orderbook-area-title',
  position: 'orders-title',
};

interface TradeGridProps {
  width: number;
  items: GridItem[];
  /** Right-to-left pages cannot drag or resize (spec 1 §2.2). */
  rtl: boolean;
  panels: Record<PanelId, ReactNode>;
  onCommit: (items: GridItem[]) => void;
}

function toGridItems(layout: Layout, previous: GridItem[]): GridItem[] {
  return previous.map((item) => {
    const moved = layout.find((l: LayoutItem) => l.i === item.i);
    return moved ? { ...item, x: moved.x, y: moved.y, w: moved.w, h: moved.h } : item;
  });
}

/**
 * Positions are physical: react-grid-layout places items from the left, so the
 * grid element is laid out left-to-right (CSS) and panel content keeps the
 * page direction. The layout it gets is already mirrored for RTL pages.
 */
export function TradeGrid({ width, items, rtl, panels, onCommit }: TradeGridProps) {
  const stop = (layout: Layout) => onCommit(toGridItems(layout, items));
  const editable = !rtl;
  return (
    <GridLayout
      className="trade-grid"
      width={width}
      layout={items}
      gridConfig={{ cols: GRID_COLS, rowHeight: GRID_ROW_HEIGHT, margin: GRID_MARGIN, containerPadding: [0, 0] }}
      dragConfig={{ enabled: editable, handle: '.panel__drag-handle', cancel: 'button, a, input, select, [role="tab"]' }}
      resizeConfig={{ enabled: editable, handles: ['se'] }}
      onDragStop={stop}
      onResizeStop={stop}
    >
      {PANEL_IDS.map((id) => (
        <section key={id} id={AREA_IDS[id]} className="panel" data-panel={id} aria-labelledby={TITLE_IDS[id]}>
          {panels[id]}
        </section>
      ))}
    </GridLayout>
  );
}
