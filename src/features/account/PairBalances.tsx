import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import { rechargeOutcome } from '../../domain/demoRecharge';
import { useBalances, useDemoRecharge } from '../../data/assets';
import { useProfile } from '../../data/queries';
import { toastStore } from '../../data/toasts';
import { Button } from '../../ui/Button';

/** Coins show 8 decimals at most, trailing zeros cut: balances are exact, not rounded up. */
function amountText(value: string, locale: string): string {
  const [int, frac = ''] = value.split('.');
  const cut = frac.slice(0, 8).replace(/0+$/, '');
  return formatDecimal(cut ? `${int}.${cut}` : (int ?? '0'), cut.length, locale) ?? value;
}

/**
 * What a signed-in trader has of the pair's two coins, where order entry
 * sits (spec 2 §3 balance per token); a demo account can top its virtual
 * funds up here (spec 2 §6, §8).
 */
export function PairBalances({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('trade');
  const profile = useProfile().data;
  const balances = useBalances();
  const recharge = useDemoRecharge();
  const lineOf = (token: string) => balances.data?.find((b) => b.tokenId === token);

  const topUp = () =>
    recharge.mutate(undefined, {
      onSuccess: (answer) => {
        const outcome = rechargeOutcome(answer);
        if (outcome.kind === 'success') toastStore.show(t('rechargeSuccess'), 'success');
        else if (outcome.kind === 'limit') toastStore.show(t('rechargeLimit'), 'error');
        else if (outcome.kind === 'failed') toastStore.show(t('rechargeFailed'), 'error');
        else toastStore.show(outcome.message || t('rechargeFailed'), 'error');
      },
      onError: () => toastStore.show(t('rechargeFailed'), 'error'),
    });

  return (
    <section className="pair-balances" aria-labelledby="pair-balances-title">
      <h2 id="pair-balances-title" className="pair-balances__title">{t('availableBalances')}</h2>
      {balances.isError && !balances.data ? (
        <p role="alert">
          {t('balancesFailed')}{' '}
          <Button variant="secondary" onClick={() => void balances.refetch()}>{t('refresh')}</Button>
        </p>
      ) : (
        <dl className="pair-balances__list" aria-busy={balances.isPending}>
          {[base, quote].map((token) => {
            const line = lineOf(token);
            return (
              <div key={token} className="pair-balances__row">
                <dt>{token}</dt>
                <dd className="num" data-testid={`available-${token}`}>{balances.data ? amountText(line?.free ?? '0', i18n.language) : '—'}</dd>
              </div>
            );
          })}
        </dl>
      )}
      {profile?.isDemo && (
        <Button variant="secondary" disabled={recharge.isPending} onClick={topUp}>
          {t('rechargeDemo')}
        </Button>
      )}
    </section>
  );
}
