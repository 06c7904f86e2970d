import { HttpResponse } from 'msw';
import type { ChartStore } from '../accounts/chartStore';
import { ok } from '../envelope';
import { isAvgLineDays } from '../../src/domain/chartDisplay';
import { isInterval, INTERVALS } from '../../src/domain/intervals';
import { badParam, Refusal } from './errors';
import { jsonObjectBody, queryOf } from './params';
import { route } from './route';
import { signedIn as signedInOf, type AccountContext } from './accountContext';

export const SET_KLINE_CONFIG_PATH = '/spot/api/account/set_kline_config';
export const GET_KLINE_CONFIG_PATH = '/spot/api/account/get_kline_config';
export const UPLOAD_KLINE_PATH = '/spot/api/account/upload_kline';
export const GET_KLINE_PATH = '/spot/api/account/get_kline';
export const KLINE_FILE_PATH = '/spot/api/account/kline_file/:userId/:file';

/** Refusals of the chart-save calls beside the common ones (docs/api.md). */
export const CHART_SAVE_ERRORS = {
  /** Bybit's "permission denied": demo accounts have no cloud chart save (spec 1 §6) */
  demoNotAllowed: 10005,
  /** the upload was based on an older save than the stored one; `result.version` is the current version */
  versionConflict: 10409,
} as const;

/** A chart save is the user's drawing state, not a data dump: bigger is a client bug. */
export const MAX_SAVE_DATA_CHARS = 200_000;

export interface ChartSaveContext extends AccountContext {
  charts: ChartStore;
}

export const klineFilePath = (userId: string, version: number) =>
  `/spot/api/account/kline_file/${encodeURIComponent(userId)}/${version}.json`;

const DISPLAY_FLAGS = ['trade', 'position', 'limitTrade', 'entrust', 'dealHistory', 'avgBuyLine', 'avgSellLine', 'grid'] as const;
const MAX_VERSION = Number.MAX_SAFE_INTEGER;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** set_kline_config takes exactly the ChartConfig shape (src/domain/chartModel.ts); anything else is a 10001. */
function validConfig(body: Record<string, unknown>): Record<string, unknown> {
  const { klineType, interval, pinnedIntervals, display } = body;
  if (klineType !== 'tradingview' && klineType !== 'lightChart') throw badParam('klineType must be tradingview or lightChart');
  if (!isInterval(interval)) throw badParam(`interval must be one of ${INTERVALS.join(', ')}`);
  if (
    !Array.isArray(pinnedIntervals) ||
    pinnedIntervals.length === 0 ||
    pinnedIntervals.length > INTERVALS.length ||
    !pinnedIntervals.every(isInterval) ||
    new Set(pinnedIntervals).size !== pinnedIntervals.length
  ) {
    throw badParam('pinnedIntervals must be a non-empty list of distinct intervals');
  }
  if (!isObject(display)) throw badParam('display must be an object');
  for (const flag of DISPLAY_FLAGS) if (typeof display[flag] !== 'boolean') throw badParam(`display.${flag} must be a boolean`);
  for (const days of ['avgBuyLineDays', 'avgSellLineDays'] as const) {
    if (!isAvgLineDays(display[days])) throw badParam(`display.${days} must be one of 7, 30, 60, 90, 180, 365, 730, 1095`);
  }
  const kept = Object.fromEntries([...DISPLAY_FLAGS, 'avgBuyLineDays', 'avgSellLineDays'].map((k) => [k, display[k]]));
  return { klineType, interval, pinnedIntervals, display: kept };
}

function versionOf(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_VERSION) {
    throw badParam(`${name} must be a non-negative integer`);
  }
  return value;
}

function validSaveData(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_SAVE_DATA_CHARS) throw badParam(`saveData must be a JSON string of at most ${MAX_SAVE_DATA_CHARS} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badParam('saveData must be JSON');
  }
  if (!isObject(parsed)) throw badParam('saveData must be a JSON object');
  return value;
}

/** A path segment decoded; null for a bad percent-encoding (`%E0%A4%A`), which names no file. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The chart configuration and chart save calls of spec 1 §7. All of them
 * belong to a signed-in user; a demo account may read but not upload.
 */
export function chartSaveHandlers(context: ChartSaveContext) {
  const signedIn = (request: Request) => signedInOf(context, request);
  return [
    route(context, GET_KLINE_CONFIG_PATH, (request) => ok(context.charts.config(signedIn(request).userId))),
    route(
      context,
      SET_KLINE_CONFIG_PATH,
      async (request) => {
        const { userId } = signedIn(request);
        const config = validConfig(await jsonObjectBody(request));
        context.charts.setConfig(userId, config);
        return ok(config);
      },
      'post',
    ),
    route(
      context,
      UPLOAD_KLINE_PATH,
      async (request) => {
        const profile = signedIn(request);
        const body = await jsonObjectBody(request);
        if (profile.isDemo) throw new Refusal(CHART_SAVE_ERRORS.demoNotAllowed, 'Demo accounts cannot save charts to the cloud');
        const version = versionOf(body.version, 'version');
        const indicatorVersion = versionOf(body.indicatorVersion, 'indicatorVersion');
        const saveData = validSaveData(body.saveData);
        const outcome = context.charts.upload(profile.userId, version, saveData, indicatorVersion);
        if (!outcome.ok) {
          return HttpResponse.json({
            code: CHART_SAVE_ERRORS.versionConflict,
            success: false,
            message: `A newer chart save exists (version ${outcome.currentVersion})`,
            result: { version: outcome.currentVersion },
          });
        }
        return ok({ version: outcome.version });
      },
      'post',
    ),
    route(context, GET_KLINE_PATH, (request) => {
      const { userId } = signedIn(request);
      const asked = queryOf(request).get('version');
      const known = asked === null || asked === '' ? null : versionOf(/^\d+$/.test(asked) ? Number(asked) : NaN, 'version');
      const save = context.charts.save(userId);
      if (!save) return ok(null);
      // The caller already has this version: nothing to download.
      const klinePath = known === save.version ? null : klineFilePath(userId, save.version);
      return ok({ version: save.version, indicatorVersion: save.indicatorVersion, klinePath });
    }),
    // The saved file, plain JSON like a file on a CDN; only its owner can read it, and only the latest version exists.
    route(context, KLINE_FILE_PATH, (request) => {
      const { userId } = signedIn(request);
      const match = /\/kline_file\/([^/]+)\/(\d+)\.json$/.exec(new URL(request.url).pathname);
      const save = context.charts.save(userId);
      if (!match || decodedSegment(match[1]!) !== userId || !save || Number(match[2]) !== save.version) {
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }
      return HttpResponse.json({ version: save.version, indicatorVersion: save.indicatorVersion, saveData: save.saveData });
    }),
  ];
}
