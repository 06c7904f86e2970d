import { useCallback, useMemo, useState } from 'react';
import { ownOrderLevels, type OwnLevels } from '../../domain/ownOrderLevels';
import { useOpenOrders } from '../../data/orders';
import { defaultDepthStep, priceDecimalsOf, type DepthStep } from '../../domain/depthOptions';
import type { DepthBook } from '../../domain/depthBook';
import { bookView, rowsPerSide, type BookLayout, type BookView } from '../../domain/orderbookRows';
import { useOrderbookSettings, type BookTotalUnit } from '../../data/orderbookSettings';
import { publishBookPrice } from '../../data/priceEvents';
import { useDepth, type StreamError } from '../../data/realtime';
import type { BookSymbol } from './useBookSymbol';

export interface OrderBookModel {
  /** the user's own resting size per row, per side (empty for a visitor) */
  own: { buy: OwnLevels; sell: OwnLevels };
  layout: BookLayout;
  setLayout: (layout: BookLayout) => void;
  steps: readonly DepthStep[];
  step: DepthStep | undefined;
  setStep: (step: string) => void;
  total: BookTotalUnit;
  setTotal: (total: BookTotalUnit) => void;
  /** the book drawn now: the live one, or the one frozen by hovering */
  book: DepthBook | null;
  view: BookView | null;
  paused: boolean;
  pause: () => void;
  resume: () => void;
  pick: (price: string, side: 'buy' | 'sell') => void;
  priceDecimals: number;
  error: StreamError | null;
}

/**
 * The order book's logic: the stored layout and step, the mergedDepth stream
 * at that step, hover pause (spec 1 §2.6) and the rows for `fitRows` rows.
 */
export function useOrderBook(symbol: BookSymbol, fitRows: number): OrderBookModel {
  const [settings, update] = useOrderbookSettings();
  const { symbolId, steps, precisions } = symbol;
  const step = defaultDepthStep(steps, precisions.price, settings.steps[symbolId]);
  const depth = useDepth(symbolId, 'mergedDepth', step?.dumpScale);
  const streamKey = `${symbolId}|${step?.step ?? ''}`;

  // Hovering freezes what is drawn; the stream keeps running underneath, so leaving shows the current book.
  const [frozen, setFrozen] = useState<{ key: string; book: DepthBook } | null>(null);
  const paused = frozen !== null && frozen.key === streamKey;
  const book = paused ? frozen.book : depth.book;
  const liveBook = depth.book;
  const pause = useCallback(() => setFrozen(liveBook ? { key: streamKey, book: liveBook } : null), [liveBook, streamKey]);
  const resume = useCallback(() => setFrozen(null), []);

  const { bids: bidRows, asks: askRows } = rowsPerSide(settings.layout, fitRows);
  const view = useMemo(() => (book ? bookView(book, { bids: bidRows, asks: askRows }) : null), [book, bidRows, askRows]);

  const pick = useCallback(
    (price: string, side: 'buy' | 'sell') => {
      if (symbolId) publishBookPrice({ symbolId, price, side });
    },
    [symbolId],
  );

  const priceDecimals = step ? priceDecimalsOf(step) : precisions.price;
  // The user's resting orders, marked on their rows (the same cached list the orders panel shows).
  const openOrders = useOpenOrders('ordinary').data;
  const own = useMemo(
    () => ({
      buy: ownOrderLevels(openOrders ?? [], symbolId, 'buy', priceDecimals),
      sell: ownOrderLevels(openOrders ?? [], symbolId, 'sell', priceDecimals),
    }),
    [openOrders, symbolId, priceDecimals],
  );

  return {
    layout: settings.layout,
    setLayout: useCallback((layout: BookLayout) => update({ layout }), [update]),
    steps,
    step,
    setStep: useCallback((value: string) => update({ step: { symbolId, step: value } }), [update, symbolId]),
    total: settings.total,
    setTotal: useCallback((total: BookTotalUnit) => update({ total }), [update]),
    book,
    view,
    paused,
    pause,
    resume,
    pick,
    priceDecimals,
    own,
    error: depth.error,
  };
}
