import { useCallback, useState } from 'react';
import { useAcceptedGates } from '../../../data/gateAcceptance';
import { nextGate, type GateId, type GateInput } from '../../../domain/order-entry/gates';
import type { GateDialogProps } from './GateDialog';

export interface GateFlowInput extends Omit<GateInput, 'accepted'> {
  userId: string | null;
}

export interface GateFlowCallbacks {
  /** every gate passed: place the order */
  proceed: () => void;
  /** a blocking message (spec key: web2_will_update, liquidationErrorInfo, overrunErrorInfo) */
  block: (messageKey: string) => void;
}

export interface GateFlow {
  /** walks the gates before a submit: calls `proceed` at once, `block`, or opens the dialog and carries on after Accept */
  run: (callbacks: GateFlowCallbacks) => void;
  /** spread on <GateDialog /> */
  dialog: GateDialogProps;
}

/**
 * The spec 2 §5 pre-submit sequence for one order: each accepted gate is
 * stored (per user) before the next step is decided, so a symbol with two
 * notices shows them one after the other and the order goes out after the
 * last. Cancel drops the order.
 */
export function useGateFlow({ userId, symbol, upgradeTag, riskState }: GateFlowInput): GateFlow {
  const { accepted, accept } = useAcceptedGates(userId);
  const [pending, setPending] = useState<{ gate: GateId; callbacks: GateFlowCallbacks } | null>(null);

  const step = useCallback(
    (callbacks: GateFlowCallbacks, known: ReadonlySet<GateId>) => {
      const next = nextGate({ symbol, upgradeTag, riskState, accepted: known });
      setPending(next.kind === 'accept' ? { gate: next.gate, callbacks } : null);
      if (next.kind === 'block') callbacks.block(next.messageKey);
      if (next.kind === 'pass') callbacks.proceed();
    },
    [symbol, upgradeTag, riskState],
  );

  const run = useCallback((callbacks: GateFlowCallbacks) => step(callbacks, accepted), [step, accepted]);

  const onAccept = () => {
    if (!pending) return false;
    if (!accept(pending.gate)) return false;
    step(pending.callbacks, new Set([...accepted, pending.gate]));
    return true;
  };

  return { run, dialog: { gate: pending?.gate ?? null, onAccept, onCancel: () => setPending(null) } };
}
