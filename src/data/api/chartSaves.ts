import { INDICATOR_VERSION, type ChartConfig, type ChartLayoutState, type ChartSavedData } from '../../domain/chartModel';
import { parseChartConfig, parseChartLayout } from '../../domain/chartSave';
import { ApiError, getJson, getPlainJson, MalformedResponseError, postJson } from '../http';
import { num, record } from './parse';

export const SET_KLINE_CONFIG_PATH = '/spot/api/account/set_kline_config';
export const GET_KLINE_CONFIG_PATH = '/spot/api/account/get_kline_config';
export const UPLOAD_KLINE_PATH = '/spot/api/account/upload_kline';
export const GET_KLINE_PATH = '/spot/api/account/get_kline';

/** The exchange's answer to an upload based on an older save than the stored one (docs/api.md). */
export const CHART_SAVE_CONFLICT = 10409;

export const isChartSaveConflict = (error: unknown): boolean => error instanceof ApiError && Number(error.code) === CHART_SAVE_CONFLICT;

/** A stored config's fields are checked one by one (bad → default); only a non-object answer is malformed. */
function parseConfigAnswer(value: unknown): ChartConfig | null {
  if (value === null) return null;
  return parseChartConfig(record(value, 'kline config'));
}

export function fetchChartConfig(signal?: AbortSignal): Promise<ChartConfig | null> {
  return getJson(GET_KLINE_CONFIG_PATH, parseConfigAnswer, signal);
}

/** Saves the configuration; answers it as the exchange stored it. */
export function saveChartConfig(config: ChartConfig): Promise<ChartConfig | null> {
  return postJson(SET_KLINE_CONFIG_PATH, config, parseConfigAnswer);
}

const nonNegative = (o: Record<string, unknown>, key: string, what: string): number => {
  const n = num(o, key, what);
  if (!Number.isSafeInteger(n) || n < 0) throw new MalformedResponseError(`${what}.${key} is not a version`);
  return n;
};

/** Uploads a layout based on save `version`; answers the new version. A conflict is an ApiError (isChartSaveConflict). */
export function uploadChartSave(version: number, layout: ChartLayoutState, indicatorVersion = INDICATOR_VERSION): Promise<number> {
  return postJson(UPLOAD_KLINE_PATH, { version, saveData: JSON.stringify(layout), indicatorVersion }, (value) =>
    nonNegative(record(value, 'upload_kline'), 'version', 'upload_kline'),
  );
}

export interface ChartSaveInfo {
  version: number;
  indicatorVersion: number;
  /** where the save's file is; null when the caller already has this version */
  klinePath: string | null;
}

/** Only the exchange's own files are fetched: a same-origin path, never another host. */
const SAFE_PATH = /^\/(?!\/)[\w\-./%]+$/;

function parseSaveInfo(value: unknown): ChartSaveInfo | null {
  if (value === null) return null;
  const o = record(value, 'get_kline');
  const klinePath = o.klinePath ?? null;
  if (klinePath !== null && (typeof klinePath !== 'string' || !SAFE_PATH.test(klinePath) || klinePath.includes('..'))) {
    throw new MalformedResponseError('get_kline.klinePath is not a same-origin path');
  }
  return {
    version: nonNegative(o, 'version', 'get_kline'),
    indicatorVersion: typeof o.indicatorVersion === 'number' ? o.indicatorVersion : INDICATOR_VERSION,
    klinePath,
  };
}

export function fetchChartSaveInfo(knownVersion: number | null, signal?: AbortSignal): Promise<ChartSaveInfo | null> {
  const query = knownVersion === null ? '' : `?version=${knownVersion}`;
  return getJson(GET_KLINE_PATH + query, parseSaveInfo, signal);
}

/** The saved file. Its saveData is untrusted JSON text: unreadable → the default layout, fields → defaults. */
export function parseChartSaveFile(value: unknown): ChartSavedData {
  const o = record(value, 'kline file');
  let layout: unknown = null;
  if (typeof o.saveData === 'string') {
    try {
      layout = JSON.parse(o.saveData);
    } catch {
      layout = null;
    }
  } else if (typeof o.saveData === 'object') {
    layout = o.saveData;
  }
  return {
    version: nonNegative(o, 'version', 'kline file'),
    indicatorVersion: typeof o.indicatorVersion === 'number' && Number.isSafeInteger(o.indicatorVersion) ? o.indicatorVersion : INDICATOR_VERSION,
    saveData: parseChartLayout(layout),
  };
}

export function fetchChartSaveFile(path: string, signal?: AbortSignal): Promise<ChartSavedData> {
  return getPlainJson(path, parseChartSaveFile, signal);
}

/**
 * The latest chart save: null when there is none, `{ unchanged: version }`
 * when it is the one the caller has, else the save read from its file.
 */
export async function fetchChartSave(knownVersion: number | null, signal?: AbortSignal): Promise<ChartSavedData | { unchanged: number } | null> {
  const info = await fetchChartSaveInfo(knownVersion, signal);
  if (info === null) return null;
  if (info.klinePath === null) return { unchanged: info.version };
  return fetchChartSaveFile(info.klinePath, signal);
}
