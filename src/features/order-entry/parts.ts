/** The pieces the order form plugs in: the pre-submit gates (dialog + flow) and the trade-preference popover. */
export { GateDialog, useGateFlow, type GateDialogProps, type GateFlow, type GateFlowCallbacks, type GateFlowInput } from './gates';
export { TradePreferencesPopover, type TradePreferencesPopoverProps } from './TradePreferencesPopover';
