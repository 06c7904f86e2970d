import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import { useBalances } from '../../data/assets';
import { Button } from '../../ui/Button';
import { DemoTopUp } from './demo/DemoTopUp';

/** Coins show 8 decimals at most, trailing zeros cut: balances are exact, not rounded up. */
function amountText(value: string, locale: string): string {
  const [int, frac = ''] = value.split('.');
  const cut = frac.slice(0, 8).replace(/0+$/, '');
  return formatDecimal(cut ? `${int}.${cut}` : (int ?? '0'), cut.length, locale) ?? value;
}

/**
 * What a signed-in trader has of the pair's two coins, where order entry
 * sits (spec 2 §3 balance per token); a demo account opens the recharge
 * modal here, which also opens by itself at zero (spec 2 §2, §4, §6, §8).
 */
export function PairBalances({ base, quote }: { base: string; quote: string }) {
  const { t, i18n } = useTranslation('trade');
  const balances = useBalances();
  const lineOf = (token: string) => balances.data?.find((b) => b.tokenId === token);

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
      <DemoTopUp base={base} quote={quote} />
    </section>
  );
}
