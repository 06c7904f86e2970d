import { getJson } from '../http';
import { millis, record } from './parse';

export const SERVER_TIME_PATH = '/spot/api/basic/server_time';

export function parseServerTime(value: unknown): number {
  return millis(record(value, 'server time').serverTime, 'server time.serverTime');
}

/** The exchange's clock, ms (spec 1 §4: the opening re-check compares against it). */
export function fetchServerTime(signal?: AbortSignal): Promise<number> {
  return getJson(SERVER_TIME_PATH, parseServerTime, signal);
}
