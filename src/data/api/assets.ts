import { Decimal } from 'decimal.js';
import { ApiError, getJson, postJson } from '../http';
import { list, record } from './parse';

export const BALANCES_PATH = '/spot/api/asset/balances';
export const DEMO_RECHARGE_PATH = '/spot/api/demo/recharge';

/** Spec 2 §3 balance per token. Amounts stay decimal strings. */
export interface TokenBalance {
  tokenId: string;
  free: string;
  locked: string;
  total: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Balance lines as the balance call and a classic account's wallet push give them; a bad line is left out. */
export function parseBalanceLines(lines: readonly unknown[]): TokenBalance[] {
  return lines.flatMap((v) => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    const ok = typeof o.tokenId === 'string' && [o.free, o.locked, o.total].every((x) => typeof x === 'string' && DECIMAL.test(x));
    return ok ? [{ tokenId: o.tokenId as string, free: o.free as string, locked: o.locked as string, total: o.total as string }] : [];
  });
}

function parseBalances(value: unknown): TokenBalance[] {
  return parseBalanceLines(list(record(value, 'balances').list, 'balances.list'));
}

// Wide enough for any two ledger amounts: the default 20 digits would round a large balance's fraction.
const D = Decimal.clone({ precision: 100 });

/**
 * A unified wallet (getUnifiedAsset without a symbol, and the unified wallet
 * push) as balance lines: walletBalance is free + locked and
 * spotAvailableBalance is free (docs/api/private.md), so the lines read the
 * same whichever account type sent them. A bad coin line is left out.
 */
export function parseUnifiedBalances(value: unknown): TokenBalance[] {
  return list(record(value, 'unified wallet').coinList, 'unified wallet.coinList').flatMap((v) => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    const { tokenId, walletBalance: total, spotAvailableBalance: free } = o;
    if (typeof tokenId !== 'string' || typeof total !== 'string' || typeof free !== 'string' || !DECIMAL.test(total) || !DECIMAL.test(free)) return [];
    const locked = new D(total).minus(free);
    return locked.isNegative() ? [] : [{ tokenId, free, locked: locked.toFixed(), total }];
  });
}

export function fetchBalances(signal?: AbortSignal): Promise<TokenBalance[]> {
  return getJson(BALANCES_PATH, parseBalances, signal);
}

/** The demo top-up answer as spec 2 §8 reads it: the call's code and message, and the top-up's resultCode. */
export interface RechargeAnswer {
  code: number | string;
  resultCode: number | null;
  message?: string;
}

/** Tops the demo wallet up (bizScene SPOT_TRADE); a refused call is an answer too, not an error. */
export async function demoRecharge(coin?: string): Promise<RechargeAnswer> {
  try {
    return await postJson(DEMO_RECHARGE_PATH, coin ? { bizScene: 'SPOT_TRADE', coin } : { bizScene: 'SPOT_TRADE' }, (value) => {
      const resultCode = record(value, 'recharge').resultCode;
      return { code: 0, resultCode: typeof resultCode === 'number' ? resultCode : null };
    });
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, resultCode: null, message: error.message };
    throw error;
  }
}
