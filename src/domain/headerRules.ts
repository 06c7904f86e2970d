/** Small visibility and text rules of the market header (spec 1 §2.4, §4, §6; spec 2 §2). */

/**
 * The liquidity-shield link shows only with the compliance flag, when the
 * symbol is in the slippage-compensation list, and never for demo accounts.
 */
export function liquidityShieldVisible(input: {
  complianceFlag: boolean;
  compensationSymbols: readonly string[];
  symbolId: string;
  isDemo: boolean;
}): boolean {
  return input.complianceFlag && !input.isDemo && input.compensationSymbols.includes(input.symbolId);
}

export const LIQUIDITY_SHIELD_PATH = '/liquidity-shield-trading-frenzy/';

export type TradeGuideState = 'unknown' | 'new' | 'read';

/** The preference key of the new-user trade guide flag (spec 1 §7 preference save). */
export const TRADE_GUIDE_PREF_KEY = 'spot_new_user_trade_guide';

/**
 * Unknown until the preferences are known (never pop a guide at someone who
 * may have read it), new when the flag was never written, read once it says so.
 */
export function tradeGuideState(loaded: boolean, stored: string | undefined): TradeGuideState {
  if (!loaded) return 'unknown';
  return stored === 'read' ? 'read' : 'new';
}

export type PriceDirection = 'up' | 'down';

/** The title arrow follows the last change of the last price; an unchanged price keeps the arrow it had. */
export function nextPriceDirection(previous: string | null, next: string, current: PriceDirection): PriceDirection {
  if (previous === null) return current;
  const a = Number(previous);
  const b = Number(next);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) return current;
  return b > a ? 'up' : 'down';
}

/**
 * Spec 1 §2.4 / spec 2 §2: the title from a template with the symbol name and
 * the last price with an up or down arrow. The template is a translation with
 * {{price}}, {{arrow}} and {{symbol}}; without a price the plain symbol title.
 */
export function pageTitle(
  template: { withPrice: (v: { price: string; arrow: string; symbol: string }) => string; withoutPrice: (v: { symbol: string }) => string },
  symbol: string,
  price: string | null,
  direction: PriceDirection,
): string {
  if (price === null) return template.withoutPrice({ symbol });
  return template.withPrice({ price, arrow: direction === 'up' ? '↑' : '↓', symbol });
}
