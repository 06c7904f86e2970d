/**
 * Turns what the probe and the DevTools protocol collected into the printed
 * table: figures, the issue's targets, PASS or MISS. Reports only; the
 * process never fails on a missed target.
 */
import type { ProbeResult } from './probe';

/** Nearest-rank percentile of unsorted values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Cumulative seconds from CDP Performance.getMetrics, at the start and end of the window. */
export type Metrics = Record<string, number>;

export interface BookFigures {
  note: string | null;
  received: number;
  painted: number;
  delays: number[];
  store: string | null;
  clock: 'apply' | 'notify' | null;
}

/**
 * Matches the versions the book painted with the versions its store received
 * in the window; the store is the live mergedDepth stream whose versions the
 * book shows (the one with the most matches).
 */
export function bookFigures(probe: ProbeResult): BookFigures {
  const none = { received: 0, painted: 0, delays: [], store: null, clock: null };
  const firstPaint = new Map<string, number>();
  for (const [version, at] of probe.painted) if (!firstPaint.has(version)) firstPaint.set(version, at);
  const inWindow = (s: ProbeResult['stores'][number]) => s.applied.filter(([, at]) => at >= probe.t0 && at < probe.t1);
  const ranked = probe.stores
    .map((s) => ({ s, applied: inWindow(s), matches: inWindow(s).filter(([v]) => firstPaint.has(v)).length }))
    .sort((a, b) => b.matches - a.matches || b.applied.length - a.applied.length);
  const best = ranked[0];
  if (!best) {
    const why = probe.bookAttribute ? 'the page holds no live mergedDepth stream of BTCUSDT' : 'the book does not expose data-book-version, and the page holds no live mergedDepth stream of BTCUSDT';
    return { ...none, note: why };
  }
  const delays: number[] = [];
  for (const [version, at] of best.applied) {
    const paintAt = firstPaint.get(version);
    if (paintAt !== undefined && paintAt >= at) delays.push(paintAt - at);
  }
  const base = { received: best.applied.length, painted: delays.length, delays, store: best.s.key, clock: best.s.clock };
  if (!probe.bookAttribute) {
    const why = probe.bookElement ? 'the book does not expose data-book-version' : 'no [data-testid="orderbook"] element with data-book-version';
    return { ...base, painted: 0, delays: [], note: why };
  }
  return { ...base, note: null };
}

export interface Row {
  metric: string;
  value: string;
  target: string;
  result: 'PASS' | 'MISS' | '';
}

const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(1)}`);
const verdict = (ok: boolean): Row['result'] => (ok ? 'PASS' : 'MISS');
const delta = (start: Metrics, end: Metrics, name: string) => (end[name] ?? 0) - (start[name] ?? 0);

const VSYNC = 1000 / 60;
/**
 * performance.now() is coarsened to 0.1 ms in a page that is not
 * cross-origin isolated, so an on-time 60 Hz frame reads 16.6–16.8 ms: the
 * 16.7 ms target is checked with that resolution.
 */
const TIMER_RESOLUTION = 0.1;
const FRAME_TARGET = 16.7;

/** The scripts Chromium blames for the long animation frames, summed by source, largest first. */
function longFrameCulprits(probe: ProbeResult, top: number): string {
  const bySource = new Map<string, number>();
  for (const frame of probe.longFrames) {
    for (const s of frame.scripts) {
      // The probe is the only script without a URL; its callbacks are trivial, so time blamed on them is time the thread waited.
      const what = `${s.invoker} ${s.source || '(bench probe)'}`;
      bySource.set(what, (bySource.get(what) ?? 0) + s.duration);
    }
  }
  return [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top).map(([what, total]) => `${what} ${total.toFixed(0)} ms`).join('; ');
}

export function rows(probe: ProbeResult, start: Metrics, end: Metrics): Row[] {
  const seconds = (probe.t1 - probe.t0) / 1000;
  const frames = probe.frameDeltas;
  const p99 = percentile(frames, 99);
  const longest = probe.longTasks.reduce((m, t) => Math.max(m, t.duration), 0);
  const missedVsyncs = frames.reduce((n, d) => n + Math.max(0, Math.round(d / VSYNC) - 1), 0);

  // Busy: CDP's TaskDuration is the summed wall time of every task the page's
  // renderer main thread ran (script, style, layout, paint recording, GC inside
  // tasks), over the Timestamp delta of the same two readings. ThreadTime is
  // that thread's CPU time, ProcessTime the renderer's CPU time on all threads
  // (raster and compositor included).
  const wall = delta(start, end, 'Timestamp');
  const pct = (v: number) => (wall > 0 ? (v / wall) * 100 : Number.NaN);
  const busy = pct(delta(start, end, 'TaskDuration'));
  const script = pct(delta(start, end, 'ScriptDuration'));
  const styleLayout = pct(delta(start, end, 'RecalcStyleDuration') + delta(start, end, 'LayoutDuration'));
  const other = pct(delta(start, end, 'TaskOtherDuration'));
  const longFrameMax = probe.longFrames.reduce((m, f) => Math.max(m, f.duration), 0);
  const culprits = longFrameCulprits(probe, 3);

  const book = bookFigures(probe);
  const out: Row[] = [
    { metric: 'frames measured (rAF)', value: `${frames.length} in ${seconds.toFixed(1)} s = ${(frames.length / seconds).toFixed(1)}/s`, target: '', result: '' },
    {
      metric: 'frame time p50 / p95 / p99 (ms)',
      value: `${ms(percentile(frames, 50))} / ${ms(percentile(frames, 95))} / ${ms(p99)}`,
      target: `p99 ≤ ${FRAME_TARGET} ms`,
      // Compared in tenths of a ms: 16.7 + 0.1 is 16.799999999999997 in floating point.
      result: verdict(Math.round(p99 * 10) <= Math.round((FRAME_TARGET + TIMER_RESOLUTION) * 10)),
    },
    { metric: 'vsyncs missed / frames > 25 ms / > 50 ms', value: `${missedVsyncs} / ${frames.filter((d) => d > 1.5 * VSYNC).length} / ${frames.filter((d) => d > 50).length}`, target: '', result: '' },
    { metric: 'long tasks > 50 ms', value: `${probe.longTasks.length}${probe.longTasks.length ? ` (longest ${longest.toFixed(0)} ms)` : ''}`, target: '0', result: verdict(probe.longTasks.length === 0) },
    {
      metric: 'long animation frames ≥ 50 ms',
      value: `${probe.longFrames.length}${probe.longFrames.length ? ` (longest ${longFrameMax.toFixed(0)} ms)` : ''}${culprits ? `; scripts: ${culprits}` : ''}`,
      target: '',
      result: '',
    },
    { metric: 'main-thread busy (CDP TaskDuration)', value: `${busy.toFixed(1)} %`, target: '≤ 35 %', result: verdict(busy <= 35) },
    { metric: '  script / style+layout / other', value: `${script.toFixed(1)} % / ${styleLayout.toFixed(1)} % / ${other.toFixed(1)} %`, target: '', result: '' },
    {
      metric: '  main-thread CPU / renderer CPU',
      value: `${pct(delta(start, end, 'ThreadTime')).toFixed(1)} % / ${pct(delta(start, end, 'ProcessTime')).toFixed(1)} % of one core`,
      target: '',
      result: '',
    },
  ];
  if (book.note && book.received === 0) {
    out.push({ metric: 'book frame-to-paint', value: `n/a (${book.note})`, target: '', result: '' });
  } else if (book.note) {
    out.push({ metric: 'book versions received', value: `${book.received} (${book.store})`, target: '', result: '' });
    out.push({ metric: 'book frame-to-paint', value: `n/a (${book.note})`, target: '', result: '' });
  } else {
    const from = book.clock === 'apply' ? 'store apply' : 'store notify';
    out.push({
      metric: `book frame-to-paint p50 / p95 / p99 (ms)`,
      value: `${ms(percentile(book.delays, 50))} / ${ms(percentile(book.delays, 95))} / ${ms(percentile(book.delays, 99))} (from ${from})`,
      target: '',
      result: '',
    });
    out.push({
      metric: 'book versions painted / received',
      value: `${book.painted} / ${book.received} (${book.store}; ${probe.overwritten} replaced before a paint)`,
      target: 'every push painted',
      result: verdict(book.received > 0 && book.painted === book.received),
    });
  }
  out.push({ metric: 'quote frames received', value: `${probe.framesReceived} = ${(probe.framesReceived / seconds).toFixed(1)}/s`, target: '', result: '' });
  return out;
}

export function printTable(list: Row[]): void {
  const w = [0, 1, 2].map((i) => Math.max(...list.map((r) => [r.metric, r.value, r.target][i]!.length), ['metric', 'value', 'target'][i]!.length));
  const line = (a: string, b: string, c: string, d: string) => console.log(`${a.padEnd(w[0]!)}  ${b.padEnd(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`.trimEnd());
  line('metric', 'value', 'target', 'result');
  for (const r of list) line(r.metric, r.value, r.target, r.result);
}
