/**
 * The pro chart's configuration and layout, saved locally and to the cloud
 * (spec 1 §4, §7, §9). The layout is always written to local storage; the
 * upload follows the auto-save rules of src/domain/chartSave.ts. A refetch
 * (window focus, every 30 s while the page is visible) that finds a
 * configuration or save this page did not write bumps `remoteRevision`: the
 * chart rebuilds on it (spec 1 §4).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { ChartConfig, ChartLayoutState, ChartSavedData } from '../domain/chartModel';
import { parseChartLayout } from '../domain/chartSave';
import { fetchChartConfig, fetchChartSave } from './api/chartSaves';
import { ChartCloudSession, chartSaveQueryKeys } from './chartCloudSession';
import { readJson, STORAGE_KEYS } from './storage';

export { chartSaveQueryKeys } from './chartCloudSession';

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

export function useChartCloudSave({ symbolId, isDemo, loggedIn }: ChartCloudSaveOptions): ChartCloudSave {
  const client = useQueryClient();
  const [session] = useState(() => new ChartCloudSession(client, localLayout()));
  const cloud = loggedIn && !isDemo;

  useEffect(() => session.setAccount({ loggedIn, isDemo }), [session, loggedIn, isDemo]);
  useEffect(() => session.symbolChange(symbolId), [session, symbolId]);
  useEffect(() => session.connect(), [session]);
  const view = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

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
      const answer = await fetchChartSave(session.knownVersion, signal);
      if (answer === null || !('unchanged' in answer)) return answer;
      // Same version as ours: keep what we hold (no download, no new data).
      return client.getQueryData<ChartSavedData | null>(chartSaveQueryKeys.save) ?? null;
    },
    enabled: cloud,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REMOTE_CHECK_MS,
  });

  const saveLayout = useCallback((next: ChartLayoutState) => session.layoutChanged(next), [session]);
  const saveConfig = useCallback((next: ChartConfig) => session.saveConfig(next), [session]);

  return {
    config: cloud && configQuery.isSuccess ? configQuery.data : null,
    layout: view.layout,
    remoteRevision: view.remoteRevision,
    loaded: !cloud || ((configQuery.isSuccess || configQuery.isError) && (saveQuery.isSuccess || saveQuery.isError)),
    saveConfig,
    saveLayout,
  };
}
