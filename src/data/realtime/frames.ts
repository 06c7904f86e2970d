/**
 * Incoming frames of the quote socket (docs/api.md, "Public quote WebSocket"),
 * parsed and checked field by field. A frame that does not fit is a typed
 * rejection the client counts, never an exception that could stop the socket's
 * message loop. Prices and quantities must be decimal strings: a JSON number
 * would already have lost digits.
 */
import type { BookDelta, BookSnapshot, PriceLevel } from '../../domain/depthBook';
import { isInterval, type Interval } from '../../domain/intervals';
import type { SymbolNotice } from '../api/notice';

export interface Trade {
  /** trade id */
  v: string;
  /** exchange time, ms */
  t: number;
  p: string;
  q: string;
  /** true when the buyer is the taker */
  m: boolean;
}

export interface KlineBar {
  /** bar open time, ms */
  t: number;
  s: string;
  sn: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

export interface Ticker extends KlineBar {
  qv: string;
  /** 24 h change ratio, e.g. "0.0190" or "-0.0042" */
  m: string;
}

/** The same notice the REST call answers (spec 1 §3), pushed on the `notice` topic. */
export type Notice = SymbolNotice;

export interface InstrumentInfo {
  symbolId: string;
  tradeStatus: number;
  noticeVisible: boolean;
  isBanBuy: boolean;
  isBanSell: boolean;
}

interface PushEnvelope {
  symbol: string;
  symbolName: string;
  /** the first push after a subscribe: a full state that replaces what the client holds */
  f: boolean;
  sendTime: number;
}

export type Push = PushEnvelope &
  (
    | { topic: 'mergedDepth'; dumpScale: number; data: BookSnapshot[] }
    | { topic: 'depth'; data: BookSnapshot[] }
    /** deltas carry `pv`; the first (`f`) push is a full book */
    | { topic: 'diffDepth'; data: Array<BookSnapshot & { pv?: string }> }
    | { topic: 'trade'; data: Trade[] }
    | { topic: 'kline'; interval: Interval; data: KlineBar[] }
    | { topic: 'realtimes'; data: Ticker[] }
    | { topic: 'notice'; data: Notice[] }
    | { topic: 'instrumentInfo'; data: InstrumentInfo[] }
  );

export type InboundFrame =
  | { kind: 'pong'; pong: number }
  | { kind: 'ack'; event: string; topic: string; symbol: string }
  /** the request's fields are echoed when the server could read them */
  | { kind: 'error'; code: string; desc: string; event: string | null; topic: string | null; symbol: string | null }
  | { kind: 'push'; push: Push };

export type RejectReason = 'notText' | 'notJson' | 'notObject' | 'unknownFrame' | 'unknownTopic' | 'badPush';

export interface FrameRejection {
  reason: RejectReason;
  detail: string;
}

export type ParseResult = { ok: true; frame: InboundFrame } | { ok: false; rejection: FrameRejection };

/** Thrown inside the checks only; parseFrame turns it into a rejection. */
class BadField extends Error {}

type Obj = Record<string, unknown>;

const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
const VERSION = /^\d+$/;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, where: string): Obj {
  if (!isObject(value)) throw new BadField(`${where} is not an object`);
  return value;
}

function text(o: Obj, key: string, where: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new BadField(`${where}.${key} is not a string`);
  return v;
}

function decimal(o: Obj, key: string, where: string, pattern = UNSIGNED_DECIMAL): string {
  const v = o[key];
  if (typeof v !== 'string' || !pattern.test(v)) throw new BadField(`${where}.${key} is not a decimal string`);
  return v;
}

function finite(o: Obj, key: string, where: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new BadField(`${where}.${key} is not a number`);
  return v;
}

function flag(o: Obj, key: string, where: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new BadField(`${where}.${key} is not a boolean`);
  return v;
}

/** Trade ids are documented as strings; a server sending integers is still understood. */
function identifier(o: Obj, key: string, where: string): string {
  const v = o[key];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  throw new BadField(`${where}.${key} is not an id`);
}

function levels(value: unknown, where: string): PriceLevel[] {
  if (!Array.isArray(value)) throw new BadField(`${where} is not a list`);
  for (let i = 0; i < value.length; i += 1) {
    const level: unknown = value[i];
    if (
      !Array.isArray(level) ||
      typeof level[0] !== 'string' ||
      typeof level[1] !== 'string' ||
      !UNSIGNED_DECIMAL.test(level[0]) ||
      !UNSIGNED_DECIMAL.test(level[1])
    ) {
      throw new BadField(`${where}[${i}] is not a [price, quantity] pair of decimal strings`);
    }
  }
  // Checked in place: the frame's own arrays become the book's, no copy per frame.
  return value as PriceLevel[];
}

function book(value: unknown, where: string, needsPrevious: boolean): BookSnapshot & { pv?: string } {
  const o = objectAt(value, where);
  const snapshot: BookSnapshot & { pv?: string } = {
    s: text(o, 's', where),
    t: finite(o, 't', where),
    v: decimal(o, 'v', where, VERSION),
    b: levels(o.b, `${where}.b`),
    a: levels(o.a, `${where}.a`),
  };
  if (needsPrevious || o.pv !== undefined) snapshot.pv = decimal(o, 'pv', where, VERSION);
  return snapshot;
}

function trade(value: unknown, where: string): Trade {
  const o = objectAt(value, where);
  return { v: identifier(o, 'v', where), t: finite(o, 't', where), p: decimal(o, 'p', where), q: decimal(o, 'q', where), m: flag(o, 'm', where) };
}

function bar(o: Obj, where: string): KlineBar {
  return {
    t: finite(o, 't', where),
    s: text(o, 's', where),
    sn: typeof o.sn === 'string' ? o.sn : text(o, 's', where),
    o: decimal(o, 'o', where),
    h: decimal(o, 'h', where),
    l: decimal(o, 'l', where),
    c: decimal(o, 'c', where),
    v: decimal(o, 'v', where),
  };
}

function ticker(value: unknown, where: string): Ticker {
  const o = objectAt(value, where);
  return { ...bar(o, where), qv: decimal(o, 'qv', where), m: decimal(o, 'm', where, SIGNED_DECIMAL) };
}

function notice(value: unknown, where: string): Notice {
  const o = objectAt(value, where);
  return {
    symbolId: text(o, 'symbolId', where),
    noticeType: finite(o, 'noticeType', where),
    noticeContent: text(o, 'noticeContent', where),
    noticeLinkUrl: text(o, 'noticeLinkUrl', where),
    onlineTime: finite(o, 'onlineTime', where),
    nowTime: finite(o, 'nowTime', where),
  };
}

function instrument(value: unknown, where: string): InstrumentInfo {
  const o = objectAt(value, where);
  return {
    symbolId: text(o, 'symbolId', where),
    tradeStatus: finite(o, 'tradeStatus', where),
    noticeVisible: flag(o, 'noticeVisible', where),
    isBanBuy: flag(o, 'isBanBuy', where),
    isBanSell: flag(o, 'isBanSell', where),
  };
}

function entries<T>(data: unknown[], read: (value: unknown, where: string) => T): T[] {
  return data.map((value, i) => read(value, `data[${i}]`));
}

function push(o: Obj, data: unknown[]): Push | FrameRejection {
  const envelope: PushEnvelope = {
    symbol: text(o, 'symbol', 'push'),
    symbolName: typeof o.symbolName === 'string' ? o.symbolName : text(o, 'symbol', 'push'),
    // An absent flag is an ordinary push; only `true` asks the client to replace its state.
    f: o.f === true,
    sendTime: finite(o, 'sendTime', 'push'),
  };
  const params = o.params === undefined ? {} : objectAt(o.params, 'push.params');
  const topic = o.topic;
  switch (topic) {
    case 'mergedDepth': {
      // The push names its dumpScale so it reaches the store of the right merge step.
      const dumpScale = Number(params.dumpScale);
      if (params.dumpScale === undefined || params.dumpScale === null || !Number.isInteger(dumpScale)) {
        throw new BadField('push.params.dumpScale is not an integer');
      }
      return { ...envelope, topic, dumpScale, data: entries(data, (v, w) => book(v, w, false)) };
    }
    case 'depth':
      return { ...envelope, topic, data: entries(data, (v, w) => book(v, w, false)) };
    case 'diffDepth':
      return { ...envelope, topic, data: entries(data, (v, w) => book(v, w, !envelope.f)) };
    case 'trade':
      return { ...envelope, topic, data: entries(data, trade) };
    case 'kline': {
      const interval = params.klineType;
      if (!isInterval(interval)) throw new BadField('push.params.klineType is not an interval');
      return { ...envelope, topic, interval, data: entries(data, (v, w) => bar(objectAt(v, w), w)) };
    }
    case 'realtimes':
      return { ...envelope, topic, data: entries(data, ticker) };
    case 'notice':
      return { ...envelope, topic, data: entries(data, notice) };
    case 'instrumentInfo':
      return { ...envelope, topic, data: entries(data, instrument) };
    default:
      return { reason: 'unknownTopic', detail: `push of unknown topic ${JSON.stringify(topic)}` };
  }
}

function optionalText(o: Obj, key: string): string | null {
  return typeof o[key] === 'string' ? o[key] : null;
}

function classify(o: Obj): ParseResult {
  if (o.pong !== undefined) {
    return typeof o.pong === 'number' ? { ok: true, frame: { kind: 'pong', pong: o.pong } } : rejected('unknownFrame', 'pong is not a number');
  }
  if (Array.isArray(o.data) && o.topic !== undefined) {
    const result = push(o, o.data);
    return 'reason' in result ? { ok: false, rejection: result } : { ok: true, frame: { kind: 'push', push: result } };
  }
  if (o.code !== undefined) {
    const code = String(o.code);
    if (code === '0') {
      return { ok: true, frame: { kind: 'ack', event: text(o, 'event', 'ack'), topic: text(o, 'topic', 'ack'), symbol: text(o, 'symbol', 'ack') } };
    }
    const desc = optionalText(o, 'desc') ?? optionalText(o, 'msg') ?? code;
    return {
      ok: true,
      frame: { kind: 'error', code, desc, event: optionalText(o, 'event'), topic: optionalText(o, 'topic'), symbol: optionalText(o, 'symbol') },
    };
  }
  return rejected('unknownFrame', 'neither a pong, a push, an acknowledgement nor an error');
}

function rejected(reason: RejectReason, detail: string): ParseResult {
  return { ok: false, rejection: { reason, detail } };
}

export function parseFrame(data: unknown): ParseResult {
  if (typeof data !== 'string') return rejected('notText', 'binary frame');
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return rejected('notJson', `not JSON: ${data.slice(0, 40)}`);
  }
  if (!isObject(value)) return rejected('notObject', 'not a JSON object');
  try {
    return classify(value);
  } catch (error) {
    if (error instanceof BadField) return rejected(value.data === undefined ? 'unknownFrame' : 'badPush', error.message);
    throw error;
  }
}

/** A delta is a diffDepth entry with the version it applies to. */
export function isDelta(entry: BookSnapshot & { pv?: string }): entry is BookDelta {
  return entry.pv !== undefined;
}
