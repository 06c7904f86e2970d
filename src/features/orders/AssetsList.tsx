import { useTranslation } from 'react-i18next';
import { balanceCell, balanceColumns, type BalanceColumn } from '../../domain/balanceColumns';
import { formatAsGiven as shown } from '../../domain/format';
import { useBalances } from '../../data/assets';
import { useProfile } from '../../data/queries';
import { ListState } from './ListState';
import { ExportCsvButton } from './ExportCsvButton';

const COLUMN_LABEL: Record<BalanceColumn, string> = {
  total: 'colTotal',
  available: 'colAvailable',
  inOrders: 'colInOrders',
  transferable: 'colTransferable',
  inOrdersUsdt: 'colInOrdersUsdt',
};

/**
 * Assets (spec 2 §2, spec 1 §5): every coin the account holds, with the
 * fields of its account type's balance call; kept current by the wallet pushes.
 */
export function AssetsList() {
  const { t, i18n } = useTranslation('trade');
  const query = useBalances();
  const columns = balanceColumns(useProfile().data?.accountType === 'UTA' ? 'UTA' : 'CLASSIC');
  const held = (query.data ?? []).filter((b) => Number(b.total) > 0);
  const cell = (value: string | null) => (value === null ? '—' : shown(value, i18n.language));
  return (
    <div className="orders orders__list">
      <div className="orders__bar">
        <div className="orders__tools">
          <ExportCsvButton
            list="assets"
            disabled={held.length === 0}
            table={() => ({
              header: [t('colCoin'), ...columns.map((c) => t(COLUMN_LABEL[c]))],
              rows: held.map((b) => [b.tokenId, ...columns.map((c) => balanceCell(b, c) ?? '')]),
            })}
          />
        </div>
      </div>
      <ListState query={query} emptyText={t('noAssets')} select={() => held}>
        {(balances) => (
          <table className="orders__table" aria-label={t('assetsLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('colCoin')}</th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="orders__num">{t(COLUMN_LABEL[c])}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {balances.map((b) => (
                <tr key={b.tokenId} data-coin={b.tokenId}>
                  <td>{b.tokenId}</td>
                  {columns.map((c) => (
                    <td key={c} dir="ltr" className="orders__num" data-column={c}>{cell(balanceCell(b, c))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </div>
  );
}
