import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateId } from '../../../domain/order-entry/gates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import './gates.css';

/** The leveraged-token test's answers; only 'loses' is right. */
const LT_ANSWERS = ['keeps', 'loses', 'floor'] as const;
type LtAnswer = (typeof LT_ANSWERS)[number];

interface Ticks {
  gate: GateId | null;
  agreed: boolean;
  understood: boolean;
  answer: LtAnswer | null;
  saveFailed: boolean;
}

const fresh = (gate: GateId | null): Ticks => ({ gate, agreed: false, understood: false, answer: null, saveFailed: false });

export interface GateDialogProps {
  /** the gate to accept, or null when none is open */
  gate: GateId | null;
  /** the user accepted; answering false (the acceptance could not be kept) leaves the dialog open with a message */
  onAccept: () => boolean | void;
  onCancel: () => void;
}

/**
 * A pre-submit gate of spec 2 §5: the notice, an "I have read and agree"
 * tick that enables Accept, and for leveraged tokens a one-question test plus
 * an explicit acknowledgement. Escape and Cancel refuse the gate.
 */
export function GateDialog({ gate, onAccept, onCancel }: GateDialogProps) {
  const { t } = useTranslation('trade');
  const [stored, setTicks] = useState<Ticks>(() => fresh(gate));
  // A new gate (the next one of the same order, or a reopening) starts unticked.
  const ticks = stored.gate === gate ? stored : fresh(gate);
  const update = (patch: Partial<Ticks>) => setTicks({ ...ticks, ...patch });
  const agreeId = useId();
  const understandId = useId();
  const wrongId = useId();

  // The native dialog reports one closing twice (cancel, then close) and also after Accept: answer once per opening.
  const settled = useRef<GateId | null>(null);
  useEffect(() => {
    // Closed (null) or moved on to another gate: the next opening answers afresh.
    if (settled.current !== gate) settled.current = null;
  }, [gate]);

  const cancel = () => {
    if (gate === null || settled.current === gate) return;
    settled.current = gate;
    onCancel();
  };

  const isLt = gate === 'ltRiskTest';
  const testPassed = !isLt || (ticks.answer === 'loses' && ticks.understood);
  const canAccept = gate !== null && ticks.agreed && testPassed;

  const accept = () => {
    if (!canAccept) return;
    settled.current = gate;
    if (onAccept() === false) {
      settled.current = null;
      update({ saveFailed: true });
    }
  };

  return (
    <Dialog
      open={gate !== null}
      title={gate ? t(`gate_${gate}_title`) : ''}
      onClose={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>{t('gate_cancel')}</Button>
          <Button variant="primary" className="gate-dialog__accept" disabled={!canAccept} onClick={accept}>{t('gate_accept')}</Button>
        </>
      }
    >
      {gate && (
        <div className="gate-dialog">
          <p className="gate-dialog__text">{t(`gate_${gate}_body`)}</p>
          {isLt && (
            <fieldset className="gate-dialog__test" aria-describedby={ticks.answer && ticks.answer !== 'loses' ? wrongId : undefined}>
              <legend>{t('gate_lt_question')}</legend>
              {LT_ANSWERS.map((answer) => (
                <label key={answer} className="gate-dialog__choice">
                  <input type="radio" name={`${agreeId}-lt`} value={answer} checked={ticks.answer === answer} onChange={() => update({ answer })} />
                  <span>{t(`gate_lt_answer_${answer}`)}</span>
                </label>
              ))}
              <p id={wrongId} className="gate-dialog__wrong" aria-live="polite">
                {ticks.answer && ticks.answer !== 'loses' ? t('gate_lt_wrong') : ''}
              </p>
            </fieldset>
          )}
          {isLt && (
            <div className="gate-dialog__choice">
              <input id={understandId} type="checkbox" checked={ticks.understood} onChange={(e) => update({ understood: e.target.checked })} />
              <label htmlFor={understandId}>{t('gate_lt_understand')}</label>
            </div>
          )}
          <div className="gate-dialog__choice">
            <input id={agreeId} type="checkbox" checked={ticks.agreed} onChange={(e) => update({ agreed: e.target.checked })} />
            <label htmlFor={agreeId}>{t('gate_agree')}</label>
          </div>
          {ticks.saveFailed && <p role="alert" className="gate-dialog__error">{t('gate_saveFailed')}</p>}
        </div>
      )}
    </Dialog>
  );
}
