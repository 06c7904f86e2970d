// TEMPORARY stand-in (replaced by the i6-math branch at merge).
import type { OhlcvBar } from './chartModel';

export function klineBarsToOhlcv(bars: { time: number; open: string; high: string; low: string; close: string; volume: string }[]): OhlcvBar[] {
  return bars.map((b) => ({ time: b.time, open: Number(b.open), high: Number(b.high), low: Number(b.low), close: Number(b.close), volume: Number(b.volume) }));
}
export function heikinAshi(bars: OhlcvBar[]): OhlcvBar[] {
  return bars;
}
export function hollowCandleColors(bars: OhlcvBar[], up: string, down: string): { color: string; borderColor: string; wickColor: string }[] {
  return bars.map((b) => ({ color: b.close >= b.open ? 'transparent' : down, borderColor: up, wickColor: up }));
}
