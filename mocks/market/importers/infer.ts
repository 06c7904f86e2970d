import { significantDecimals, stepOfDecimals } from '../../../src/domain/units';
import type { InstrumentSpec } from '../types';

export type ImportFormat = 'binance' | 'bybit' | 'tardis';

interface Decimals {
  price: number;
  qty: number;
}

type Frame = Record<string, unknown>;

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Learns each symbol's tick and lot from the data itself: the finest price
 * and quantity seen in book levels and trades. A recording can be finer than
 * the venue's current trading lot (BTCUSDT book levels carry 6 decimals where
 * the lot is 5), and the session must represent every value exactly. Lines it
 * cannot read are passed over: the importer reports them.
 */
export class InstrumentInference {
  private readonly symbols = new Map<string, Decimals>();
  /** a REST snapshot that names no symbol */
  private readonly unnamed: Decimals = { price: 0, qty: 0 };
  private sawUnnamed = false;

  constructor(private readonly format: ImportFormat, private readonly defaultSymbol?: string) {}

  push(line: string): void {
    const text = line.trim();
    if (text === '') return;
    const json = text.startsWith('{') ? text : text.slice(text.indexOf(' ') + 1);
    let frame: unknown;
    try {
      frame = JSON.parse(json);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return;
    if (this.format !== 'bybit') this.binance(frame as Frame);
    if (this.format !== 'binance') this.bybit(frame as Frame);
  }

  /**
   * First-seen order. A nameless snapshot's decimals go to the default symbol,
   * or else to every symbol: a finer step than needed still holds each value.
   */
  result(): InstrumentSpec[] {
    if (this.sawUnnamed && this.defaultSymbol) this.widen(this.entry(this.defaultSymbol), this.unnamed);
    else if (this.sawUnnamed) for (const d of this.symbols.values()) this.widen(d, this.unnamed);
    return [...this.symbols].map(([symbol, d]) => ({ symbol, tick: stepOfDecimals(d.price), lot: stepOfDecimals(d.qty) }));
  }

  private binance(frame: Frame): void {
    if ('lastUpdateId' in frame) {
      if (typeof frame.symbol !== 'string') this.sawUnnamed = true;
      const target = typeof frame.symbol === 'string' ? this.entry(frame.symbol) : this.unnamed;
      this.levels(target, frame.bids);
      this.levels(target, frame.asks);
      return;
    }
    const stream = typeof frame.stream === 'string' ? frame.stream : '';
    const data = (typeof frame.data === 'object' && frame.data !== null ? frame.data : frame) as Frame;
    if (stream.endsWith('@depthSnapshot')) {
      const d = this.entry(stream.slice(0, stream.indexOf('@')));
      this.levels(d, data.bids);
      this.levels(d, data.asks);
    } else if ((stream.includes('@depth') || data.e === 'depthUpdate') && typeof data.s === 'string') {
      const d = this.entry(data.s);
      this.levels(d, data.b);
      this.levels(d, data.a);
    } else if ((stream.endsWith('@trade') || data.e === 'trade') && typeof data.s === 'string') {
      this.values(this.entry(data.s), data.p, data.q);
    }
  }

  private bybit(frame: Frame): void {
    const topic = typeof frame.topic === 'string' ? frame.topic : '';
    if (topic.startsWith('orderbook.') && typeof frame.data === 'object' && frame.data !== null) {
      const data = frame.data as Frame;
      const d = this.entry(typeof data.s === 'string' ? data.s : topic.slice(topic.lastIndexOf('.') + 1));
      this.levels(d, data.b);
      this.levels(d, data.a);
    } else if (topic.startsWith('publicTrade.') && Array.isArray(frame.data)) {
      for (const t of frame.data as unknown[]) {
        const trade = t as Frame | null;
        if (trade && typeof trade.s === 'string') this.values(this.entry(trade.s), trade.p, trade.v);
      }
    }
  }

  private entry(symbol: string): Decimals {
    const key = symbol.toUpperCase();
    let d = this.symbols.get(key);
    if (!d) this.symbols.set(key, (d = { price: 0, qty: 0 }));
    return d;
  }

  private levels(d: Decimals, raw: unknown): void {
    if (!Array.isArray(raw)) return;
    for (const level of raw as unknown[]) {
      if (Array.isArray(level)) this.values(d, level[0], level[1]);
    }
  }

  private values(d: Decimals, price: unknown, qty: unknown): void {
    d.price = Math.max(d.price, decimalsOf(price));
    d.qty = Math.max(d.qty, decimalsOf(qty));
  }

  private widen(d: Decimals, by: Decimals): void {
    d.price = Math.max(d.price, by.price);
    d.qty = Math.max(d.qty, by.qty);
  }
}

function decimalsOf(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && DECIMAL.test(text) ? significantDecimals(text) : 0;
}

/** One pass over raw lines → the instruments they need, in first-seen order. */
export async function inferInstruments(
  lines: AsyncIterable<string>,
  format: ImportFormat,
  options: { defaultSymbol?: string } = {},
): Promise<InstrumentSpec[]> {
  const inference = new InstrumentInference(format, options.defaultSymbol);
  for await (const line of lines) inference.push(line);
  return inference.result();
}
