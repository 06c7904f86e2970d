import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { DemoRechargeModal } from './DemoRechargeModal';
import { useDemoTopUp } from './useDemoTopUp';

/**
 * "Top up demo funds" for a demo account, and the recharge modal it opens —
 * which also opens by itself when the demo balance runs out. Nothing for
 * other accounts. The pair says which coin a buy spends and its minimum order value.
 */
export function DemoTopUp({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const topUp = useDemoTopUp(base, quote);
  if (!topUp.available) return null;
  return (
    <>
      <Button variant="secondary" className="demo-top-up" aria-haspopup="dialog" onClick={topUp.show}>
        {t('rechargeDemo')}
      </Button>
      <DemoRechargeModal {...topUp} />
    </>
  );
}
