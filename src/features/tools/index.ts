/** The right-hand panel's Trade and Tools tabs, and the tools (spec 2 §2, §3, §5). */
export { TradeSidePanel } from './TradeSidePanel';
/** While the grid bot tool is open its panel takes the order-list area (spec 2 §2). */
export { GridPanel } from './GridPanel';
