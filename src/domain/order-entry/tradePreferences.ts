/**
 * Trade preferences (spec 2 §3 flags, §5 visibility): what the order form
 * shows. The user stores a value per flag; the page's situation decides which
 * flags can be changed at all, and a flag hidden by the rules counts as off.
 */

export const TRADE_PREFERENCE_FLAGS = [
  'showSpotMargin',
  'showLeverage',
  'showAvailableBalance',
  'showMaxBuy',
  'showBorrowedAmount',
  'showTpSl',
  'showPostOnly',
  'showTimeInForce',
  'showMaxSlippageLimit',
  'showBaseOrQuote',
] as const;

export type TradePreferenceFlag = (typeof TRADE_PREFERENCE_FLAGS)[number];
export type TradePreferences = Readonly<Record<TradePreferenceFlag, boolean>>;

export const DEFAULT_TRADE_PREFERENCES: TradePreferences = {
  // The three leverage flags apply only where their rules offer them (spec 2 §5): a unified account, leverage on.
  showSpotMargin: true,
  showLeverage: true,
  showAvailableBalance: true,
  showMaxBuy: true,
  showBorrowedAmount: true,
  showTpSl: true,
  showPostOnly: true,
  showTimeInForce: true,
  showMaxSlippageLimit: false,
  showBaseOrQuote: true,
};

export function isTradePreferenceFlag(value: unknown): value is TradePreferenceFlag {
  return typeof value === 'string' && (TRADE_PREFERENCE_FLAGS as readonly string[]).includes(value);
}

/** Stored data is untrusted: each flag keeps a stored boolean, anything else is its default; unknown keys are dropped. */
export function parseTradePreferences(raw: unknown): TradePreferences {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_TRADE_PREFERENCES;
  const value = raw as Record<string, unknown>;
  const out = { ...DEFAULT_TRADE_PREFERENCES } as Record<TradePreferenceFlag, boolean>;
  for (const flag of TRADE_PREFERENCE_FLAGS) {
    const stored = value[flag];
    if (typeof stored === 'boolean') out[flag] = stored;
  }
  return out;
}

export interface PreferenceContext {
  /** a unified trading account (UTA) */
  isUnified: boolean;
  isDemo: boolean;
  /** the compliance setting that allows margin trading for this user */
  compliant: boolean;
  /** a leverage is selected, or a tool runs in margin mode */
  leverageSelected: boolean;
  /** the symbol has a max slippage limit for market orders */
  maxSlippageLimit: boolean;
}

/**
 * Spec 2 §5 "Trade preferences", as read here:
 * - "spot margin needs leverage and compliance": leverage here is the account's
 *   ability to trade on leverage, which only a unified account has (it cannot
 *   mean a selected leverage: the spot-margin switch is how one gets a
 *   leverage, so requiring one first would hide the switch for good).
 * - "leverage needs a selected leverage or tool margin mode and UTA": UTA and
 *   `leverageSelected` (which the form sets for either case).
 * - "borrowed amount needs selected leverage": `leverageSelected`.
 * - "advanced functions need UTA and non-demo": the advanced functions are
 *   the order options beyond price and quantity — TP/SL, post-only, time in
 *   force and the max slippage limit. Available balance, max buy and the
 *   base-or-quote unit are basic and always offered.
 * - "slippage needs a max slippage limit": on top of the advanced rule.
 */
export function visiblePreferenceFlags(ctx: PreferenceContext): TradePreferenceFlag[] {
  const advanced = ctx.isUnified && !ctx.isDemo;
  const visible: Record<TradePreferenceFlag, boolean> = {
    showSpotMargin: ctx.isUnified && ctx.compliant,
    showLeverage: ctx.isUnified && ctx.leverageSelected,
    showAvailableBalance: true,
    showMaxBuy: true,
    showBorrowedAmount: ctx.leverageSelected,
    showTpSl: advanced,
    showPostOnly: advanced,
    showTimeInForce: advanced,
    showMaxSlippageLimit: advanced && ctx.maxSlippageLimit,
    showBaseOrQuote: true,
  };
  return TRADE_PREFERENCE_FLAGS.filter((flag) => visible[flag]);
}

/** What the form honours: the stored value of a visible flag; a hidden flag is off. */
export function effectiveFlags(stored: TradePreferences, visible: readonly TradePreferenceFlag[]): TradePreferences {
  const out = {} as Record<TradePreferenceFlag, boolean>;
  for (const flag of TRADE_PREFERENCE_FLAGS) out[flag] = visible.includes(flag) && stored[flag];
  return out;
}
