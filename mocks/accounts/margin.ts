/**
 * UTA spot margin (spec 2 §3, §6): a per-user switch and leverage, loans
 * per coin, the borrow limit, and repaying. The loans sit in the engine's
 * ledger as free balance (credited when borrowed); the desk only remembers
 * how much of each coin is owed and the interest it has run up.
 *
 * Interest: each coin's loan is charged its hourly rate on every whole hour
 * of exchange time it is held (the way a unified account's spot margin bills
 * interest). It is computed from the loan and the time of its last settlement,
 * so a read changes nothing to store; a borrow or a repay settles it first.
 * Repaying pays the interest before the loan.
 *
 * Borrow limit: the USDT value of everything borrowed, after the new loan,
 * may not pass equity × (leverage − 1), where equity is the wallet's USDT
 * value less what is owed. A loan adds as much to the wallet as to the debt,
 * so borrowing never raises the limit itself.
 */
import { formatAmount, parseAmount, type Amount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import { ERR, exchangeError } from '../exchange/errors';
import type { DeskResult, MarginDesk } from '../http/accountContext';
import { DEFAULT_LEVERAGE, MARGIN_MODES, type MarginMode, type MarginSettings } from './marginSettings';

export { DEFAULT_LEVERAGE, MARGIN_MODES, type MarginMode, type MarginSettings };

/** New code: a loan past the borrow limit (docs/api/assets.md). */
export const BORROW_LIMIT_CODE = 170230;
/** New code: spot margin switched on before the leverage confirmation and the quiz are done (docs/api/assets.md). */
export const LEVERAGE_NOT_CONFIRMED_CODE = 170231;
/** New code: spot margin switched on, or a leveraged order placed, in isolated margin mode (docs/api/assets.md). */
export const ISOLATED_MODE_CODE = 170232;

export const MIN_LEVERAGE = 2;
export const MAX_LEVERAGE = 10;

const ONE = 10n ** 18n;

export const HOUR_MS = 3_600_000;
/** Hourly interest rates, in billionths: 10,000 (0.001 % an hour, ≈8.8 % a year) on stablecoins, 5,000 on other coins (a simulator's figures). */
const RATE_SCALE = 1_000_000_000n;
const STABLE_RATE = 10_000n;
const COIN_RATE = 5_000n;
/** The hourly interest rate of a coin's loan, as a decimal fraction in billionths. */
export const hourlyRateBillionths = (coin: string): bigint => (coin === 'USDT' || coin === 'USDC' ? STABLE_RATE : COIN_RATE);

const NEW_SETTINGS: MarginSettings = { spotMargin: false, leverage: DEFAULT_LEVERAGE, confirmed: false, quizPassed: false, marginMode: 'REGULAR_MARGIN' };
const settingsOf = ({ spotMargin, leverage, confirmed, quizPassed, marginMode }: MarginSettings): MarginSettings => ({ spotMargin, leverage, confirmed, quizPassed, marginMode });

/** What `toJSON()` gives and `fromJSON()` takes: per user, the settings and the loans as decimal text. */
export type MarginState = Record<string, MarginSettings & { borrowed: Record<string, string>; interest?: Record<string, string>; accruedAt?: Record<string, number> }>;

export type RepayResult = { ok: true; repaid: Amount } | { ok: false; code: number; message: string };

/** The desk the asset calls use; the order calls see only its MarginDesk part. */
export interface SpotMarginDesk extends MarginDesk {
  /** changes the switch and/or leverage (an integer 2–10; anything else throws RangeError) */
  setSettings(userId: string, change: Partial<MarginSettings>): MarginSettings;
  /** what the user owes of a coin */
  borrowSize(userId: string, coin: string): Amount;
  /** every coin the user owes, by coin */
  loans(userId: string): Record<string, Amount>;
  /** interest the user owes on a coin's loan at exchange time `now` (settled and still to settle) */
  interest(userId: string, coin: string, now: number): Amount;
  /** USDT value of everything owed (loans and settled interest) */
  liabilityValue(userId: string): Amount;
  /** wallet USDT value less what is owed */
  equity(userId: string): Amount;
  /** how much more of `coin` the user could borrow now (0 when spot margin is off or the coin has no price) */
  borrowable(userId: string, coin: string): Amount;
  /** pays back `amount` (all of it when null; capped at what is owed) out of the free balance */
  repay(userId: string, coin: string, amount: Amount | null, now: number): RepayResult;
  /** forgets the user's loans and settings (a demo reset) */
  clear(userId: string): void;
  toJSON(): MarginState;
  /** replaces every user's state; entries that do not read are dropped */
  fromJSON(state: unknown): void;
  /** called with the user id after every change, for persistence */
  onChange(listener: (userId: string) => void): () => void;
}

interface MarginAccount extends MarginSettings {
  borrowed: Map<string, Amount>;
  /** interest settled and not yet paid, per coin */
  interest: Map<string, Amount>;
  /** exchange time up to which a coin's interest is settled; absent: from its first settlement on */
  accruedAt: Map<string, number>;
}

/** Interest on `size` held from `since` to `now`: the rate for each whole hour. */
function interestDue(coin: string, size: Amount, since: number | undefined, now: number): { due: Amount; hours: number } {
  if (since === undefined || size <= 0n || !(now > since)) return { due: 0n, hours: 0 };
  const hours = Math.floor((now - since) / HOUR_MS);
  return { due: (size * hourlyRateBillionths(coin) * BigInt(hours)) / RATE_SCALE, hours };
}

const isLeverage = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= MIN_LEVERAGE && n <= MAX_LEVERAGE;

export function createMarginDesk(exchange: Exchange, options: { state?: unknown } = {}): SpotMarginDesk {
  const users = new Map<string, MarginAccount>();
  const listeners = new Set<(userId: string) => void>();
  const changed = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };
  const accountOf = (userId: string): MarginAccount => {
    let account = users.get(userId);
    if (!account) {
      account = { ...NEW_SETTINGS, borrowed: new Map(), interest: new Map(), accruedAt: new Map() };
      users.set(userId, account);
    }
    return account;
  };
  const isUnified = (userId: string) => exchange.account(userId)?.kind === 'UTA';
  const liabilityValue = (userId: string): Amount => {
    const account = users.get(userId);
    let total = 0n;
    for (const [coin, size] of account?.borrowed ?? []) total += usdtValue(exchange, coin, size + (account?.interest.get(coin) ?? 0n));
    return total;
  };
  /** Moves a coin's interest due up to `now` into what is owed; a clock that went back (a replay seek) restarts the hour. */
  const settle = (account: MarginAccount, coin: string, now: number) => {
    const since = account.accruedAt.get(coin);
    if (since === undefined || now < since) {
      account.accruedAt.set(coin, now);
      return;
    }
    const { due, hours } = interestDue(coin, account.borrowed.get(coin) ?? 0n, since, now);
    if (due > 0n) account.interest.set(coin, (account.interest.get(coin) ?? 0n) + due);
    account.accruedAt.set(coin, since + hours * HOUR_MS);
  };
  const equity = (userId: string) => walletValue(exchange, userId) - liabilityValue(userId);
  /** USDT value that may still be borrowed under the limit */
  const room = (userId: string): Amount => {
    const account = users.get(userId);
    if (!account?.spotMargin || !isUnified(userId)) return 0n;
    const left = equity(userId) * BigInt(account.leverage - 1) - liabilityValue(userId);
    return left > 0n ? left : 0n;
  };

  const desk: SpotMarginDesk = {
    settings(userId) {
      return settingsOf(users.get(userId) ?? NEW_SETTINGS);
    },
    setSettings(userId, change) {
      if (change.leverage !== undefined && !isLeverage(change.leverage)) throw new RangeError(`leverage must be an integer from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}`);
      const account = accountOf(userId);
      if (change.spotMargin !== undefined) account.spotMargin = change.spotMargin;
      if (change.leverage !== undefined) account.leverage = change.leverage;
      if (change.confirmed !== undefined) account.confirmed = change.confirmed;
      if (change.quizPassed !== undefined) account.quizPassed = change.quizPassed;
      if (change.marginMode !== undefined) account.marginMode = change.marginMode;
      // Isolated margin mode offers no spot margin.
      if (account.marginMode === 'ISOLATED_MARGIN') account.spotMargin = false;
      changed(userId);
      return desk.settings(userId);
    },
    borrow(userId, token, shortfall, now): DeskResult {
      if (shortfall <= 0n) return { ok: true };
      if (!isUnified(userId)) return { ok: false, ...exchangeError(ERR.NOT_SUPPORTED, 'spot margin needs a unified trading account') };
      if (!users.get(userId)?.spotMargin) return { ok: false, ...exchangeError(ERR.NOT_SUPPORTED, 'spot margin is not enabled') };
      const price = usdtPrice(exchange, token);
      if (price === null) return { ok: false, code: BORROW_LIMIT_CODE, message: `The loan exceeds the borrow limit: ${token} cannot be borrowed` };
      const value = (shortfall * price) / ONE;
      const left = room(userId);
      if (value > left) {
        return { ok: false, code: BORROW_LIMIT_CODE, message: `The loan exceeds the borrow limit: at most ${formatAmount(left, 2)} USDT more can be borrowed` };
      }
      const account = accountOf(userId);
      settle(account, token, now);
      account.borrowed.set(token, (account.borrowed.get(token) ?? 0n) + shortfall);
      exchange.credit(userId, token, shortfall);
      changed(userId);
      return { ok: true };
    },
    borrowSize: (userId, coin) => users.get(userId)?.borrowed.get(coin) ?? 0n,
    loans: (userId) => Object.fromEntries([...(users.get(userId)?.borrowed ?? [])].filter(([, size]) => size > 0n)),
    interest(userId, coin, now) {
      const account = users.get(userId);
      if (!account) return 0n;
      const since = account.accruedAt.get(coin);
      const pending = since !== undefined && now >= since ? interestDue(coin, account.borrowed.get(coin) ?? 0n, since, now).due : 0n;
      return (account.interest.get(coin) ?? 0n) + pending;
    },
    liabilityValue,
    equity,
    borrowable(userId, coin) {
      const price = usdtPrice(exchange, coin);
      if (price === null || price <= 0n) return 0n;
      return (room(userId) * ONE) / price;
    },
    repay(userId, coin, amount, now) {
      const account = users.get(userId);
      if (!account) return { ok: true, repaid: 0n };
      settle(account, coin, now);
      const owedInterest = account.interest.get(coin) ?? 0n;
      const owed = (account.borrowed.get(coin) ?? 0n) + owedInterest;
      const pay = amount === null || amount > owed ? owed : amount;
      if (pay <= 0n) return { ok: true, repaid: 0n };
      if (!debitFree(exchange, userId, coin, pay)) return { ok: false, ...exchangeError(ERR.BALANCE) };
      // Interest first, then the loan.
      const toInterest = pay < owedInterest ? pay : owedInterest;
      const principal = (account.borrowed.get(coin) ?? 0n) - (pay - toInterest);
      if (owedInterest - toInterest > 0n) account.interest.set(coin, owedInterest - toInterest);
      else account.interest.delete(coin);
      if (principal > 0n) account.borrowed.set(coin, principal);
      else {
        account.borrowed.delete(coin);
        if (!account.interest.has(coin)) account.accruedAt.delete(coin);
      }
      changed(userId);
      return { ok: true, repaid: pay };
    },
    clear(userId) {
      if (users.delete(userId)) changed(userId);
    },
    toJSON() {
      const out: MarginState = {};
      for (const [userId, a] of users) {
        out[userId] = {
          ...settingsOf(a),
          borrowed: Object.fromEntries([...a.borrowed].map(([coin, size]) => [coin, formatAmount(size)])),
          interest: Object.fromEntries([...a.interest].map(([coin, size]) => [coin, formatAmount(size)])),
          accruedAt: Object.fromEntries(a.accruedAt),
        };
      }
      return out;
    },
    fromJSON(state) {
      users.clear();
      for (const [userId, account] of Object.entries(readState(state))) users.set(userId, account);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  if (options.state !== undefined) desk.fromJSON(options.state);
  return desk;
}

function readState(state: unknown): Record<string, MarginAccount> {
  const out: Record<string, MarginAccount> = {};
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return out;
  for (const [userId, value] of Object.entries(state as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    if (typeof v.spotMargin !== 'boolean' || !isLeverage(v.leverage)) continue;
    const borrowed = amountsOf(v.borrowed);
    const interest = amountsOf(v.interest);
    const accruedAt = new Map<string, number>();
    if (typeof v.accruedAt === 'object' && v.accruedAt !== null) {
      for (const [coin, at] of Object.entries(v.accruedAt as Record<string, unknown>)) if (typeof at === 'number' && Number.isFinite(at) && at >= 0) accruedAt.set(coin, at);
    }
    // A state saved before the confirmation and the quiz existed: an account that had spot margin on had done both.
    const onboarded = (flag: unknown) => (typeof flag === 'boolean' ? flag : v.spotMargin === true);
    const marginMode = (MARGIN_MODES as readonly unknown[]).includes(v.marginMode) ? (v.marginMode as MarginMode) : 'REGULAR_MARGIN';
    out[userId] = { spotMargin: v.spotMargin, leverage: v.leverage, confirmed: onboarded(v.confirmed), quizPassed: onboarded(v.quizPassed), marginMode, borrowed, interest, accruedAt };
  }
  return out;
}

/** Positive amounts by coin from stored decimal text; anything else is dropped. */
function amountsOf(value: unknown): Map<string, Amount> {
  const out = new Map<string, Amount>();
  if (typeof value !== 'object' || value === null) return out;
  for (const [coin, text] of Object.entries(value as Record<string, unknown>)) {
    const size = typeof text === 'string' ? parseAmount(text) : null;
    if (size !== null && size > 0n) out.set(coin, size);
  }
  return out;
}

// ---- valuation: what coins are worth in USDT --------------------------------

/**
 * A pair's price as an Amount of its quote coin per whole base coin: the
 * last trade, else the middle of the book (before the first trade of a
 * replay), else null.
 */
export function pairPrice(exchange: Exchange, symbol: string): Amount | null {
  const inst = exchange.instrument(symbol);
  if (!inst) return null;
  let ticks = exchange.lastPrice(symbol);
  if (ticks === null) {
    const book = exchange.bookView(symbol, 1);
    const bid = book?.b[0]?.[0];
    const ask = book?.a[0]?.[0];
    ticks = bid !== undefined && ask !== undefined ? Math.round((bid + ask) / 2) : (bid ?? ask ?? null);
  }
  return ticks === null ? null : BigInt(ticks) * (parseAmount(inst.tick) ?? 0n);
}

/** USDT per coin: 1 for USDT, the COIN+USDT price, 1 for USDC when no USDCUSDT pair trades; null when unpriced. */
export function usdtPrice(exchange: Exchange, coin: string): Amount | null {
  if (coin === 'USDT') return ONE;
  const price = pairPrice(exchange, `${coin}USDT`);
  if (price !== null) return price;
  return coin === 'USDC' ? ONE : null;
}

/** USDT value of an amount of a coin; an unpriced coin counts 0. */
export function usdtValue(exchange: Exchange, coin: string, amount: Amount): Amount {
  const price = usdtPrice(exchange, coin);
  return price === null ? 0n : (amount * price) / ONE;
}

/** USDT value of everything in the user's wallet, free and locked. */
export function walletValue(exchange: Exchange, userId: string): Amount {
  let total = 0n;
  for (const line of exchange.balances(userId)) total += usdtValue(exchange, line.token, line.free + line.locked);
  return total;
}

/**
 * Takes `amount` out of a free balance; false (and no change) when free is short.
 * The engine has `credit` but no debit yet, so this sets the line through the
 * ledger and lets a zero credit send the balance event the change needs.
 */
function debitFree(exchange: Exchange, userId: string, token: string, amount: Amount): boolean {
  const line = exchange.ledger.line(userId, token);
  if (line.free < amount) return false;
  exchange.ledger.set(userId, token, line.free - amount, line.locked);
  exchange.credit(userId, token, 0n);
  return true;
}
