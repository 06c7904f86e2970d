/**
 * The position and grid display settings of the chart (spec 1 §3 chart
 * display settings `position` and `grid`): what they draw on the price axis.
 * Position: the average entry price of the pair's base coin held (a unified
 * account's positions); grid: each running grid bot's upper and lower price
 * on the pair. Pure: the chart feature draws what these return.
 */
export interface HoldingLine {
  id: string;
  /** the colour: a position and a bot's lower bound read as buys, a bot's upper bound as a sell */
  side: 'Buy' | 'Sell';
  price: number;
  kind: 'position' | 'gridUpper' | 'gridLower';
  /** for the label: the position's size, or the bot's grid count */
  size: string;
}

const positiveNumber = (text: string): number | null => {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The position line of `baseCoin`; none when off, not held, or held without a fill that gives it a price. */
export function positionLine(on: boolean, positions: readonly { coin: string; size: string; avgEntryPrice: string }[], baseCoin: string): HoldingLine | null {
  if (!on) return null;
  const held = positions.find((p) => p.coin === baseCoin);
  if (!held || positiveNumber(held.size) === null) return null;
  const price = positiveNumber(held.avgEntryPrice);
  return price === null ? null : { id: `position:${baseCoin}`, side: 'Buy', price, kind: 'position', size: held.size };
}

/** Upper and lower lines of every running bot on `symbolId` (a bot with a bad range is left out). */
export function gridLines(
  on: boolean,
  bots: readonly { botId: string; symbol: string; status: string; minPrice: string; maxPrice: string; gridNumber: number }[],
  symbolId: string,
): HoldingLine[] {
  if (!on) return [];
  return bots.flatMap((bot) => {
    const low = positiveNumber(bot.minPrice);
    const high = positiveNumber(bot.maxPrice);
    if (bot.symbol !== symbolId || bot.status !== 'RUNNING' || low === null || high === null || low >= high) return [];
    const size = String(bot.gridNumber);
    return [
      { id: `grid:${bot.botId}:upper`, side: 'Sell' as const, price: high, kind: 'gridUpper' as const, size },
      { id: `grid:${bot.botId}:lower`, side: 'Buy' as const, price: low, kind: 'gridLower' as const, size },
    ];
  });
}
