import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_IN_PAGE } from '../../data/backendKind';
import { chartDateTime } from '../../domain/chartTime';
import { formatAsGiven, formatDecimal } from '../../domain/format';
import { shownApr } from '../../domain/gridBot';
import { decimalsOf } from '../../domain/units';
import type { GridBot } from '../../data/api/gridBot';
import { useCloseGridBot, useGridBots } from '../../data/gridBot';
import { useSymbols } from '../../data/queries';
import { useSidePanel } from '../../data/sidePanel';
import { toastStore } from '../../data/toasts';
import { STANDARD_PANEL } from '../../domain/tools';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import { placeFailure } from '../order-entry';
import { ArrowBackIcon } from '../../ui/icons';

type GridTab = 'running' | 'completed';
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The grid bot panel (spec 2 §2): it takes the order-list area while the
 * grid bot tool is open — Running and Completed tabs, the pair's bots or all
 * pairs', each bot's figures, Close on a running one — and a back arrow to
 * the standard panel. Read every 3 s.
 */
export function GridPanel({ base, quote }: { base: string; quote: string }) {
  const { t } = useTranslation('trade');
  const [tab, setTab] = useState<GridTab>('running');
  const [allPairs, setAllPairs] = useState(false);
  const [, setSidePanel] = useSidePanel();
  const switchId = useId();
  const bots = useGridBots(tab, allPairs ? null : `${base}${quote}`);
  return (
    <>
      <div className="panel__header panel__drag-handle grid-panel__header">
        <h2 id="grid-panel-title" className="visually-hidden">{t('tool_gridBot')}</h2>
        <button type="button" className="grid-panel__back" onClick={() => setSidePanel(STANDARD_PANEL)}>
          <ArrowBackIcon />
          <span className="visually-hidden">{t('gridBack')}</span>
        </button>
        <Tabs<GridTab>
          items={[
            { value: 'running', label: t('gridRunning') },
            { value: 'completed', label: t('gridCompleted') },
          ]}
          value={tab}
          onChange={setTab}
          label={t('tool_gridBot')}
          idPrefix="grid-panel"
        />
        <label className="grid-panel__all" htmlFor={switchId}>
          <input id={switchId} type="checkbox" role="switch" aria-checked={allPairs} checked={allPairs} onChange={(e) => setAllPairs(e.target.checked)} />
          {t('gridAllPairs')}
        </label>
      </div>
      <div className="panel__body grid-panel__body" id="grid-panel-panel" role="tabpanel" aria-labelledby={`grid-panel-tab-${tab}`}>
        {EXCHANGE_IN_PAGE && tab === 'running' && <p className="grid-panel__note">{t('gridInPageNote')}</p>}
        {bots.isError && (
          <p role="alert">
            {t('gridLoadFailed')} <Button onClick={() => void bots.refetch()}>{t('refresh')}</Button>
          </p>
        )}
        {bots.data && bots.data.length === 0 && <p className="grid-panel__empty">{t(tab === 'running' ? 'gridNoneRunning' : 'gridNoneCompleted')}</p>}
        {bots.data && bots.data.length > 0 && <GridTable bots={bots.data} running={tab === 'running'} now={bots.dataUpdatedAt} />}
      </div>
    </>
  );
}

/** `now`: when the list was read (the APR shown is as of then). */
function GridTable({ bots, running, now }: { bots: readonly GridBot[]; running: boolean; now: number }) {
  const { t, i18n } = useTranslation('trade');
  const close = useCloseGridBot();
  const symbols = useSymbols().data;
  const [closing, setClosing] = useState<GridBot | null>(null);
  const locale = i18n.language;
  const price = (value: string) => formatAsGiven(value, locale);
  // Quote amounts at the pair's price decimals (2 on USDT pairs), not the engine's 18.
  const quoteDecimals = (symbol: string) => decimalsOf(symbols?.find((s) => s.symbolId === symbol)?.minPricePrecision ?? '0.01');
  const money = (value: string, symbol: string) => formatDecimal(value, quoteDecimals(symbol), locale) ?? value;
  const time = (ms: number | null) => (ms === null ? '—' : chartDateTime(ms, LOCAL_ZONE));
  const apr = (bot: GridBot, value: string) => {
    const shown = shownApr(value, bot.startedAt, bot.endedAt, now);
    return shown === null ? '—' : `${formatDecimal(shown, 2, locale) ?? shown} %`;
  };
  const confirmClose = () => {
    const bot = closing;
    setClosing(null);
    if (!bot) return;
    close.mutate(bot.botId, {
      onSuccess: () => toastStore.show(t('gridClosed'), 'success'),
      onError: (error) => toastStore.show(placeFailure(error, t).text, 'error'),
    });
  };
  return (
    <>
      <table className="grid-panel__table" aria-label={t(running ? 'gridRunning' : 'gridCompleted')}>
        <thead>
          <tr>
            <th scope="col">{t('colPair')}</th>
            <th scope="col">{t('gridColRange')}</th>
            <th scope="col">{t('gridColStatus')}</th>
            <th scope="col">{t('gridTotalInvestment')}</th>
            <th scope="col">{t('gridColEquity')}</th>
            <th scope="col">{t('gridColProfit')}</th>
            <th scope="col">{t('gridColGridProfit')}</th>
            <th scope="col">{t('gridColApr')}</th>
            <th scope="col">{t('gridColArbitrages')}</th>
            <th scope="col">{t(running ? 'gridColStarted' : 'gridColEnded')}</th>
            {running && <th scope="col">{t('colAction')}</th>}
          </tr>
        </thead>
        <tbody>
          {bots.map((bot) => (
            <tr key={bot.botId} data-bot-id={bot.botId}>
              <td>{bot.symbol}</td>
              <td>
                <span dir="ltr">
                  {price(bot.minPrice)} – {price(bot.maxPrice)}
                </span>
                <br />
                <span className="grid-panel__sub">{t('gridCount', { count: bot.gridNumber })}</span>
              </td>
              <td>
                {t(`gridStatus_${bot.status}`)}
                {bot.closeReason && (
                  <>
                    {' · '}
                    {t(`gridReason_${bot.closeReason.replace(/ /g, '_')}`)}
                  </>
                )}
              </td>
              <td dir="ltr">{money(bot.totalInvestment, bot.symbol)}</td>
              <td dir="ltr">{money(bot.equity, bot.symbol)}</td>
              <td dir="ltr">{money(bot.totalProfit, bot.symbol)}</td>
              <td dir="ltr">{money(bot.gridProfit, bot.symbol)}</td>
              <td dir="ltr">
                {apr(bot, bot.gridApr)} / {apr(bot, bot.totalApr)}
              </td>
              <td dir="ltr">
                {bot.arbitrageCount} / {bot.arbitrageCount24h}
              </td>
              <td>{time(running ? (bot.startedAt ?? bot.createdAt) : bot.endedAt)}</td>
              {running && (
                <td>
                  <Button
                    className="orders__cancel"
                    aria-label={t('gridCloseNamed', { pair: bot.symbol, range: `${bot.minPrice}–${bot.maxPrice}` })}
                    disabled={bot.status === 'CANCELLING' || close.isPending}
                    onClick={() => setClosing(bot)}
                  >
                    {t('gridClose')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog
        open={closing !== null}
        title={t('gridCloseTitle')}
        onClose={() => setClosing(null)}
        actions={
          <>
            <Button onClick={() => setClosing(null)}>{t('cancel')}</Button>
            <Button variant="primary" onClick={confirmClose}>{t('gridClose')}</Button>
          </>
        }
      >
        <p>{t('gridCloseText')}</p>
      </Dialog>
    </>
  );
}
