import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelAll } from '../../data/orders';
import { useNoticePrefs } from '../../data/noticePrefs';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * Spec 2 §5 cancel-all: disabled while the sub-tab has no orders; asks before
 * cancelling every open order of the sub-tab, of every pair, unless the
 * trader turned that confirmation off.
 */
export function CancelAllButton({ planTypes, symbolId, count }: { planTypes: readonly number[]; symbolId: string | null; count: number }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  const cancelAll = useCancelAll(planTypes, symbolId);
  const plan = planTypes.length > 0;
  const asks = !useNoticePrefs().prefs.cancelAllConfirmClose;
  const confirm = () => {
    setOpen(false);
    cancelAll.mutate();
  };
  return (
    <>
      <Button className="orders__cancel-all" disabled={count === 0 || cancelAll.isPending} onClick={() => (asks ? setOpen(true) : cancelAll.mutate())}>
        {t('cancelAll')}
      </Button>
      <ConfirmCancelAll open={open} text={t(plan ? 'cancelAllPlanText' : 'cancelAllText', { count })} onClose={() => setOpen(false)} onConfirm={confirm} />
    </>
  );
}

/** The question before a cancel-all: keep the orders, or cancel them all. */
export function ConfirmCancelAll({ open, text, onClose, onConfirm }: { open: boolean; text: string; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('trade');
  return (
    <Dialog
      open={open}
      title={t('cancelAllTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('keepOrders')}</Button>
          <Button variant="primary" onClick={onConfirm}>{t('confirmCancelAll')}</Button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
