/** The right-hand panel's Trade and Tools tabs, and the tools (spec 2 §2, §3, §5). */
export { TradeSidePanel } from './TradeSidePanel';
