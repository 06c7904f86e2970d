import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { useModalDialog } from './useModalDialog';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  /** for a table (the deal history): wider than a question's dialog */
  wide?: boolean;
}

/**
 * Native modal <dialog>: the browser traps focus, closes on Escape and puts
 * focus back on the control that opened it.
 */
export function Dialog({ open, title, onClose, children, actions, wide = false }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  // React carries a nested dialog's cancel and close up through portals: react to this dialog's own only.
  const own = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog ref={ref} className={wide ? 'dialog dialog--wide' : 'dialog'} aria-labelledby={titleId} onClose={own} onCancel={own}>
      <h2 id={titleId} className="dialog__title">{title}</h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
