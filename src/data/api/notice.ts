import { getJson } from '../http';
import { millis, num, record, str } from './parse';

export const NOTICE_PATH = '/spot/api/basic/notice';

/** Notice info of spec 1 §3: noticeType 1 and 2 show a countdown to onlineTime, 3 a pending icon. */
export interface SymbolNotice {
  symbolId: string;
  noticeType: number;
  noticeContent: string;
  noticeLinkUrl: string;
  /** opening time, exchange ms */
  onlineTime: number;
  /** the exchange's time when it answered, ms: the countdown runs on this clock, not the device's */
  nowTime: number;
}

export function parseNotice(value: unknown): SymbolNotice | null {
  if (value === null) return null;
  const o = record(value, 'notice');
  const what = `notice ${String(o.symbolId)}`;
  return {
    symbolId: str(o, 'symbolId', what),
    noticeType: num(o, 'noticeType', what),
    noticeContent: typeof o.noticeContent === 'string' ? o.noticeContent : '',
    noticeLinkUrl: typeof o.noticeLinkUrl === 'string' ? o.noticeLinkUrl : '',
    onlineTime: millis(o.onlineTime, `${what}.onlineTime`),
    nowTime: millis(o.nowTime, `${what}.nowTime`),
  };
}

/** The symbol's visible notice, or null when it has none. */
export function fetchNotice(symbolId: string, signal?: AbortSignal): Promise<SymbolNotice | null> {
  return getJson(`${NOTICE_PATH}?${new URLSearchParams({ symbol_id: symbolId })}`, parseNotice, signal);
}
