/** Order entry on the Trade tab (spec 2 §1, §2): the form, its gates and the trade preferences. */
export { OrderEntryPanel } from './OrderEntryPanel';
/** The phone page's Buy / Sell bar and its bottom sheet with the same form. */
export { MobileTradeBar } from './MobileTradeBar';
/** The chart's quick orders place through the form's context, checks and gates. */
export { useQuickOrder, type QuickOrderModel } from './useQuickOrder';
export { GateDialog, useGateFlow, type GateDialogProps } from './gates';
/** The tools' forms read the same order context and explain failures the same way. */
export { useOrderContext } from './useOrderContext';
export { placeFailure } from './placeFailure';
export { NumberField } from './NumberField';
export { SideSwitch } from './SideSwitch';
