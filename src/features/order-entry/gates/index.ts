export { GateDialog, type GateDialogProps } from './GateDialog';
export { useGateFlow, type GateFlow, type GateFlowCallbacks, type GateFlowInput } from './useGateFlow';
