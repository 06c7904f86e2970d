/**
 * The Tools tab of the right-hand panel (spec 2 §2, §3, §5, §6): which
 * pinned tools a viewer sees, what a click on the Tools tab does, and where
 * the outbound tools lead. Pure.
 */

/** The pinned tool icons, in the spec's order (spec 2 §3). */
export const PINNED_TOOL_IDS = ['gridBot', 'otc', 'autoInvest', 'iceberg', 'twap', 'scaledOrder', 'spread'] as const;
/**
 * Every tool of the list: the pinned ones, then chase — a strategy order
 * (spec 2 §3 strategyType) with an order-list tab of its own but no pinned
 * icon, so it follows them.
 */
export const TOOL_IDS = [...PINNED_TOOL_IDS, 'chase'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Tools that are pages of their own elsewhere on the site: the icon is a link. */
export const OUTBOUND_TOOLS: ReadonlySet<ToolId> = new Set(['otc', 'autoInvest', 'spread']);

export interface ToolViewer {
  isUnified: boolean;
  isDemo: boolean;
  /** not restricted by the compliance configuration */
  compliant: boolean;
  isSubAccount: boolean;
  copyTradeLeader: boolean;
}

/**
 * Spec 2 §5: split tools (twap, iceberg) need UTA and compliance; scaled
 * order needs UTA and non-demo; auto invest a non-sub account; the grid bot
 * is hidden for copy-trading-leader sub accounts, demo accounts and
 * non-compliant users; spread is for demo accounts only; chase as the split tools. `built` is the set
 * of tools this page has (a tool that cannot open is not offered).
 */
export function visibleTools(viewer: ToolViewer, built: ReadonlySet<ToolId>): ToolId[] {
  const shown: Record<ToolId, boolean> = {
    gridBot: !(viewer.isSubAccount && viewer.copyTradeLeader) && !viewer.isDemo && viewer.compliant,
    otc: true,
    autoInvest: !viewer.isSubAccount,
    iceberg: viewer.isUnified && viewer.compliant,
    twap: viewer.isUnified && viewer.compliant,
    // The spec gives chase no rule of its own: it is split into no parts, but it is an algorithmic order like the split tools.
    chase: viewer.isUnified && viewer.compliant,
    scaledOrder: viewer.isUnified && !viewer.isDemo,
    spread: viewer.isDemo,
  };
  return TOOL_IDS.filter((id) => shown[id] && built.has(id));
}

/** The right-hand panel: the Trade tab ('standard') or the Tools tab ('tools') with the tool chosen, if any. */
export interface SidePanelState {
  tab: 'standard' | 'tools';
  tool: ToolId | null;
}

export const STANDARD_PANEL: SidePanelState = { tab: 'standard', tool: null };

/**
 * Spec 2 §2/§4 "Clicking Tools opens tools, or clears the chosen tool, or
 * returns to standard": from the Trade tab it opens the tools; with a tool
 * open it goes back to the list; on the list it returns to Trade.
 */
export function clickToolsTab(state: SidePanelState): SidePanelState {
  if (state.tab === 'standard') return { tab: 'tools', tool: null };
  if (state.tool !== null) return { tab: 'tools', tool: null };
  return STANDARD_PANEL;
}

export function chooseTool(tool: ToolId): SidePanelState {
  return { tab: 'tools', tool };
}

/** Where an outbound tool leads (spec 2 §2), and whether in a new window. */
export interface ToolLink {
  href: string;
  newWindow: boolean;
}

/**
 * OTC convert with fromCoin / toCoin / source (the pair's quote coin into its
 * base, BTC when the pair gives none); auto invest's home with source,
 * target and type=crypto; the future-spread marketplace in a new window.
 * Spec 2 §2 gives OTC two pages, chosen by the OTC guided status (§7
 * `result.guided`): a trader not yet guided through OTC — or whose status is
 * unknown — goes to the OTC desk, which introduces it; one already guided
 * goes straight to the convert page.
 */
export function toolLink(tool: ToolId, pair: { base: string; quote: string }, otcGuided: boolean | null = null): ToolLink | null {
  const from = pair.quote || 'USDT';
  const to = pair.base || 'BTC';
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (tool) {
    case 'otc':
      return { href: `${otcGuided === true ? '/convert' : '/user/assets/otc/index'}?${query({ fromCoin: from, toCoin: to, source: 'spot_convert_block_trade' })}`, newWindow: false };
    case 'autoInvest':
      return { href: `/fiat/trade/invest/home?${query({ source: 'spot_trade', target: to, type: 'crypto' })}`, newWindow: false };
    case 'spread':
      return { href: '/liquid-marketplace/future-spread', newWindow: true };
    default:
      return null;
  }
}
