/**
 * What the exchange keeps of each signed-in user's chart (spec 1 §7): the chart
 * configuration of set/get_kline_config, and the latest chart save of
 * upload_kline with its version counter. Kept beside the user store and
 * persisted the same way; unreadable stored text starts empty, never throws.
 */
import { memoryPersistence, type TextPersistence } from './userStore';

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

function readAll(persistence: TextPersistence): Map<string, UserCharts> {
  const users = new Map<string, UserCharts>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(persistence.load() ?? '{}');
  } catch {
    return users;
  }
  if (!isObject(parsed)) return users;
  for (const [id, value] of Object.entries(parsed)) {
    if (!isObject(value)) continue;
    users.set(id, { config: isObject(value.config) ? value.config : null, save: readSave(value.save) });
  }
  return users;
}

/** Answer of an upload: the new version, or the current one when the upload was based on an older save. */
export type UploadOutcome = { ok: true; version: number } | { ok: false; currentVersion: number };

export function createChartStore(persistence: TextPersistence = memoryPersistence()) {
  const users = readAll(persistence);
  const get = (userId: string): UserCharts => {
    let data = users.get(userId);
    if (!data) {
      data = { config: null, save: null };
      users.set(userId, data);
    }
    return data;
  };
  const persist = () => {
    try {
      persistence.save(JSON.stringify(Object.fromEntries(users)));
    } catch {
      // A full or blocked store keeps the data in memory for this run.
    }
  };
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
