import type { ClipboardEvent, ReactNode } from 'react';

export interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  /** the coin or unit written after the number */
  unit?: string;
  /** a message under the field (an invalid paste, a failed check) */
  message?: string | null;
  invalid?: boolean;
  onInput: (text: string) => void;
  onPaste: (text: string) => void;
  onBlur: () => void;
  /** buttons beside the label, e.g. "Last" / "Best bid" */
  helpers?: ReactNode;
  placeholder?: string;
}

/**
 * A labelled decimal field. Typed text goes through the form's reducer (which
 * keeps the field's precision); a paste is read whole, so "1,234.5" or
 * "1e3" becomes a number and letters become a message, never NaN.
 */
export function NumberField({ id, label, value, unit, message, invalid, onInput, onPaste, onBlur, helpers, placeholder }: NumberFieldProps) {
  const messageId = `${id}-message`;
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onPaste(event.clipboardData.getData('text'));
  };
  return (
    <div className={`order-field${invalid ? ' order-field--invalid' : ''}`}>
      <div className="order-field__head">
        <label htmlFor={id} className="order-field__label">{label}</label>
        {helpers}
      </div>
      <div className="order-field__box">
        <input
          id={id}
          className="order-field__input num"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={value}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => onInput(e.target.value)}
          onPaste={paste}
          onBlur={onBlur}
        />
        {unit && <span className="order-field__unit" aria-hidden="true">{unit}</span>}
      </div>
      {message && (
        <p id={messageId} className="order-field__message" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
