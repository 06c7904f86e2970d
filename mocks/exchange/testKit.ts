/**
 * Test helpers for the exchange engine (used by the *.test.ts files and the
 * bench): the real BTCUSDT instrument, funded accounts, and market events in
 * the instrument's own units (price 0.01 ticks, quantity 0.000001 lots).
 */
import instrumentsFile from '../../fixtures/instruments.json';
import { parseAmount, type Amount } from './amount';
import { Exchange, type ExchangeOptions } from './exchange';
import { buildInstrument, type Instrument, type InstrumentListing } from './instruments';
import type { ExchangeEvent } from './types';
import type { Level, MarketEvent } from '../market/types';

export const LISTINGS = instrumentsFile.symbols as InstrumentListing[];

export function instrumentsFor(symbols: readonly string[] = ['BTCUSDT'], rules: Record<string, Partial<Instrument['rules']>> = {}): Instrument[] {
  return symbols.map((s) => {
    const listing = LISTINGS.find((l) => l.symbolId === s);
    if (!listing) throw new Error(`no fixture instrument ${s}`);
    return buildInstrument(listing, rules[s]);
  });
}

export const amount = (text: string): Amount => {
  const a = parseAmount(text);
  if (a === null) throw new Error(`bad amount ${text}`);
  return a;
};

/** BTCUSDT units: "60000.5" → ticks, "0.25" → lots. */
export const px = (text: string): number => Math.round(Number(text) * 100);
export const lots = (text: string): number => Math.round(Number(text) * 1_000_000);

export interface Harness {
  ex: Exchange;
  events: ExchangeEvent[];
  t: number;
  snapshot(bids: Array<[string, string]>, asks: Array<[string, string]>, symbol?: string): void;
  book(bids: Array<[string, string]>, asks: Array<[string, string]>, symbol?: string): void;
  /** a recorded trade; `buyerIsTaker` true when a buyer lifted the asks */
  trade(price: string, qty: string, buyerIsTaker: boolean, symbol?: string): void;
  gap(symbol?: string): void;
  step(ms?: number): void;
}

let seq = 0;
const levels = (side: Array<[string, string]>): Level[] => side.map(([p, q]) => [px(p), lots(q)]);

/** An engine on BTCUSDT (or the given symbols) with user `u1` holding 100,000 USDT and 2 BTC. */
export function harness(options: Partial<ExchangeOptions> = {}, symbols: readonly string[] = ['BTCUSDT']): Harness {
  const ex = new Exchange({ instruments: instrumentsFor(symbols), startTime: 1_000, ...options });
  const events: ExchangeEvent[] = [];
  ex.subscribe((e) => events.push(e));
  ex.addAccount({ userId: 'u1', kind: 'UTA', demo: true }, { USDT: amount('100000'), BTC: amount('2') });
  const h: Harness = {
    ex,
    events,
    t: 1_000,
    snapshot(bids, asks, symbol = 'BTCUSDT') {
      h.t += 1;
      ex.onMarket({ t: h.t, seq: ++seq, ch: 'snapshot', msg: { s: symbol, b: levels(bids), a: levels(asks) } } as MarketEvent, h.t);
    },
    book(bids, asks, symbol = 'BTCUSDT') {
      h.t += 1;
      ex.onMarket({ t: h.t, seq: ++seq, ch: 'book', msg: { s: symbol, b: levels(bids), a: levels(asks) } } as MarketEvent, h.t);
    },
    trade(price, qty, buyerIsTaker, symbol = 'BTCUSDT') {
      h.t += 1;
      ex.onMarket({ t: h.t, seq: ++seq, ch: 'trade', msg: { s: symbol, id: seq, p: px(price), q: lots(qty), m: buyerIsTaker } } as MarketEvent, h.t);
    },
    gap(symbol = 'BTCUSDT') {
      h.t += 1;
      ex.onMarket({ t: h.t, seq: ++seq, ch: 'gap', msg: { s: symbol, reason: 'test' } } as MarketEvent, h.t);
    },
    step(ms = 1) {
      h.t += ms;
      ex.advance(h.t);
    },
  };
  return h;
}
