import { parseSdkLevel } from '../../domain/network/acceleration';
import { parseHost } from '../../domain/network/paths';
import type { Report } from '../../domain/network/reports';
import { ACCELERATION_INITIAL_MS, H3_DETECT_EVERY_MS, PROBE_TIMEOUT_MS, refreshInterval, uploadDelay } from '../../domain/network/timing';
import { getJson } from '../http';
import { EXCHANGE_IN_PAGE } from '../backendKind';
import { pageStatus } from '../pageStatus';
import { list, record } from '../api/parse';
import { netFetch } from './netFetch';
import { netStore, qualityBook, report, takeReports, type NetConfig } from './netStore';
import { deviceId, probe } from './probe';
import { beaconQueue, enqueue, flush, loadQueue } from './reporter';

export const NETWORK_CONFIG_PATH = '/spot/api/basic/network_config';
export const H3_DETECT_PATH = '/h3/detect';

/** The config's answer, checked: a host that is not a plain http(s) origin is no host. */
export function parseNetConfig(value: unknown): NetConfig {
  const o = record(value, 'network config');
  const excludes = o.excludes === undefined ? [] : list(o.excludes, 'excludes').filter((e): e is string => typeof e === 'string');
  return {
    sdkLevel: parseSdkLevel(o.sdkLevel),
    hosts: { accelerated: parseHost(o.acceleratedHost), cdn: parseHost(o.cdnHost) },
    excludes,
    refreshMs: refreshInterval(o.refreshMs),
  };
}

let userKey = 'visitor';
let version = 'web';

async function refreshConfig(): Promise<void> {
  try {
    netStore.setConfig(await getJson(NETWORK_CONFIG_PATH, parseNetConfig, undefined, { originOnly: true }));
  } catch (error) {
    // Without a config every call stays on the origin, as before the layer existed.
    report({ type: 'sdkerror', t: Date.now(), message: `network config: ${(error as Error).message}` });
  }
}

async function refreshProbe(): Promise<void> {
  const forUser = userKey;
  const result = await probe(forUser, version);
  if (forUser !== userKey) return; // the user changed meanwhile; their own probe is on its way
  const previous = netStore.get().probe;
  netStore.setProbe(result);
  // A cached answer read again is not news: only a new one is reported.
  if (result && result.receivedAt !== previous?.receivedAt) {
    report({ type: 'whitelist', t: Date.now(), errCode: result.errCode, resCode: result.resCode, monitorSwitch: result.monitorSwitch, cached: result.cached });
  }
  if (!result) report({ type: 'sdkerror', t: Date.now(), message: 'network probe: no answer' });
}

/** Spec 2 §9: is the accelerated host answering? Timed, given the probe's 3000 ms. */
async function detectH3(): Promise<void> {
  const host = netStore.get().config?.hosts.accelerated;
  if (!host) return;
  const t0 = performance.now();
  let ok = false;
  try {
    const response = await netFetch({ path: H3_DETECT_PATH, routedPath: H3_DETECT_PATH, init: { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), credentials: 'include' }, pinnedPath: 'accelerated' });
    ok = response.ok;
  } catch {
    ok = false;
  }
  const ms = Math.round(performance.now() - t0);
  netStore.setH3({ up: ok, ms: ok ? ms : null, at: Date.now() });
  report({ type: 'detectQuality', t: Date.now(), ok, durationMs: ms });
}

/**
 * Whether h3 detection is worth running: for a client the acceleration rules
 * allow (reason h3Down: allowed but for the host itself), or forced onto it.
 */
function mayAccelerate(): boolean {
  const { config, acceleration, forced } = netStore.get();
  if (!config?.hosts.accelerated) return false;
  return acceleration.allowed || acceleration.reason === 'h3Down' || forced === 'accelerated';
}

async function uploadCycle(): Promise<void> {
  await queueNow();
  await flush({ deviceId, online: () => pageStatus.get().online });
}

/**
 * The event reports and the per-second windows counted so far, taken; none
 * when the monitor switch is off (spec 2 §4: nothing is uploaded then; an
 * unknown switch counts as on).
 */
function collectReports(now: number): Report[] {
  const windows = qualityBook.drain(Math.floor(now / 1000));
  const reports = [...takeReports(), ...windows.map((w) => ({ type: 'httpQuality' as const, t: now, ...w }))];
  return netStore.get().probe?.monitorSwitch === false ? [] : reports;
}

/** Puts what was counted so far in the offline queue. */
function queueNow(): Promise<void> {
  const now = Date.now();
  return enqueue(collectReports(now), deviceId(), now);
}

/** The signed-in user changed: their own probe answer decides acceleration. */
export function setNetUser(userId: string | null): void {
  const next = userId ?? 'visitor';
  if (next === userKey) return;
  userKey = next;
  netStore.setProbe(null);
  void refreshProbe().then(() => (mayAccelerate() ? detectH3() : undefined));
}

/**
 * Starts the network layer's timers (spec 2 §9): the config and probe at
 * once, the acceleration refresh 10 s later and then every 30 s (or the
 * config's interval, at least 10 s), h3 detection every 25 s while the page
 * is visible and online, uploads after 10 s then every 30 s. Page status
 * changes are reported, and coming back online sends the queue at once.
 */
export function startNetworkLayer(appVersion: string): () => void {
  version = appVersion;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };

  const refresh = async () => {
    await refreshConfig();
    await refreshProbe();
    netStore.retryCdn();
  };
  const refreshLoop = () => void refresh().finally(() => later(netStore.get().config?.refreshMs ?? refreshInterval(undefined), refreshLoop));
  const h3Loop = () => {
    const page = pageStatus.get();
    const run = page.visible && page.online && mayAccelerate() ? detectH3() : Promise.resolve();
    void run.finally(() => later(H3_DETECT_EVERY_MS, h3Loop));
  };
  let cycle = 0;
  const uploadLoop = () => void uploadCycle().finally(() => later(uploadDelay(++cycle), uploadLoop));

  void loadQueue();
  void refreshConfig()
    .then(refreshProbe)
    .then(() => (mayAccelerate() ? detectH3() : undefined))
    .finally(() => {
      later(ACCELERATION_INITIAL_MS, refreshLoop);
      later(H3_DETECT_EVERY_MS, h3Loop);
    });
  later(uploadDelay(0), uploadLoop);

  let last = pageStatus.get();
  const unsubscribe = pageStatus.subscribe(() => {
    const now = pageStatus.get();
    if (now.online === last.online && now.visible === last.visible) return;
    report({ type: 'netstatus', t: Date.now(), online: now.online, visible: now.visible });
    if (now.online && !last.online) void flush({ deviceId, online: () => pageStatus.get().online });
    last = now;
  });
  /**
   * pagehide, remote exchange only: what was counted since the last cycle and
   * the queue go to sendBeacon, which outlives the page. Nothing is written
   * then (storage work while the page unloaded aborted the next navigation in
   * Chromium). An in-page exchange dies with the page: the last partial cycle
   * has no collector to reach, and the queue is sent on the next visit.
   */
  const onPageHide = () => beaconQueue(deviceId(), collectReports(Date.now()));
  if (!EXCHANGE_IN_PAGE) window.addEventListener('pagehide', onPageHide);
  return () => {
    stopped = true;
    timers.forEach(clearTimeout);
    unsubscribe();
    if (!EXCHANGE_IN_PAGE) window.removeEventListener('pagehide', onPageHide);
  };
}
