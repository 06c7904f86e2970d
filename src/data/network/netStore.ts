import { useSyncExternalStore } from 'react';
import {
  accelerationState,
  autoCdnOn,
  parseForcedPath,
  type AccelerationState,
  type ForcedPath,
  type NetPath,
  type ProbeAnswer,
  type SdkLevel,
} from '../../domain/network/acceleration';
import { QualityBook } from '../../domain/network/quality';
import type { Report } from '../../domain/network/reports';
import { STORAGE_KEYS, readString, writeString } from '../storage';

/** What `GET /spot/api/basic/network_config` says (docs/api/network.md), checked. */
export interface NetConfig {
  sdkLevel: SdkLevel;
  hosts: { accelerated: string | null; cdn: string | null };
  excludes: string[];
  refreshMs: number;
}

export interface PathSwitch {
  at: number;
  from: NetPath;
  to: NetPath;
  /** what made it switch: a failed request, a detection, the user's switch, a new acceleration state */
  why: 'failed' | 'recovered' | 'forced' | 'state';
}

export interface NetState {
  config: NetConfig | null;
  probe: (ProbeAnswer & { receivedAt: number; cached: boolean }) | null;
  /** the last h3 detection: null before the first */
  h3: { up: boolean; ms: number | null; at: number } | null;
  acceleration: AccelerationState;
  /** paths a failed request took out, until they answer again */
  down: ReadonlySet<NetPath>;
  forced: ForcedPath;
  autoCdn: boolean;
  /** the path the last eligible request took (what the view calls "current") */
  current: NetPath;
  switches: readonly PathSwitch[];
}

const MAX_SWITCHES = 20;
const MAX_PENDING_REPORTS = 2000;

function initialState(): NetState {
  return {
    config: null,
    probe: null,
    h3: null,
    acceleration: accelerationState(0, null, true),
    down: new Set(),
    forced: 'auto',
    autoCdn: autoCdnOn(readString(STORAGE_KEYS.cdnSetting)),
    current: 'origin',
    switches: [],
  };
}

let state: NetState = initialState();
const listeners = new Set<() => void>();
/** the per-second counts of every request (read by the view and drained by the uploader) */
export let qualityBook = new QualityBook();
/** reports made since the last upload cycle (the uploader takes them) */
let pendingReports: Report[] = [];

function withAcceleration(next: NetState): NetState {
  const h3Up = next.h3?.up ?? true;
  return { ...next, acceleration: accelerationState(next.config?.sdkLevel ?? 0, next.probe, h3Up && !next.down.has('accelerated')) };
}

function set(next: NetState) {
  state = withAcceleration(next);
  listeners.forEach((l) => l());
}

export const netStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  setConfig(config: NetConfig) {
    set({ ...state, config });
  },
  setProbe(probe: NetState['probe']) {
    set({ ...state, probe });
  },
  setH3(h3: NonNullable<NetState['h3']>) {
    const down = new Set(state.down);
    if (h3.up) down.delete('accelerated');
    set({ ...state, h3, down });
  },
  /** A path failed a request: the next requests go around it. */
  markDown(path: NetPath, at: number) {
    if (path === 'origin' || state.down.has(path)) return;
    set({ ...state, down: new Set([...state.down, path]) });
    netStore.noteSwitch({ at, from: path, to: 'origin', why: 'failed' });
  },
  /** The acceleration refresh gives the CDN another chance (nothing else detects it). */
  retryCdn() {
    if (!state.down.has('cdn')) return;
    const down = new Set(state.down);
    down.delete('cdn');
    set({ ...state, down });
  },
  force(forced: ForcedPath) {
    set({ ...state, forced: parseForcedPath(forced) });
  },
  setAutoCdn(on: boolean) {
    writeString(STORAGE_KEYS.cdnSetting, on ? 'auto' : 'origin');
    set({ ...state, autoCdn: on });
  },
  /** Records the path a request took; a change of path is kept for the view. */
  took(path: NetPath, at: number) {
    if (path === state.current) return;
    const from = state.current;
    const last = state.switches[state.switches.length - 1];
    const why = state.forced !== 'auto' ? 'forced' : state.down.has(from) ? 'failed' : last?.why === 'failed' && last.from === path ? 'recovered' : 'state';
    set({ ...state, current: path });
    netStore.noteSwitch({ at, from, to: path, why });
  },
  noteSwitch(change: PathSwitch) {
    const last = state.switches[state.switches.length - 1];
    if (last && last.from === change.from && last.to === change.to && change.at - last.at < 1000) return;
    set({ ...state, switches: [...state.switches, change].slice(-MAX_SWITCHES) });
  },
  /** Tests: start over. */
  reset() {
    state = initialState();
    qualityBook = new QualityBook();
    pendingReports = [];
  },
};

/** Queues a report for the next upload cycle (bounded: a page that cannot upload must not grow without end). */
export function report(entry: Report): void {
  pendingReports.push(entry);
  if (pendingReports.length > MAX_PENDING_REPORTS) pendingReports = pendingReports.slice(-MAX_PENDING_REPORTS);
}

/** The reports made since the last call. */
export function takeReports(): Report[] {
  const taken = pendingReports;
  pendingReports = [];
  return taken;
}

export function useNetState(): NetState {
  return useSyncExternalStore(netStore.subscribe, netStore.get, netStore.get);
}
