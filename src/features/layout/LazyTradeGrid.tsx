import { Suspense, type ComponentProps } from 'react';
import { gridHeight } from '../../domain/layout';
import { lazyNamed } from '../../ui/lazyNamed';

const TradeGridView = lazyNamed(() => import('./TradeGrid'), 'TradeGrid');

/** Starts the grid's chunk before the page renders it (see app/firstScreen.ts). */
export const preloadTradeGrid = TradeGridView.preload;

/**
 * The trading grid, its library (react-grid-layout with its drag and resize
 * helpers, ~20 KB gzip) loaded beside the panels' own chunks rather than
 * before the first paint. Until it is there, the grid's exact height is held,
 * so nothing below moves when it arrives.
 */
export function TradeGrid(props: ComponentProps<typeof TradeGridView>) {
  return (
    <Suspense fallback={<div className="trade-grid" style={{ blockSize: gridHeight(props.items), inlineSize: props.width }} aria-busy="true" />}>
      <TradeGridView {...props} />
    </Suspense>
  );
}
