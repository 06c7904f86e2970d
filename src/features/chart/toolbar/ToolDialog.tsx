import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

export interface ToolDialogProps {
  /** the toolbar button: an icon, and a visible text or (icon-only) an accessible name */
  icon: ReactNode;
  text?: string;
  ariaLabel?: string;
  title: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onApply: () => void;
  /** actions before Cancel / OK (e.g. Reset to defaults) */
  extraActions?: ReactNode;
  /** rendered only while open, so every opening starts from a fresh draft */
  children: () => ReactNode;
}

/** A toolbar button that opens an OK / Cancel dialog: the shell the Indicators, Compare and Settings dialogs share. */
export function ToolDialog({ icon, text, ariaLabel, title, open, onOpen, onClose, onApply, extraActions, children }: ToolDialogProps) {
  const { t } = useTranslation('chart');
  return (
    <>
      <button type="button" className="ct-button" aria-haspopup="dialog" aria-label={ariaLabel} title={ariaLabel} onClick={onOpen}>
        {icon}
        {text && <span>{text}</span>}
      </button>
      <Dialog
        open={open}
        title={title}
        onClose={onClose}
        actions={
          <>
            {extraActions}
            <Button onClick={onClose}>{t('toolbar.cancel')}</Button>
            <Button variant="primary" onClick={onApply}>
              {t('toolbar.ok')}
            </Button>
          </>
        }
      >
        {open && children()}
      </Dialog>
    </>
  );
}
