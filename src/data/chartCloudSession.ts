/**
 * One page's side of the chart cloud save, outside React: the auto-save
 * machine with its one timer, the layout shown and waiting to go up, and what
 * this page knows of the cloud (to tell its own writes from another
 * device's). It watches the query cache for config and save answers and is a
 * small external store for the hook (layout + remoteRevision).
 */
import type { QueryClient } from '@tanstack/react-query';
import { INDICATOR_VERSION, type ChartConfig, type ChartLayoutState, type ChartSavedData } from '../domain/chartModel';
import { autoSaveStep, INITIAL_AUTO_SAVE, type AutoSaveEvent, type SaveAccount } from '../domain/chartSave';
import { fetchChartSaveInfo, isChartSaveConflict, saveChartConfig, uploadChartSave } from './api/chartSaves';
import { ApiError, MalformedResponseError } from './http';
import { STORAGE_KEYS, writeJson } from './storage';

/** Under 'user': an account switch refetches them (src/data/queries.ts). */
export const chartSaveQueryKeys = {
  config: ['user', 'chartConfig'] as const,
  save: ['user', 'chartSave'] as const,
};

export interface SessionClock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const SYSTEM_CLOCK: SessionClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ChartCloudView {
  layout: ChartLayoutState;
  remoteRevision: number;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

export class ChartCloudSession {
  private view: ChartCloudView;
  private readonly listeners = new Set<() => void>();
  private machine = INITIAL_AUTO_SAVE;
  private timer: unknown = null;
  private account: SaveAccount = { loggedIn: false, isDemo: false };
  private symbolId: string | null = null;
  private pendingLayout: ChartLayoutState | null = null;
  /** the config JSON and save version last seen from the server, and the config JSON this page wrote */
  private configKey: string | null = null;
  private ownConfigKey: string | null = null;
  private version: number | null = null;

  constructor(
    private readonly client: QueryClient,
    initialLayout: ChartLayoutState,
    private readonly clock: SessionClock = SYSTEM_CLOCK,
  ) {
    this.view = { layout: initialLayout, remoteRevision: 0 };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ChartCloudView => this.view;

  /** Starts watching the cloud answers; the returned function stops it and the timer. */
  connect(): () => void {
    const cache = this.client.getQueryCache();
    const read = (key: readonly unknown[]) => {
      const query = cache.find({ queryKey: key, exact: true });
      if (query?.state.status === 'success') this.answer(key, query.state.data);
    };
    read(chartSaveQueryKeys.config);
    read(chartSaveQueryKeys.save);
    const stop = cache.subscribe((event) => {
      if (event.type !== 'updated' || event.query.state.status !== 'success') return;
      const key = event.query.queryKey;
      if (sameKey(key, chartSaveQueryKeys.config) || sameKey(key, chartSaveQueryKeys.save)) this.answer(key, event.query.state.data);
    });
    return () => {
      stop();
      this.dispose();
    };
  }

  private get cloud(): boolean {
    return this.account.loggedIn && !this.account.isDemo;
  }

  private publish(patch: Partial<ChartCloudView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  private answer(key: readonly unknown[], data: unknown): void {
    if (!this.cloud) return;
    if (sameKey(key, chartSaveQueryKeys.config)) {
      if (this.configSeen((data ?? null) as ChartConfig | null)) this.publish({ remoteRevision: this.view.remoteRevision + 1 });
      return;
    }
    const save = data as ChartSavedData | null | undefined;
    if (!save) return;
    const seen = this.saveSeen(save.version);
    if (seen === 'same') return;
    writeJson(STORAGE_KEYS.chartLayout, save.saveData);
    this.publish({ layout: save.saveData, remoteRevision: this.view.remoteRevision + (seen === 'foreign' ? 1 : 0) });
  }

  get knownVersion(): number | null {
    return this.version;
  }

  /** A new account (or none) starts from what the server says, not from the previous one's. */
  setAccount(account: SaveAccount): void {
    const cloudBefore = this.account.loggedIn && !this.account.isDemo;
    this.account = account;
    if (cloudBefore !== (account.loggedIn && !account.isDemo)) {
      this.configKey = null;
      this.ownConfigKey = null;
      this.version = null;
    }
  }

  symbolChange(symbolId: string): void {
    if (symbolId === this.symbolId) return;
    this.symbolId = symbolId;
    this.feed({ type: 'symbolChange' });
  }

  /** The user changed the layout: shown and kept locally at once, uploaded by the auto-save rules. */
  layoutChanged(layout: ChartLayoutState): void {
    writeJson(STORAGE_KEYS.chartLayout, layout);
    this.publish({ layout });
    this.pendingLayout = layout;
    this.feed({ type: 'change', account: this.account });
  }

  /** A config answer arrived; true when another tab or device wrote it. */
  private configSeen(config: ChartConfig | null): boolean {
    const key = JSON.stringify(config);
    const foreign = this.configKey !== null && key !== this.configKey && key !== this.ownConfigKey;
    this.configKey = key;
    return foreign;
  }

  /** A save answer arrived: 'same' (nothing new), 'first' (the initial load) or 'foreign' (written elsewhere). */
  private saveSeen(version: number): 'same' | 'first' | 'foreign' {
    if (this.version === version) return 'same';
    const first = this.version === null;
    this.version = version;
    return first ? 'first' : 'foreign';
  }

  saveConfig(config: ChartConfig): void {
    if (!this.account.loggedIn || this.account.isDemo) return;
    this.ownConfigKey = JSON.stringify(config);
    this.client.setQueryData(chartSaveQueryKeys.config, config);
    void saveChartConfig(config)
      .then((stored) => {
        this.ownConfigKey = JSON.stringify(stored);
        this.client.setQueryData(chartSaveQueryKeys.config, stored);
      })
      .catch(() => {
        // The local choices stay; the next refetch shows what the server holds.
      });
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private feed(event: AutoSaveEvent): void {
    const now = this.clock.now();
    const step = autoSaveStep(this.machine, event, now);
    this.machine = step.state;
    this.dispose();
    if (step.wakeAt !== null) {
      this.timer = this.clock.setTimeout(() => this.feed({ type: 'timer', account: this.account }), Math.max(0, step.wakeAt - now));
    }
    if (step.upload && this.pendingLayout) void this.upload(this.pendingLayout, false);
  }

  private async upload(layout: ChartLayoutState, retried: boolean): Promise<void> {
    try {
      const version = await uploadChartSave(this.version ?? 0, layout, INDICATOR_VERSION);
      this.version = version;
      const saved: ChartSavedData = { version, indicatorVersion: INDICATOR_VERSION, saveData: layout };
      this.client.setQueryData(chartSaveQueryKeys.save, saved);
    } catch (error) {
      if (isChartSaveConflict(error) && !retried) {
        // Another device saved since: this page's edit is the newest, so it goes on top of theirs.
        const info = await fetchChartSaveInfo(null).catch(() => null);
        if (info) this.version = info.version;
        return this.upload(layout, true);
      }
      // A refusal or a nonsense answer will not improve; a lost network will: try again later.
      if (!(error instanceof ApiError || error instanceof MalformedResponseError)) {
        this.pendingLayout ??= layout;
        this.feed({ type: 'change', account: this.account });
      }
    }
  }
}
