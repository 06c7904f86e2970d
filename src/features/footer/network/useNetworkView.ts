import { useEffect, useState } from 'react';
import { choosePath, NET_PATHS, type ForcedPath, type NetPath } from '../../../domain/network/acceleration';
import { explainPath, type PathReason } from '../../../domain/network/explain';
import type { SparkPoint } from '../../../domain/network/quality';
import { netStore, qualityBook, useNetState, type NetState } from '../../../data/network/netStore';

/** The sparklines: 10 buckets of 30 s, the last five minutes. */
export const SPARK_BUCKETS = 10;
export const SPARK_BUCKET_SECONDS = 30;

export interface PathRow {
  path: NetPath;
  host: string | null;
  down: boolean;
  points: SparkPoint[];
  /** mean latency of the last bucket with answers */
  latencyMs: number | null;
  failures: number;
}

export interface NetworkView {
  state: NetState;
  /** the path an accelerable call takes now, and why */
  path: NetPath;
  reason: PathReason;
  rows: PathRow[];
  force: (path: ForcedPath) => void;
  setAutoCdn: (on: boolean) => void;
}

function rowsAt(state: NetState, toSecond: number): PathRow[] {
  return NET_PATHS.map((path) => {
    const points = qualityBook.series(path, toSecond, SPARK_BUCKETS, SPARK_BUCKET_SECONDS);
    const answered = [...points].reverse().find((p) => p.latencyMs !== null);
    return {
      path,
      host: path === 'origin' ? window.location.origin : (state.config?.hosts[path] ?? null),
      down: state.down.has(path),
      points,
      latencyMs: answered?.latencyMs ?? null,
      failures: points.reduce((sum, p) => sum + p.failures, 0),
    };
  });
}

/** The path an accelerable call takes now: what the footer button and the view name "current". */
export function pathNow(state: NetState): NetPath {
  if (!state.config) return 'origin';
  return choosePath({ eligible: true, acceleration: state.acceleration, autoCdn: state.autoCdn, forced: state.forced, hosts: state.config.hosts, down: state.down });
}

/** The network view's data: the layer's state, refreshed every second while it is open (the counts change without events). */
export function useNetworkView(open: boolean): NetworkView {
  const state = useNetState();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!open) return;
    // The first tick at once: a view opened after a while must not show the old window.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [open]);
  const path = pathNow(state);
  const { forced, acceleration, autoCdn, down } = state;
  return {
    state,
    path,
    reason: explainPath({ path, forced, acceleration, autoCdn, down, configured: state.config !== null }),
    rows: rowsAt(state, Math.floor(now / 1000) + 1),
    force: netStore.force,
    setAutoCdn: netStore.setAutoCdn,
  };
}
