import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { checkIndicatorParam, stepIndicatorParam, type IndicatorParamRule } from '../../../domain/chartDialogs';
import type { IndicatorConfig } from '../../../domain/chartModel';

/** An indicator being edited: its last applied config and the parameter texts as typed. */
export interface IndicatorDraft {
  config: IndicatorConfig;
  texts: string[];
}

interface IndicatorRowProps {
  row: IndicatorDraft;
  rules: readonly (IndicatorParamRule & { step: number })[];
  onTexts: (texts: string[]) => void;
  onRemove: () => void;
}

/** One active indicator: "MA(7)", a field per parameter with its own message, a remove button. */
export function IndicatorRow({ row, rules, onTexts, onRemove }: IndicatorRowProps) {
  const { t } = useTranslation('chart');
  const idBase = useId();
  const checks = rules.map((rule, i) => checkIndicatorParam(row.texts[i] ?? '', rule));
  // The title follows the valid values, so "MA(7)" becomes "MA(20)" as soon as 20 is typed.
  const shown = checks.map((c, i) => (c.ok ? c.value : row.config.params[i]));
  const title = `${row.config.id}(${shown.join(', ')})`;
  const setText = (index: number, text: string) => onTexts(rules.map((_, j) => (j === index ? text : (row.texts[j] ?? ''))));

  return (
    <li className="ct-indicator-row">
      <span className="ct-indicator-row__title" dir="ltr">{title}</span>
      <div className="ct-indicator-row__params">
        {rules.map((rule, i) => {
          const check = checks[i];
          const inputId = `${idBase}-${i}`;
          const messageId = `${inputId}-msg`;
          const error = check && !check.ok ? check.error : null;
          return (
            <div key={rule.key} className="ct-field">
              <label htmlFor={inputId}>{t(`toolbar.param_${rule.key}`, { defaultValue: rule.key })}</label>
              <input
                id={inputId}
                className="ct-input"
                dir="ltr"
                inputMode={rule.integer ? 'numeric' : 'decimal'}
                value={row.texts[i] ?? ''}
                aria-invalid={error !== null}
                aria-describedby={error ? messageId : undefined}
                onChange={(event) => setText(i, event.target.value)}
                onKeyDown={(event) => {
                  // Up and down arrows step the value, as in a number field.
                  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
                  event.preventDefault();
                  setText(i, String(stepIndicatorParam(row.texts[i] ?? '', rule, event.key === 'ArrowUp' ? 1 : -1)));
                }}
              />
              {error && (
                <span id={messageId} className="ct-error" role="alert">
                  {t(`toolbar.paramError_${error}`, { min: rule.min, max: rule.max })}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <button type="button" className="ct-button ct-remove" aria-label={t('toolbar.removeNamed', { name: title })} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}
