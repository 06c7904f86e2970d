import type { Interval } from '../../src/domain/intervals';
import type { MarketView, NoticeInfo, Ticker24h } from '../../mocks/gateway/types';
import type { Bar } from '../../mocks/market/klines/aggregate';
import instruments from '../../fixtures/instruments.json';

/** 2026-01-01T00:00:00Z: the fake exchange's clock. */
export const T0 = 1_767_225_600_000;
export const MINUTE = 60_000;
/** BTCUSDT has this many 1m bars, the newest opening one minute before T0. */
export const BTC_BARS = 2_500;

const STEPS: Record<string, { tick: string; lot: string }> = {
  BTCUSDT: { tick: '0.01', lot: '0.000001' },
  ETHUSDT: { tick: '0.01', lot: '0.00001' },
  WIFUSDT: { tick: '0.0001', lot: '0.01' },
};

const TICKERS: Record<string, Ticker24h> = {
  BTCUSDT: { symbol: 'BTCUSDT', t: T0, open: '60000.00', high: '61900.00', low: '59800.00', last: '61140.00', volume: '812.345678', turnover: '49668041.12', changeRatio: '0.0190' },
  ETHUSDT: { symbol: 'ETHUSDT', t: T0, open: '2700.00', high: '2710.00', low: '2600.00', last: '2622.33', volume: '10000.12345', turnover: '26300000.00', changeRatio: '-0.0288' },
};

const WIF_NOTICE: NoticeInfo = {
  symbolId: 'WIFUSDT',
  noticeType: 1,
  noticeContent: 'WIF/USDT opens soon.',
  noticeLinkUrl: '/announcements/new-listing-wifusdt',
  onlineTime: T0 + 5 * MINUTE,
  nowTime: T0,
};

/** 1m bars in integer units: opens 6 000 000 ticks (60 000.00) and up by one tick a bar. */
function btcBars(): Bar[] {
  return Array.from({ length: BTC_BARS }, (_, i) => {
    const o = 6_000_000 + i;
    return { t: T0 - (BTC_BARS - i) * MINUTE, o, h: o + 50, l: o - 50, c: o + 10, v: 1_500 + i };
  });
}

/**
 * A small MarketView for the REST contract: BTCUSDT and ETHUSDT trade,
 * WIFUSDT waits for its opening (`open('WIFUSDT')` opens it), every other
 * fixture symbol is listed but idle. Calls are recorded for assertions.
 */
export function createFakeMarket() {
  const bars = btcBars();
  const banned = new Set<string>();
  const opened = new Set(instruments.symbols.map((s) => s.symbolId).filter((s) => s !== 'WIFUSDT'));
  const calls = { ready: 0, want: [] as string[], klines: [] as { symbol: string; interval: Interval; to?: number; limit?: number }[] };
  const listed = instruments.symbols.map((s) => s.symbolId);
  const known = (symbol: string) => listed.includes(symbol);
  const notice = (symbol: string) => (symbol === 'WIFUSDT' && !opened.has(symbol) ? WIF_NOTICE : null);
  const market: MarketView = {
    ready: async () => {
      calls.ready += 1;
    },
    want: async (symbol) => {
      calls.want.push(symbol);
      return known(symbol);
    },
    isKnown: known,
    now: () => T0,
    isOpen: (symbol) => opened.has(symbol),
    book: () => null,
    trades: () => [],
    ticker: (symbol) => TICKERS[symbol] ?? null,
    klines: (symbol, interval, query) => {
      calls.klines.push({ symbol, interval, ...query });
      if (symbol !== 'BTCUSDT') return [];
      const before = query.to === undefined ? bars : bars.filter((b) => b.t < query.to!);
      return before.slice(Math.max(0, before.length - (query.limit ?? 500)));
    },
    notice,
    steps: (symbol) => STEPS[symbol] ?? null,
    onChange: () => () => {},
    onReset: () => () => {},
    symbols: () => listed,
    mergeSteps: (symbol) => instruments.symbols.find((s) => s.symbolId === symbol)?.digitMerge.split(',') ?? [],
    symbolStatus: (symbol) => {
      const instrument = instruments.symbols.find((s) => s.symbolId === symbol);
      if (!instrument) return null;
      const open = opened.has(symbol);
      return { symbolId: symbol, tradeStatus: open ? instrument.tradeStatus : 2, noticeVisible: notice(symbol) !== null, isBanBuy: instrument.isBanBuy, isBanSell: instrument.isBanSell || banned.has(symbol) };
    },
  };
  return { market, calls, open: (symbol: string) => opened.add(symbol), banSell: (symbol: string) => banned.add(symbol) };
}
