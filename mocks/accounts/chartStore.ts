/**
 * What the exchange keeps of each signed-in user's chart (spec 1 §7): the chart
 * configuration of set/get_kline_config, and the latest chart save of
 * upload_kline with its version counter. Kept beside the user store and
 * persisted the same way; unreadable stored text starts empty, never throws.
 */
import { memoryPersistence, perUserRecords, type TextPersistence } from './perUserRecords';

export interface StoredChartSave {
  version: number;
  /** the page's layout JSON, as sent */
  saveData: string;
  indicatorVersion: number;
}

interface UserCharts {
  config: Record<string, unknown> | null;
  save: StoredChartSave | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readSave(raw: unknown): StoredChartSave | null {
  if (!isObject(raw)) return null;
  const { version, saveData, indicatorVersion } = raw;
  if (!Number.isSafeInteger(version) || typeof saveData !== 'string' || !Number.isSafeInteger(indicatorVersion)) return null;
  return { version: version as number, saveData, indicatorVersion: indicatorVersion as number };
}

function readUser(value: unknown): UserCharts {
  if (!isObject(value)) return { config: null, save: null };
  return { config: isObject(value.config) ? value.config : null, save: readSave(value.save) };
}

/** Answer of an upload: the new version, or the current one when the upload was based on an older save. */
export type UploadOutcome = { ok: true; version: number } | { ok: false; currentVersion: number };

export function createChartStore(persistence: TextPersistence = memoryPersistence()) {
  const { get, persist } = perUserRecords(persistence, readUser, (): UserCharts => ({ config: null, save: null }));
  return {
    config: (userId: string): Record<string, unknown> | null => structuredClone(get(userId).config),
    setConfig(userId: string, config: Record<string, unknown>): void {
      get(userId).config = structuredClone(config);
      persist();
    },
    save: (userId: string): StoredChartSave | null => {
      const save = get(userId).save;
      return save ? { ...save } : null;
    },
    /** `baseVersion` is the version the page's edit started from (0 before the first save). */
    upload(userId: string, baseVersion: number, saveData: string, indicatorVersion: number): UploadOutcome {
      const data = get(userId);
      const current = data.save?.version ?? 0;
      if (baseVersion < current) return { ok: false, currentVersion: current };
      data.save = { version: current + 1, saveData, indicatorVersion };
      persist();
      return { ok: true, version: current + 1 };
    },
  };
}

export type ChartStore = ReturnType<typeof createChartStore>;
