import { useCallback, useMemo, useState } from 'react';
import { ownOrderLevels, type OwnLevels } from '../../domain/ownOrderLevels';
import { useOpenOrders } from '../../data/orders';
import { defaultDepthStep, priceDecimalsOf, type DepthStep } from '../../domain/depthOptions';
import type { DepthBook } from '../../domain/depthBook';
import { bookView, rowsPerSide, type BookLayout, type BookView } from '../../domain/orderbookRows';
import { useOrderbookSettings, type BookTotalUnit } from '../../data/orderbookSettings';
import { publishBookPrice } from '../../data/priceEvents';
import { useDepth, type StreamError } from '../../data/realtime';
import { useKeptBook } from '../../data/keptBooks';
import type { KeptBook } from '../../domain/keptBooks';
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
  /** the decimals the rows are drawn with (a kept book brings the ones it was shown with) */
  decimals: KeptBook['decimals'];
  /** true while the book drawn is the last one kept, not a live one */
  stale: boolean;
  error: StreamError | null;
}

/**
 * The order book's logic: the stored layout and step, the mergedDepth stream
 * at that step, hover pause (spec 1 §2.6) and the rows for `fitRows` rows.
 */
export function useOrderBook(symbol: BookSymbol, fitRows: number, pair: string): OrderBookModel {
  const [settings, update] = useOrderbookSettings();
  const { symbolId, steps, precisions } = symbol;
  const step = defaultDepthStep(steps, precisions.price, settings.steps[symbolId]);
  const depth = useDepth(symbolId, 'mergedDepth', step?.dumpScale);
  const streamKey = `${symbolId}|${step?.step ?? ''}`;

  // Hovering freezes what is drawn; the stream keeps running underneath, so leaving shows the current book.
  const [frozen, setFrozen] = useState<{ key: string; book: DepthBook } | null>(null);
  const paused = frozen !== null && frozen.key === streamKey;
  const liveBook = depth.book;
  const pause = useCallback(() => setFrozen(liveBook ? { key: streamKey, book: liveBook } : null), [liveBook, streamKey]);
  const resume = useCallback(() => setFrozen(null), []);
  const priceDecimals = step ? priceDecimalsOf(step) : precisions.price;
  const liveDecimals = useMemo(() => ({ price: priceDecimals, amount: precisions.quantity, value: precisions.price }), [priceDecimals, precisions.quantity, precisions.price]);
  // Until the first live book, the last one kept for this pair (before the symbol list answers, at any step).
  const kept = useKeptBook({ pair, step: symbolId ? step?.step : undefined, live: liveBook, decimals: liveDecimals });
  const book = paused ? frozen.book : (liveBook ?? kept?.book ?? null);

  const { bids: bidRows, asks: askRows } = rowsPerSide(settings.layout, fitRows);
  const view = useMemo(() => (book ? bookView(book, { bids: bidRows, asks: askRows }) : null), [book, bidRows, askRows]);

  const pick = useCallback(
    (price: string, side: 'buy' | 'sell') => {
      if (symbolId) publishBookPrice({ symbolId, price, side });
    },
    [symbolId],
  );

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
    priceDecimals: kept ? kept.decimals.price : priceDecimals,
    decimals: kept ? kept.decimals : liveDecimals,
    stale: kept !== null,
    own,
    error: depth.error,
  };
}
