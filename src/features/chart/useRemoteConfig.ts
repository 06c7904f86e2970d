import { useEffect, useRef } from 'react';
import type { ChartConfig, KlineType } from '../../domain/chartModel';
import type { Interval } from '../../domain/intervals';
import { updateChartDisplay } from '../../data/chartDisplaySettings';

interface LocalChoices {
  kind: Exclude<KlineType, 'deepChart'>;
  interval: Interval;
  pinned: Interval[];
}

interface Setters {
  storeKind: (kind: KlineType) => void;
  storeInterval: (interval: Interval) => void;
  storePinned: (list: Interval[]) => void;
}

/**
 * A chart configuration that came from the cloud (this account on another
 * device or tab) replaces the local choices; spec 1 §4's rebuild follows from
 * the save hook's remote revision. Only a new answer is applied, so the
 * user's own later changes are not overwritten by the same old answer.
 */
export function useRemoteConfig(config: ChartConfig | null, local: LocalChoices, setters: Setters): void {
  const applied = useRef<ChartConfig | null>(null);
  const { kind, interval, pinned } = local;
  const { storeKind, storeInterval, storePinned } = setters;
  useEffect(() => {
    // Runs again when the local choices change, but applies each answer once.
    if (!config || config === applied.current) return;
    applied.current = config;
    const now = { kind, interval, pinned };
    const set = { storeKind, storeInterval, storePinned };
    if (config.klineType !== now.kind) set.storeKind(config.klineType);
    if (config.interval !== now.interval) set.storeInterval(config.interval);
    if (config.pinnedIntervals.join() !== now.pinned.join()) set.storePinned(config.pinnedIntervals);
    updateChartDisplay(config.display);
  }, [config, kind, interval, pinned, storeKind, storeInterval, storePinned]);
}
