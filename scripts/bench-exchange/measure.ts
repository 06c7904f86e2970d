/** Timing and printing shared by the exchange bench's two parts. */
import { performance } from 'node:perf_hooks';

export type BenchRow = [what: string, figure: string, note: string];

/**
 * Wall and CPU time of this process (process.cpuUsage, user + system): the
 * machine is shared, so CPU time is the steadier figure of what the work
 * costs; wall time is what it took under the load there was. CPU time
 * includes V8's garbage-collector threads, so it can exceed wall time.
 */
export interface Clock {
  wall: number;
  cpu: number;
}
export const clockNow = (): Clock => {
  const u = process.cpuUsage();
  return { wall: performance.now(), cpu: (u.user + u.system) / 1000 };
};
export const since = (start: Clock): Clock => {
  const now = clockNow();
  return { wall: now.wall - start.wall, cpu: now.cpu - start.cpu };
};

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const priceText = (ticks: number) => (ticks / 100).toFixed(2);
export const lotsText = (lots: number) => (lots / 1_000_000).toFixed(6);
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export interface RateSummary {
  cpuBest: number;
  cpuMedian: number;
  wallBest: number;
  wallMedian: number;
}

export function rateSummary(times: Clock[], count: number): RateSummary {
  const cpu = times.map((t) => (count / t.cpu) * 1000);
  const wall = times.map((t) => (count / t.wall) * 1000);
  return { cpuBest: Math.max(...cpu), cpuMedian: median(cpu), wallBest: Math.max(...wall), wallMedian: median(wall) };
}

export function ratesText(r: RateSummary, unit: string): string {
  return `CPU ${fmtInt(r.cpuMedian)} ${unit}/s median (best ${fmtInt(r.cpuBest)}, ${(1e6 / r.cpuMedian).toFixed(2)} µs each); wall ${fmtInt(r.wallMedian)}/s median`;
}
