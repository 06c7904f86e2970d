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
      <Dialog
        open={open}
        title={t('cancelAllTitle')}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>{t('keepOrders')}</Button>
            <Button variant="primary" onClick={confirm}>{t('confirmCancelAll')}</Button>
          </>
        }
      >
        <p>{t(plan ? 'cancelAllPlanText' : 'cancelAllText', { count })}</p>
      </Dialog>
    </>
  );
}
