/**
 * What the quote protocol suite (protocol.suite.ts) reads frames with, and the
 * reference book maths it checks the gateway against: decimal.js, not the
 * gateway's own integer arithmetic.
 */
import { Decimal } from 'decimal.js';
import { fromUnits } from '../../../src/domain/units';
import type { Level } from '../../market/types';
import { ERRORS, type ErrorKind } from './frames';
import type { Frame } from './testSocket';

export type Row = Record<string, unknown>;
type Book = { s: string; t: number; v: string; pv?: string; b: [string, string][]; a: [string, string][] };

export const rows = (frame: Frame) => (frame.data ?? []) as Row[];
export const bookOf = (frame: Frame) => rows(frame)[0] as unknown as Book;
export const isPush = (topic: string, symbol?: string) => (f: Frame) => f.topic === topic && Array.isArray(f.data) && (symbol === undefined || f.symbol === symbol);
export const isAck = (event: string, topic: string) => (f: Frame) => f.code === '0' && f.event === event && f.topic === topic;
export const isError = (kind: ErrorKind) => (f: Frame) => f.code === ERRORS[kind][0];
export const isPong = (f: Frame) => 'pong' in f;

export function sub(topic: string, symbol: string, extra: Row = {}): Row {
  return { symbol, topic, event: 'sub', ...extra };
}

/** The book a test expects: levels merged with decimal.js, independent of the gateway's integer maths. */
export function referenceMerge(levels: readonly Level[], scale: number, roundUp: boolean, limit: number): [string, string][] {
  const step = new Decimal(10).pow(-scale);
  const out: Array<[string, Decimal]> = [];
  for (const [p, q] of levels) {
    const price = new Decimal(fromUnits(p, '0.01'));
    const bucket = price.div(step)[roundUp ? 'ceil' : 'floor']().mul(step).toFixed(Math.max(scale, 0));
    const last = out.at(-1);
    if (last && last[0] === bucket) last[1] = last[1].plus(fromUnits(q, '0.000001'));
    else if (out.length < limit) out.push([bucket, new Decimal(fromUnits(q, '0.000001'))]);
    else break;
  }
  return out.map(([p, q]) => [p, q.toFixed(6)]);
}

export const text = (levels: readonly Level[]): [string, string][] => levels.map(([p, q]) => [fromUnits(p, '0.01'), fromUnits(q, '0.000001')]);

/** Applies a diffDepth frame to a held book (price → quantity strings). */
export function apply(held: Map<string, string>, levels: [string, string][]): void {
  for (const [p, q] of levels) {
    if (q === '0') held.delete(p);
    else held.set(p, q);
  }
}

export const sorted = (side: Map<string, string>, descending: boolean) =>
  [...side.entries()].sort((x, y) => (descending ? 1 : -1) * (Number(y[0]) - Number(x[0])));
