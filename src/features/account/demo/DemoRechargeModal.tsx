import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../../domain/format';
import { retrySeconds } from '../../../domain/demoRecharge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { DemoTopUp } from './useDemoTopUp';
import './demo.css';

type Props = Pick<DemoTopUp, 'open' | 'empty' | 'quote' | 'pending' | 'outcome' | 'close' | 'topUp'>;

/** The answer in the trader's words (spec 2 §8); null before the first top-up of this opening. */
function useOutcomeText(outcome: DemoTopUp['outcome']): { text: string; detail: string | null; ok: boolean } | null {
  const { t, i18n } = useTranslation(['demo', 'trade']);
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'success': {
      const amounts = outcome.credited.map((c) => `${formatAsGiven(c.amount, i18n.language)} ${c.coin}`);
      const list = amounts.length ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(amounts) : null;
      return { text: t('trade:rechargeSuccess'), detail: list ? t('rechargeAdded', { list }) : null, ok: true };
    }
    case 'limit':
      return { text: t('trade:rechargeLimit'), detail: null, ok: false };
    case 'rateLimited':
      return {
        text: outcome.retryAfterMs === null ? t('rechargeRateLimitedSoon') : t('rechargeRateLimited', { seconds: retrySeconds(outcome.retryAfterMs) }),
        detail: null,
        ok: false,
      };
    case 'server':
      // Spec 2 §8: a refused call shows the server's message (ours when it sent none).
      return { text: outcome.message || t('trade:rechargeFailed'), detail: null, ok: false };
    case 'failed':
    case 'network':
      return { text: t('trade:rechargeFailed'), detail: null, ok: false };
  }
}

/** The demo recharge modal (spec 2 §2): why it opened, the top-up, and what came of it. */
export function DemoRechargeModal({ open, empty, quote, pending, outcome, close, topUp }: Props) {
  const { t } = useTranslation('demo');
  const result = useOutcomeText(outcome);
  const done = outcome?.kind === 'success';
  return (
    <Dialog
      open={open}
      title={t('rechargeTitle')}
      onClose={close}
      actions={
        done ? (
          <Button variant="primary" onClick={close}>{t('rechargeDone')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>{t('rechargeCancel')}</Button>
            <Button variant="primary" disabled={pending} aria-busy={pending} onClick={topUp}>
              {pending ? t('rechargePending') : t('rechargeConfirm')}
            </Button>
          </>
        )
      }
    >
      <div className="demo-recharge" data-testid="demo-recharge">
        {empty && <p className="demo-recharge__empty">{empty === 'quote' ? t('rechargeEmptyCoin', { coin: quote }) : t('rechargeEmpty')}</p>}
        <p className="demo-recharge__intro">{t('rechargeIntro')}</p>
        {/* Both live regions are always there, so a screen reader announces the answer when it arrives. */}
        <div role="status" className="demo-recharge__result demo-recharge__result--ok" hidden={!result?.ok}>
          {result?.ok && (
            <>
              <strong>{result.text}</strong>
              {result.detail && <span className="demo-recharge__detail">{result.detail}</span>}
            </>
          )}
        </div>
        <div role="alert" className="demo-recharge__result demo-recharge__result--error" hidden={!result || result.ok}>
          {result && !result.ok && result.text}
        </div>
      </div>
    </Dialog>
  );
}
