import { getJson, MalformedResponseError, postJson } from '../http';
import { list, record, str } from './parse';

/** Unified accounts' spot-margin loans (spec 2 §7 liability list; docs/api/assets.md). */
export const LIABILITY_API = {
  list: '/unified/api/liability/list',
  repay: '/unified/api/liability/repay',
} as const;

export interface Liability {
  coin: string;
  borrowSize: string;
  interest: string;
  availableToBorrow: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

function decimalField(o: Record<string, unknown>, name: string, what: string): string {
  const value = str(o, name, what);
  if (!DECIMAL.test(value)) throw new MalformedResponseError(`${what}.${name} is not a decimal`);
  return value;
}

export function parseLiabilities(value: unknown): Liability[] {
  return list(record(value, 'liabilities').list, 'liabilities.list').map((v, i) => {
    const what = `liabilities[${i}]`;
    const o = record(v, what);
    return {
      coin: str(o, 'coin', what),
      borrowSize: decimalField(o, 'borrowSize', what),
      interest: decimalField(o, 'interest', what),
      availableToBorrow: decimalField(o, 'availableToBorrow', what),
    };
  });
}

/** The coins the account owes (zero loans left out). */
export function fetchLiabilities(signal?: AbortSignal): Promise<Liability[]> {
  return getJson(`${LIABILITY_API.list}?ignoreZeroBorrowSize=true`, parseLiabilities, signal);
}

export interface RepayAnswer {
  coin: string;
  repaid: string;
  borrowSize: string;
}

/** Repays all of a coin's loan from its free balance. */
export function repayLiability(coin: string): Promise<RepayAnswer> {
  return postJson(LIABILITY_API.repay, { coin }, (v) => {
    const o = record(v, 'repay');
    return { coin: str(o, 'coin', 'repay'), repaid: str(o, 'repaid', 'repay'), borrowSize: str(o, 'borrowSize', 'repay') };
  });
}
