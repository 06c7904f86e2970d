import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAsGiven as shown } from '../../domain/format';
import { useLiabilities, useRepay } from '../../data/liabilities';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ListState } from './ListState';

/** Borrowing (spec 2 §2, §6: unified accounts): the coins owed on spot margin, each repayable in full after a confirmation. */
export function BorrowingList() {
  const { t, i18n } = useTranslation('trade');
  const query = useLiabilities();
  const repay = useRepay();
  const [asking, setAsking] = useState<{ coin: string; amount: string } | null>(null);
  const confirm = () => {
    if (asking) repay.mutate(asking.coin);
    setAsking(null);
  };
  return (
    <div className="orders orders__list">
      <ListState query={query} emptyText={t('noBorrowing')}>
        {(loans) => (
          <table className="orders__table" aria-label={t('borrowingLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('colCoin')}</th>
                <th scope="col" className="orders__num">{t('colBorrowed')}</th>
                <th scope="col" className="orders__num">{t('colInterest')}</th>
                <th scope="col" className="orders__num">{t('colAvailableToBorrow')}</th>
                <th scope="col"><span className="visually-hidden">{t('colAction')}</span></th>
              </tr>
            </thead>
            <tbody>
              {loans.map((l) => (
                <tr key={l.coin} data-coin={l.coin}>
                  <td>{l.coin}</td>
                  <td dir="ltr" className="orders__num">{shown(l.borrowSize, i18n.language)}</td>
                  <td dir="ltr" className="orders__num">{shown(l.interest, i18n.language)}</td>
                  <td dir="ltr" className="orders__num">{shown(l.availableToBorrow, i18n.language)}</td>
                  <td>
                    <Button
                      variant="ghost"
                      className="orders__cancel"
                      disabled={repay.isPending}
                      aria-label={t('repayNamed', { coin: l.coin, amount: shown(l.borrowSize, i18n.language) })}
                      onClick={() => setAsking({ coin: l.coin, amount: shown(l.borrowSize, i18n.language) })}
                    >
                      {t('repay')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
      <Dialog
        open={asking !== null}
        title={t('repayTitle')}
        onClose={() => setAsking(null)}
        actions={
          <>
            <Button onClick={() => setAsking(null)}>{t('keepLoan')}</Button>
            <Button variant="primary" onClick={confirm}>{t('repay')}</Button>
          </>
        }
      >
        <p>{asking && t('repayText', asking)}</p>
      </Dialog>
    </div>
  );
}
