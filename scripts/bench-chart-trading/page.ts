/**
 * What the chart-trading benchmark does inside the page: trades through the
 * in-page exchange's order control, moves the chart's view, and reads what
 * the chart draws through `window.spotChartDebug` (the demo build's chart
 * controller). Functions passed to page.evaluate stay self-contained
 * (Playwright serialises them).
 */
import type { Page } from '@playwright/test';

/** Before the page's scripts: the pro chart (MA 7, MA 25, VOL, as bench:chart) on 1 s bars, with 1 s and 1 min pinned. */
export const INIT_SCRIPT = `(() => {
  try {
    localStorage.setItem('SPOT_kline_type', 'tradingview');
    localStorage.setItem('SPOT_kline_interval', '1s');
    localStorage.setItem('SPOT_tv_intervals', JSON.stringify(['1s', '1m', '15m', '1h', '4h', '1d']));
  } catch {}
})();`;

/** How the page's own calls read in here (the demo build's globals). */
interface Chart {
  chart: {
    timeScale(): {
      getVisibleRange(): { from: number; to: number } | null;
      setVisibleLogicalRange(range: { from: number; to: number }): void;
      options(): { barSpacing: number };
    };
    panes(): Array<{
      getSeries(): Array<{
        data(): ReadonlyArray<{ time: number }>;
        priceLines(): Array<{ options(): { price: number } }>;
        priceScale(): { getVisibleRange(): { from: number; to: number } | null; setVisibleRange(range: { from: number; to: number }): void };
      }>;
    }>;
  };
  /** TraderOverlays; its markers plugin is private in TypeScript, a plain property at run time */
  overlays: { plugin?: { markers(): ReadonlyArray<{ time: number }> } | null };
}

/**
 * Starts a market buy and a market sell of 0.0001 BTC every 100 ms: one pair per
 * second of exchange time at 10×, so the fills spread over consecutive 1 s bars.
 * Each is the exchange's own order control (fills, pushes, trade history as for
 * an order from the form). `stopTrading` ends it and answers the tally.
 */
export const startTrading = (page: Page) =>
  page.evaluate(() => {
    const tally = { sent: 0, accepted: 0, refused: 0, lastRefusal: '' };
    const send = (side: 'Buy' | 'Sell') => {
      tally.sent++;
      const body = { userId: 'u-demo', symbol: 'BTCUSDT', side, orderType: 'Market', qty: '0.0001', marketUnit: 'baseCoin' };
      void fetch('/mock/api/exchange/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        .then((r) => r.json())
        .then((a: { code: number; message?: string }) => {
          if (a.code === 0) tally.accepted++;
          else {
            tally.refused++;
            tally.lastRefusal = `${a.code} ${a.message ?? ''}`;
          }
        });
    };
    const timer = setInterval(() => {
      send('Buy');
      send('Sell');
    }, 100);
    Object.assign(window, { benchTrading: { tally, stop: () => clearInterval(timer) } });
  });

export const stopTrading = (page: Page) =>
  page.evaluate(() => {
    const trading = (window as unknown as { benchTrading: { tally: { sent: number; accepted: number; refused: number; lastRefusal: string }; stop(): void } }).benchTrading;
    trading.stop();
    return trading.tally;
  });

/** The trader's fills of BTCUSDT as the chart reads them, and the marks they make on 1 s bars: one per side and second. */
export const fillMarks = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (await fetch('/spot/api/order/trade_info_kline?contractType=6&symbol=BTCUSDT')).json();
    const list = answer.result.list as Array<{ side: string; matchTime: string | number }>;
    return { fills: list.length, marks: new Set(list.map((f) => `${Math.floor(Number(f.matchTime) / 1000)}:${f.side}`)).size };
  });

/** What the chart draws now: bars, its marks and its lines at the given prices, in all and in view. */
export const drawn = (page: Page, orderPrices: number[]) =>
  page.evaluate((prices) => {
    const c = (window as unknown as { spotChartDebug: Chart }).spotChartDebug;
    const series = c.chart.panes()[0]!.getSeries()[0]!;
    const times = c.chart.timeScale().getVisibleRange();
    const range = series.priceScale().getVisibleRange();
    const marks = c.overlays.plugin?.markers() ?? [];
    const wanted = new Set(prices);
    const lines = series.priceLines().map((l) => l.options().price).filter((p) => wanted.has(p));
    const data = series.data();
    return {
      bars: data.length,
      barsInView: times ? data.filter((b) => b.time >= times.from && b.time <= times.to).length : 0,
      barSpacing: c.chart.timeScale().options().barSpacing,
      marks: marks.length,
      marksInView: times ? marks.filter((m) => m.time >= times.from && m.time <= times.to).length : 0,
      lines: lines.length,
      linesInView: range ? lines.filter((p) => p >= range.from && p <= range.to).length : 0,
    };
  }, orderPrices);

/**
 * Zooms out (as the mouse wheel would) until the oldest drawn mark is `spare`
 * bars in from the left edge, the newest bar staying at the right: the view
 * then follows new bars and keeps every mark for `spare` more bars.
 */
export const showMarks = (page: Page, spare: number) =>
  page.evaluate((extra) => {
    const c = (window as unknown as { spotChartDebug: Chart }).spotChartDebug;
    const data = c.chart.panes()[0]!.getSeries()[0]!.data();
    const oldest = Math.min(...(c.overlays.plugin?.markers() ?? []).map((m) => m.time));
    const first = data.findIndex((b) => b.time >= oldest);
    c.chart.timeScale().setVisibleLogicalRange({ from: first - extra, to: data.length - 1 + 6 });
  }, spare);

/**
 * Widens the price axis to three times the candles' range, as dragging the axis
 * does (which turns autoscale off): the candles keep the middle third, and the
 * thirds above and below are in view but a whole range away from the market.
 * Answers the candles' range and the widened one.
 */
export const widenPriceAxis = (page: Page) =>
  page.evaluate(() => {
    const c = (window as unknown as { spotChartDebug: Chart }).spotChartDebug;
    const scale = c.chart.panes()[0]!.getSeries()[0]!.priceScale();
    const candles = scale.getVisibleRange();
    if (!candles) throw new Error('the chart has no price range');
    const span = candles.to - candles.from;
    const view = { from: candles.from - span, to: candles.to + span };
    scale.setVisibleRange(view);
    return { candles, view };
  });

type Range = { from: number; to: number };

/**
 * Rests `count` limit orders of 0.001 BTC for the demo trader, evenly over the
 * outer half of the view above and below the candles' range (buys under it,
 * sells over it): the market would have to move half its range beyond it to
 * fill one while the frames are measured. Answers their prices.
 */
export const placeLimits = (page: Page, count: number, candles: Range, view: Range) =>
  page.evaluate(
    async ({ n, inner, outer }) => {
      const buys = Math.ceil(n / 2);
      const sells = n - buys;
      const edge = (outer.to - outer.from) * 0.03;
      const spread = (side: 'Buy' | 'Sell', from: number, to: number, k: number) =>
        Array.from({ length: k }, (_, i) => ({ side, price: Math.round((from + ((to - from) * (i + 0.5)) / k) * 100) / 100 }));
      const orders = [...spread('Buy', outer.from + edge, (outer.from + inner.from) / 2, buys), ...spread('Sell', (inner.to + outer.to) / 2, outer.to - edge, sells)];
      const placed: number[] = [];
      for (const o of orders) {
        const body = { userId: 'u-demo', symbol: 'BTCUSDT', side: o.side, orderType: 'Limit', qty: '0.001', price: o.price.toFixed(2) };
        const answer = await (await fetch('/mock/api/exchange/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        if (answer.code !== 0) throw new Error(`limit ${o.side} at ${o.price} refused: ${JSON.stringify(answer)}`);
        placed.push(o.price);
      }
      return placed;
    },
    { n: count, inner: candles, outer: view },
  );

/** The demo trader's open orders at the exchange. */
export const openOrderCount = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/mock/api/exchange/account?userId=u-demo')).json()).result.openOrders as unknown[]).length);
