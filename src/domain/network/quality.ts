import { NET_PATHS, type NetPath } from './acceleration';
import { countedDuration, isBadExperience, type Outcome } from './outcome';
import type { QualityArrays } from './reports';

interface SecondCounts {
  send: number;
  receive: number;
  timeout: number;
  error: number;
  /** summed counted durations (ms) of successful answers */
  cost: number;
  bad: number;
  /** successes whose duration counted (the mean latency's denominator) */
  timed: number;
}

const empty = (): SecondCounts => ({ send: 0, receive: 0, timeout: 0, error: 0, cost: 0, bad: 0, timed: 0 });

/** How long the per-second counts stay for the network view's sparklines. */
export const HISTORY_SECONDS = 10 * 60;

/** One sparkline point: the mean latency of the requests answered in the bucket, and the failures. */
export interface SparkPoint {
  /** epoch second the bucket starts */
  at: number;
  latencyMs: number | null;
  failures: number;
  requests: number;
}

/**
 * Per-second quality counts per path (spec 2 §3, §8). Mutable because it sits
 * on every request's path; still no clock and no I/O: every call says which
 * second it is about. A request counts as sent in the second it started and
 * as received / timed out / failed in the second it ended.
 */
export class QualityBook {
  private readonly seconds = new Map<NetPath, Map<number, SecondCounts>>(NET_PATHS.map((p) => [p, new Map()]));
  /** per path: the first second not yet in a report */
  private readonly reportedTo = new Map<NetPath, number>();

  private at(path: NetPath, second: number): SecondCounts {
    const byPath = this.seconds.get(path) as Map<number, SecondCounts>;
    let counts = byPath.get(second);
    if (!counts) {
      counts = empty();
      byPath.set(second, counts);
    }
    return counts;
  }

  sent(path: NetPath, second: number): void {
    this.at(path, second).send += 1;
  }

  settled(path: NetPath, second: number, outcome: Outcome, durationMs: number): void {
    const counts = this.at(path, second);
    if (outcome === 'abort') counts.timeout += 1;
    else if (outcome === 'neterror') counts.error += 1;
    else {
      counts.receive += 1;
      if (outcome === 'error') counts.error += 1;
    }
    const counted = countedDuration(durationMs);
    // Only answers that succeeded say how fast the path is.
    if (counted !== null && outcome === 'success') {
      counts.cost += counted;
      counts.timed += 1;
    }
    if (isBadExperience(durationMs)) counts.bad += 1;
  }

  /**
   * The httpQuality windows of every path with activity, from its first
   * unreported second up to (not including) `toSecond`; those seconds are then
   * reported. Seconds older than the sparkline history are forgotten.
   */
  drain(toSecond: number): (QualityArrays & { path: NetPath })[] {
    const windows: (QualityArrays & { path: NetPath })[] = [];
    for (const path of NET_PATHS) {
      const byPath = this.seconds.get(path) as Map<number, SecondCounts>;
      const pending = [...byPath.keys()].filter((s) => s < toSecond && s >= (this.reportedTo.get(path) ?? -Infinity));
      if (pending.length > 0) {
        const from = Math.min(...pending);
        const window: QualityArrays & { path: NetPath } = { path, from, send: [], receive: [], timeout: [], error: [], cost: [], bad: 0 };
        for (let s = from; s < toSecond; s++) {
          const c = byPath.get(s) ?? empty();
          window.send.push(c.send);
          window.receive.push(c.receive);
          window.timeout.push(c.timeout);
          window.error.push(c.error);
          window.cost.push(c.cost);
          window.bad += c.bad;
        }
        windows.push(window);
      }
      this.reportedTo.set(path, Math.max(this.reportedTo.get(path) ?? toSecond, toSecond));
      for (const s of byPath.keys()) if (s < toSecond - HISTORY_SECONDS) byPath.delete(s);
    }
    return windows;
  }

  /** Sparkline points of one path: `count` buckets of `bucketSeconds`, the last ending before `toSecond`. */
  series(path: NetPath, toSecond: number, count: number, bucketSeconds: number): SparkPoint[] {
    const byPath = this.seconds.get(path) as Map<number, SecondCounts>;
    const points: SparkPoint[] = [];
    for (let b = count - 1; b >= 0; b--) {
      const start = toSecond - (b + 1) * bucketSeconds;
      let cost = 0;
      let answered = 0;
      let failures = 0;
      let requests = 0;
      for (let s = start; s < start + bucketSeconds; s++) {
        const c = byPath.get(s);
        if (!c) continue;
        cost += c.cost;
        answered += c.timed;
        failures += c.error + c.timeout;
        requests += c.send;
      }
      points.push({ at: start, latencyMs: answered > 0 ? Math.round(cost / answered) : null, failures, requests });
    }
    return points;
  }
}
