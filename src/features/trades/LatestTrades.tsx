/** Latest trades (spec 1 §2.6). Filled in by the order book work of issue 5. */
export function LatestTrades({ base, quote }: { base: string; quote: string }) {
  return <div id="latest-trades" data-symbol={`${base}${quote}`} />;
}
