import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVERAGE_QUIZ, quizComplete } from '../../domain/order-entry/leverage';
import { ApiError } from '../../data/http';
import { useLeverageActions } from '../../data/spotMargin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import './gates/gates.css';

const RISKS = ['leverageRiskLoss', 'leverageRiskLoan', 'leverageRiskLiquidation'] as const;

/**
 * Before spot margin goes on the first time (spec 1 §5): the leverage risk
 * confirmation, then the quiz the exchange grades. Each step is stored by
 * the exchange before the next shows; closing keeps what was done.
 */
export function LeverageOnboarding({ step, onStep, onPassed }: { step: 'confirm' | 'quiz'; onStep: (step: 'confirm' | 'quiz' | null) => void; onPassed: () => void }) {
  const { t } = useTranslation('trade');
  const { confirm, quiz } = useLeverageActions();
  const [acknowledged, setAcknowledged] = useState(false);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [wrong, setWrong] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = (error: unknown) => setFailure(t('spotMarginChangeFailed', { message: error instanceof ApiError ? error.message : String(error) }));
  // Closing forgets the unfinished step's ticks; what the exchange stored (the confirmation) stays.
  const close = () => {
    setAcknowledged(false);
    setWrong([]);
    setFailure(null);
    onStep(null);
  };

  // Both steps end the same way: Cancel, and the step's own button once its answers are there.
  const stepActions = (label: string, disabled: boolean, onClick: () => void) => (
    <>
      <Button variant="secondary" onClick={close}>{t('cancel')}</Button>
      <Button variant="primary" className="gate-dialog__accept" disabled={disabled} onClick={onClick}>{label}</Button>
    </>
  );

  if (step === 'confirm') {
    return (
      <Dialog
        open
        title={t('leverageConfirmTitle')}
        onClose={close}
        actions={stepActions(t('leverageConfirm'), !acknowledged || confirm.isPending, () =>
          confirm.mutate(undefined, {
            onSuccess: () => {
              setFailure(null);
              onStep('quiz');
            },
            onError: problem,
          }),
        )}
      >
        <div className="gate-dialog">
          {RISKS.map((key) => (
            <p key={key} className="gate-dialog__text">{t(key)}</p>
          ))}
          <label className="gate-dialog__choice">
            <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />
            <span>{t('leverageRiskAck')}</span>
          </label>
          {failure && <p role="alert" className="gate-dialog__error">{failure}</p>}
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      title={t('leverageQuizTitle')}
      onClose={close}
      actions={stepActions(t('leverageQuizSubmit'), !quizComplete(answers) || quiz.isPending, () =>
        quiz.mutate(answers, {
          onSuccess: (grade) => {
            setWrong(grade.wrong);
            if (grade.passed) onPassed();
            else setFailure(t('leverageQuizFailed'));
          },
          onError: problem,
        }),
      )}
    >
      <div className="gate-dialog">
        <p className="gate-dialog__text">{t('leverageQuizIntro')}</p>
        {LEVERAGE_QUIZ.map((question) => (
          <fieldset key={question.id} className="gate-dialog__test" aria-invalid={wrong.includes(question.id) || undefined}>
            <legend>{t(`leverageQuiz_${question.id}`)}</legend>
            {question.options.map((option) => (
              <label key={option} className="gate-dialog__choice">
                <input
                  type="radio"
                  name={`leverage-quiz-${question.id}`}
                  value={option}
                  checked={answers[question.id] === option}
                  onChange={() => setAnswers((now) => ({ ...now, [question.id]: option }))}
                />
                <span>{t(`leverageQuiz_${question.id}_${option}`)}</span>
              </label>
            ))}
            {wrong.includes(question.id) && <p className="gate-dialog__wrong">{t('leverageQuizWrong')}</p>}
          </fieldset>
        ))}
        {failure && <p role="alert" className="gate-dialog__error">{failure}</p>}
      </div>
    </Dialog>
  );
}
