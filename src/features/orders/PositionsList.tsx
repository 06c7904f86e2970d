import { useTranslation } from 'react-i18next';
import { formatAsGiven, formatDecimal } from '../../domain/format';
import { usePositions, type Position } from '../../data/integrated';
import { ExportCsvButton } from './ExportCsvButton';
import { ListState } from './ListState';
import { AllPairsSwitch, usePairFilter } from './pairFilter';

/** Values and P&L are in USDT: cents for the value, four places so a small P&L does not read as zero. */
const VALUE_DECIMALS = 2;
const PNL_DECIMALS = 4;

const signOf = (value: string) => (Number(value) > 0 ? 'orders__buy' : Number(value) < 0 ? 'orders__sell' : undefined);

/**
 * "Positions" (spec 2 §2, §7 queryPositions): a unified account's spot
 * holdings valued at the last price, with the average entry and the
 * unrealised P&L of what the account bought here. Coins it started with
 * have no entry price: the P&L covers only what fills explain. A coin whose
 * pair has neither traded nor quoted yet has no mark price: a dash, not 0.
 */
export function PositionsList() {
  const { t, i18n } = useTranslation('trade');
  const query = usePositions();
  const { pair, allPairs } = usePairFilter();
  const locale = i18n.language;
  const shown = (rows: readonly Position[]) => rows.filter((p) => allPairs || !pair || p.coin === pair.base);
  const rows = query.data ? shown(query.data) : [];
  const fixed = (value: string, decimals: number) => formatDecimal(value, decimals, locale) ?? value;
  return (
    <div className="orders">
      <div className="orders__bar">
        <div className="orders__tools">
          <AllPairsSwitch />
          <ExportCsvButton
            list="positions"
            disabled={rows.length === 0}
            table={() => ({
              header: [t('colCoin'), t('colSize'), t('colAvailable'), t('colAvgEntry'), t('colMarkPrice'), t('colUnrealisedPnl'), t('colPositionValue')],
              rows: rows.map((p) => [p.coin, p.size, p.available, p.avgEntryPrice, p.markPrice, p.unrealisedPnl, p.positionValue]),
            })}
          />
        </div>
      </div>
      <div className="orders__list">
        <ListState query={query} emptyText={t('noPositions')} select={shown}>
          {(positions) => (
            <table className="orders__table" aria-label={t('positionsLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('colCoin')}</th>
                  <th scope="col" className="orders__num">{t('colSize')}</th>
                  <th scope="col" className="orders__num">{t('colAvailable')}</th>
                  <th scope="col" className="orders__num">{t('colAvgEntry')}</th>
                  <th scope="col" className="orders__num">{t('colMarkPrice')}</th>
                  <th scope="col" className="orders__num">{t('colUnrealisedPnl')}</th>
                  <th scope="col" className="orders__num">{t('colPositionValue')}</th>
                </tr>
              </thead>
              <tbody>
                {positions.map((p) => {
                  const priced = Number(p.markPrice) > 0;
                  return (
                  <tr key={p.coin} data-coin={p.coin}>
                    <td>{p.coin}</td>
                    <td dir="ltr" className="orders__num">{formatAsGiven(p.size, locale)}</td>
                    <td dir="ltr" className="orders__num">{formatAsGiven(p.available, locale)}</td>
                    <td dir="ltr" className="orders__num">{Number(p.avgEntryPrice) > 0 ? formatAsGiven(p.avgEntryPrice, locale) : '—'}</td>
                    <td dir="ltr" className="orders__num">{priced ? formatAsGiven(p.markPrice, locale) : '—'}</td>
                    <td dir="ltr" className={['orders__num', signOf(p.unrealisedPnl)].filter(Boolean).join(' ')}>{priced ? fixed(p.unrealisedPnl, PNL_DECIMALS) : '—'}</td>
                    <td dir="ltr" className="orders__num">{priced ? fixed(p.positionValue, VALUE_DECIMALS) : '—'}</td>
                  </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </ListState>
      </div>
    </div>
  );
}
