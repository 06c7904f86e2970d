import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelAll, type OrderKind } from '../../data/orders';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * Spec 2 §5 cancel-all: disabled while the sub-tab has no orders; asks before
 * cancelling every open order of the kind, of every pair.
 */
export function CancelAllButton({ kind, count }: { kind: OrderKind; count: number }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  const cancelAll = useCancelAll(kind);
  const confirm = () => {
    setOpen(false);
    cancelAll.mutate();
  };
  return (
    <>
      <Button className="orders__cancel-all" disabled={count === 0 || cancelAll.isPending} onClick={() => setOpen(true)}>
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
        <p>{t(kind === 'plan' ? 'cancelAllPlanText' : 'cancelAllText', { count })}</p>
      </Dialog>
    </>
  );
}
