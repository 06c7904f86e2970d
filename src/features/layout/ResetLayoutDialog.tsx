import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

interface ResetLayoutDialogProps {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ResetLayoutDialog({ open, onConfirm, onClose }: ResetLayoutDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      title={t('resetLayoutTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button variant="primary" onClick={() => { onConfirm(); onClose(); }}>
            {t('resetLayoutConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('resetLayoutBody')}</p>
    </Dialog>
  );
}
