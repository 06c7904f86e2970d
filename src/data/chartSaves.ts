/**
 * The pro chart's configuration and layout, saved locally and to the cloud
 * (spec 1 §4, §7, §9). The layout is always written to local storage; the
 * upload follows the auto-save rules of src/domain/chartSave.ts. A refetch
 * (window focus, every 30 s while the page is visible) that finds a
 * configuration or save this page did not write bumps `remoteRevision`: the
 * chart rebuilds on it (spec 1 §4).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { INDICATOR_VERSION, type ChartConfig, type ChartLayoutState, type ChartSavedData } from '../domain/chartModel';
import { autoSaveStep, INITIAL_AUTO_SAVE, parseChartLayout, type AutoSaveEvent, type SaveAccount } from '../domain/chartSave';
import { fetchChartConfig, fetchChartSave, fetchChartSaveInfo, isChartSaveConflict, saveChartConfig, uploadChartSave } from './api/chartSaves';
import { ApiError, MalformedResponseError } from './http';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/** Under 'user': an account switch refetches them (src/data/queries.ts). */
export const chartSaveQueryKeys = {
  config: ['user', 'chartConfig'] as const,
  save: ['user', 'chartSave'] as const,
};

/** How often a visible page looks for a configuration or save written elsewhere. */
export const REMOTE_CHECK_MS = 30_000;

export interface ChartCloudSaveOptions {
  symbolId: string;
  isDemo: boolean;
  loggedIn: boolean;
}

export interface ChartCloudSave {
  /** the cloud configuration; null when none is saved or the cloud is not used (visitors, demo) */
  config: ChartConfig | null;
  /** the layout to draw: the cloud save when there is one, else the local copy, else the default */
  layout: ChartLayoutState;
  /** bumps when another tab or device changed the configuration or the save */
  remoteRevision: number;
  /** false until the cloud answered (always true without a cloud): build the chart after it */
  loaded: boolean;
  saveConfig: (config: ChartConfig) => void;
  saveLayout: (layout: ChartLayoutState) => void;
}

const localLayout = () => parseChartLayout(readJson(STORAGE_KEYS.chartLayout));

/** What this page knows of the cloud, to tell its own writes from another device's. */
interface Known {
  configKey: string | null;
  ownConfigKey: string | null;
  version: number | null;
}

export function useChartCloudSave({ symbolId, isDemo, loggedIn }: ChartCloudSaveOptions): ChartCloudSave {
  const client = useQueryClient();
  const cloud = loggedIn && !isDemo;
  const [layout, setLayout] = useState<ChartLayoutState>(localLayout);
  const [remoteRevision, setRemoteRevision] = useState(0);
  const known = useRef<Known>({ configKey: null, ownConfigKey: null, version: null });
  const account = useRef<SaveAccount>({ loggedIn, isDemo });
  account.current = { loggedIn, isDemo };
  const latest = useRef(layout);

  const configQuery = useQuery({
    queryKey: chartSaveQueryKeys.config,
    queryFn: ({ signal }) => fetchChartConfig(signal),
    enabled: cloud,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REMOTE_CHECK_MS,
  });
  const saveQuery = useQuery({
    queryKey: chartSaveQueryKeys.save,
    queryFn: async ({ signal }): Promise<ChartSavedData | null> => {
      const answer = await fetchChartSave(known.current.version, signal);
      if (answer === null || !('unchanged' in answer)) return answer;
      // Same version as ours: keep what we hold (no download, no new data).
      return client.getQueryData<ChartSavedData | null>(chartSaveQueryKeys.save) ?? null;
    },
    enabled: cloud,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REMOTE_CHECK_MS,
  });

  // A new account (or none) starts from what the server says, not from the previous one's.
  useEffect(() => {
    known.current = { configKey: null, ownConfigKey: null, version: null };
  }, [cloud]);

  const config = cloud ? (configQuery.data ?? null) : null;
  useEffect(() => {
    if (!configQuery.isSuccess) return;
    const key = JSON.stringify(configQuery.data);
    const k = known.current;
    const foreign = k.configKey !== null && key !== k.configKey && key !== k.ownConfigKey;
    k.configKey = key;
    if (foreign) setRemoteRevision((r) => r + 1);
  }, [configQuery.data, configQuery.isSuccess]);

  const save = cloud ? saveQuery.data : undefined;
  useEffect(() => {
    if (!save) return;
    const k = known.current;
    if (k.version === save.version) return;
    const first = k.version === null;
    k.version = save.version;
    latest.current = save.saveData;
    setLayout(save.saveData);
    writeJson(STORAGE_KEYS.chartLayout, save.saveData);
    if (!first) setRemoteRevision((r) => r + 1);
  }, [save]);

  // The auto-save machine: one state, one timer, time read when an event happens.
  const machine = useRef(INITIAL_AUTO_SAVE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const feedRef = useRef<(event: AutoSaveEvent) => void>(() => undefined);

  const upload = useCallback(
    async (retried = false): Promise<void> => {
      const sent = latest.current;
      try {
        const version = await uploadChartSave(known.current.version ?? 0, sent, INDICATOR_VERSION);
        known.current.version = version;
        const saved: ChartSavedData = { version, indicatorVersion: INDICATOR_VERSION, saveData: sent };
        client.setQueryData(chartSaveQueryKeys.save, saved);
      } catch (error) {
        if (isChartSaveConflict(error) && !retried) {
          // Another device saved since: this page's edit is the newest, so it goes on top of theirs.
          const info = await fetchChartSaveInfo(null).catch(() => null);
          if (info) known.current.version = info.version;
          return upload(true);
        }
        // A refusal or a nonsense answer will not improve; a lost network will: try again later.
        if (!(error instanceof ApiError || error instanceof MalformedResponseError)) {
          feedRef.current({ type: 'change', account: account.current });
        }
      }
    },
    [client],
  );

  const feed = useCallback(
    (event: AutoSaveEvent) => {
      const now = Date.now();
      const step = autoSaveStep(machine.current, event, now);
      machine.current = step.state;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      if (step.wakeAt !== null) {
        timer.current = setTimeout(() => feedRef.current({ type: 'timer', account: account.current }), Math.max(0, step.wakeAt - now));
      }
      if (step.upload) void upload();
    },
    [upload],
  );
  feedRef.current = feed;

  useEffect(() => {
    feed({ type: 'symbolChange' });
  }, [symbolId, feed]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const saveLayout = useCallback(
    (next: ChartLayoutState) => {
      latest.current = next;
      setLayout(next);
      writeJson(STORAGE_KEYS.chartLayout, next);
      feed({ type: 'change', account: account.current });
    },
    [feed],
  );

  const saveConfig = useCallback(
    (next: ChartConfig) => {
      if (!account.current.loggedIn || account.current.isDemo) return;
      known.current.ownConfigKey = JSON.stringify(next);
      client.setQueryData(chartSaveQueryKeys.config, next);
      void saveChartConfig(next)
        .then((stored) => {
          known.current.ownConfigKey = JSON.stringify(stored);
          client.setQueryData(chartSaveQueryKeys.config, stored);
        })
        .catch(() => {
          // The local choices stay; the next refetch shows what the server holds.
        });
    },
    [client],
  );

  return {
    config,
    layout,
    remoteRevision,
    loaded: !cloud || ((configQuery.isSuccess || configQuery.isError) && (saveQuery.isSuccess || saveQuery.isError)),
    saveConfig,
    saveLayout,
  };
}
