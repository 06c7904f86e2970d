import { Decimal } from 'decimal.js';
import { RECHARGE_BIZ_SCENE, type Credit, type RechargeAnswer } from '../../domain/demoRecharge';
import { ApiError, getJson, MalformedResponseError, postJson } from '../http';
import { list, record } from './parse';

export const BALANCES_PATH = '/spot/api/asset/balances';
export const DEMO_RECHARGE_PATH = '/spot/api/demo/recharge';

export const UNIFIED_ASSET_PATH = '/spot/api/asset/unified_asset';

/**
 * Spec 1 §5 / spec 2 §3 balance per token. Amounts stay decimal strings.
 * A classic account's lines carry spotAvailableBalance and transferLimit
 * (free less what is borrowed); a unified account's coinList carries
 * spotAvailableBalance and occAssetUSDTValue (what open orders hold, in
 * USDT). A field the answer lacks is absent, not made up.
 */
export interface TokenBalance {
  tokenId: string;
  free: string;
  locked: string;
  total: string;
  spotAvailableBalance?: string;
  transferLimit?: string;
  occAssetUSDTValue?: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** The optional fields that are well-formed decimals; a bad one is dropped, the line kept. */
function optionalAmounts(o: Record<string, unknown>, names: readonly ('spotAvailableBalance' | 'transferLimit' | 'occAssetUSDTValue')[]): Partial<TokenBalance> {
  const out: Partial<TokenBalance> = {};
  for (const name of names) {
    const value = o[name];
    if (typeof value === 'string' && DECIMAL.test(value)) out[name] = value;
  }
  return out;
}

/** Balance lines as the balance call and a classic account's wallet push give them; a bad line is left out. */
export function parseBalanceLines(lines: readonly unknown[]): TokenBalance[] {
  return lines.flatMap((v) => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    const ok = typeof o.tokenId === 'string' && [o.free, o.locked, o.total].every((x) => typeof x === 'string' && DECIMAL.test(x));
    if (!ok) return [];
    return [{ tokenId: o.tokenId as string, free: o.free as string, locked: o.locked as string, total: o.total as string, ...optionalAmounts(o, ['spotAvailableBalance', 'transferLimit']) }];
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
    return locked.isNegative() ? [] : [{ tokenId, free, locked: locked.toFixed(), total, spotAvailableBalance: free, ...optionalAmounts(o, ['occAssetUSDTValue']) }];
  });
}

/** Each account type through its own call (spec 1 §5): a unified account's getUnifiedAsset, a classic account's balances. */
export function fetchBalances(accountType: 'UTA' | 'CLASSIC', signal?: AbortSignal): Promise<TokenBalance[]> {
  return accountType === 'UTA' ? getJson(UNIFIED_ASSET_PATH, parseUnifiedBalances, signal) : getJson(BALANCES_PATH, parseBalances, signal);
}

export type { RechargeAnswer };

/** What a top-up added; a line that is not {coin, amount} is left out (the message then names fewer coins, nothing worse). */
function parseCredits(value: unknown): Credit[] {
  return (Array.isArray(value) ? value : []).flatMap((v) => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    return typeof o.coin === 'string' && typeof o.amount === 'string' && DECIMAL.test(o.amount) ? [{ coin: o.coin, amount: o.amount }] : [];
  });
}

/** Tops the demo wallet up (bizScene SPOT_TRADE, spec 2 §7); a refused call is an answer too, not an error. */
export async function demoRecharge(coin?: string): Promise<RechargeAnswer> {
  const body = coin ? { bizScene: RECHARGE_BIZ_SCENE, coin } : { bizScene: RECHARGE_BIZ_SCENE };
  try {
    return await postJson(DEMO_RECHARGE_PATH, body, (value) => {
      const { resultCode, credited } = record(value, 'recharge');
      return { code: 0, resultCode: typeof resultCode === 'number' ? resultCode : null, credited: parseCredits(credited) };
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details = typeof error.result === 'object' && error.result !== null ? (error.result as Record<string, unknown>) : {};
    const wait = details.retryAfterMs;
    return { code: error.code, resultCode: null, message: error.message, retryAfterMs: typeof wait === 'number' ? wait : null };
  }
}

export const WALLET_BALANCE_PATH = '/spot/api/asset/wallet_balance';

/** Spec 2 §7 wallet balance: the demo wallet's whole value `result.wb` (§3), a decimal string in USDT. */
export function fetchWalletValue(signal?: AbortSignal): Promise<string> {
  return getJson(WALLET_BALANCE_PATH, (value) => {
    const wb = record(value, 'wallet balance').wb;
    if (typeof wb !== 'string' || !DECIMAL.test(wb)) throw new MalformedResponseError('wallet balance.wb is not a decimal string');
    return wb;
  }, signal);
}
