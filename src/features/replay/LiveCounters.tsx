import { useTranslation } from 'react-i18next';
import type { ReplayState } from '../../data/api/replay';
import { useSymbols } from '../../data/queries';
import { useDepth, useKline, useRealtimeStats, useTickers, useTrades } from '../../data/realtime';

interface LiveCountersProps {
  symbol: string;
  replay: ReplayState | null;
}

/** UTC clock time of the exchange, HH:mm:ss. */
function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

/**
 * What the page's realtime client receives, live: connection health, frame
 * counters, and the current symbol's market as the client holds it. Opening
 * the panel subscribes every public topic of the symbol, so each fault shows
 * its effect here.
 */
export function LiveCounters({ symbol, replay }: LiveCountersProps) {
  const { t } = useTranslation('replay');
  const info = useSymbols().data?.find((s) => s.symbolId === symbol);
  const stats = useRealtimeStats();
  // Subscribed once the symbol's precision is known, not first at a made-up step.
  const merged = useDepth(symbol, 'mergedDepth', info?.pricePrecision);
  const diff = useDepth(symbol, 'diffDepth');
  const trades = useTrades(symbol);
  const bar = useKline(symbol, '1m');
  // The page's symbol only: ALL would make the in-page exchange load every market's session.
  const tickers = useTickers([symbol]);
  const last = trades.trades[0];
  const ticker = tickers.tickers[symbol];
  const none = t('none');
  const dropped = stats.framesDropped;

  const rows: Array<[string, string, string]> = [
    ['status', t('status'), t(`status_${stats.status}`)],
    ['latency', t('latency'), stats.latencyMs === null ? none : `${stats.latencyMs} ms`],
    ['reconnects', t('reconnects'), String(stats.reconnects)],
    ['close-code', t('lastCloseCode'), stats.lastCloseCode === null ? none : String(stats.lastCloseCode)],
    ['frames', t('framesReceived'), String(stats.framesReceived)],
    ['dropped', t('framesDropped'), t('droppedDetail', { malformed: dropped.malformed, stale: dropped.stale, duplicate: dropped.duplicate, gap: dropped.gap })],
    ['subscriptions', t('subscriptions'), String(stats.liveSubscriptions.length)],
    ['last-price', t('lastPrice'), last?.p ?? none],
    ['change', t('change24h'), ticker ? `${(Number(ticker.m) * 100).toFixed(2)}%` : none],
    ['best-bid', t('bestBid'), diff.book?.bids[0]?.[0] ?? none],
    ['best-ask', t('bestAsk'), diff.book?.asks[0]?.[0] ?? none],
    ['book-version', t('bookVersion'), diff.book?.version ?? none],
    ['merged-levels', t('mergedLevels'), merged.book ? `${merged.book.bids.length} / ${merged.book.asks.length}` : none],
    ['bar', t('bar1m'), bar.bar ? `${bar.bar.o} – ${bar.bar.c}` : none],
  ];
  if (replay) {
    rows.push(
      ['exchange-time', t('exchangeTime'), `${clockTime(replay.time)} UTC`],
      ['loaded', t('sessionsLoaded'), String(replay.loaded.length)],
      ['sent', t('framesSent'), String(replay.gateway.framesSent)],
    );
  }

  return (
    <section className="replay__section" aria-labelledby="replay-live-title">
      <h3 id="replay-live-title" className="replay__heading">{t('live', { symbol })}</h3>
      <dl className="replay__counters" data-testid="live-counters">
        {rows.map(([id, label, value]) => (
          <div key={id} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd dir="ltr" data-counter={id}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
