import { useTranslation } from 'react-i18next';
import { formatAsGiven as shown } from '../../domain/format';
import { useBalances } from '../../data/assets';
import { ListState } from './ListState';
import { ExportCsvButton } from './ExportCsvButton';

/** Assets (spec 2 §2): every coin the account holds, what is free and what open orders hold; kept current by the wallet pushes. */
export function AssetsList() {
  const { t, i18n } = useTranslation('trade');
  const query = useBalances();
  const held = (query.data ?? []).filter((b) => Number(b.total) > 0);
  return (
    <div className="orders orders__list">
      <div className="orders__bar">
        <div className="orders__tools">
          <ExportCsvButton
            list="assets"
            disabled={held.length === 0}
            table={() => ({ header: [t('colCoin'), t('colTotal'), t('colAvailable'), t('colInOrders')], rows: held.map((b) => [b.tokenId, b.total, b.free, b.locked]) })}
          />
        </div>
      </div>
      <ListState query={query} emptyText={t('noAssets')} select={() => held}>
        {(balances) => (
          <table className="orders__table" aria-label={t('assetsLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('colCoin')}</th>
                <th scope="col" className="orders__num">{t('colTotal')}</th>
                <th scope="col" className="orders__num">{t('colAvailable')}</th>
                <th scope="col" className="orders__num">{t('colInOrders')}</th>
              </tr>
            </thead>
            <tbody>
              {balances.map((b) => (
                <tr key={b.tokenId} data-coin={b.tokenId}>
                  <td>{b.tokenId}</td>
                  <td dir="ltr" className="orders__num">{shown(b.total, i18n.language)}</td>
                  <td dir="ltr" className="orders__num">{shown(b.free, i18n.language)}</td>
                  <td dir="ltr" className="orders__num">{shown(b.locked, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </div>
  );
}
