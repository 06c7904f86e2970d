import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseHexColor } from '../../../domain/chartDialogs';

interface ColorFieldProps {
  label: string;
  text: string;
  /** shown in the picker while the typed text is not a colour */
  fallback: string;
  onText: (text: string) => void;
}

/**
 * A colour as a picker and as #rrggbb text kept in step: the picker is quick,
 * the text is exact and can be typed or pasted. A bad text shows why.
 */
export function ColorField({ label, text, fallback, onText }: ColorFieldProps) {
  const { t } = useTranslation('chart');
  const id = useId();
  const valid = parseHexColor(text);
  return (
    <div className="ct-field ct-color">
      <label htmlFor={`${id}-text`}>{label}</label>
      <input
        type="color"
        className="ct-color__picker"
        aria-label={t('toolbar.colorPicker', { name: label })}
        value={valid ?? fallback}
        onChange={(event) => onText(event.target.value)}
      />
      <input
        id={`${id}-text`}
        className="ct-input ct-color__text"
        dir="ltr"
        spellCheck={false}
        value={text}
        aria-invalid={valid === null}
        aria-describedby={valid === null ? `${id}-msg` : undefined}
        onChange={(event) => onText(event.target.value)}
      />
      {valid === null && (
        <span id={`${id}-msg`} className="ct-error" role="alert">
          {t('toolbar.colorError')}
        </span>
      )}
    </div>
  );
}
