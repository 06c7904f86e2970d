import type { Amount } from './amount';
import type { BalanceLine } from './types';

interface Holding {
  free: Amount;
  locked: Amount;
}

/**
 * Free and locked balance per user and token. Every change marks the line
 * dirty; the engine sends one balance event per dirty line when a command or
 * market event is done, not one per fill.
 */
export class Ledger {
  private readonly accounts = new Map<string, Map<string, Holding>>();
  private readonly dirty = new Map<string, Set<string>>();
  /** users whose lines changed since the change journal last took them; null until a store asks (issue 31) */
  private changedUsers: Set<string> | null = null;

  private holding(userId: string, token: string): Holding {
    let tokens = this.accounts.get(userId);
    if (!tokens) {
      tokens = new Map();
      this.accounts.set(userId, tokens);
    }
    let h = tokens.get(token);
    if (!h) {
      h = { free: 0n, locked: 0n };
      tokens.set(token, h);
      // A new line, even an empty one (a refused lock makes one), is part of the saved state.
      this.changedUsers?.add(userId);
    }
    return h;
  }

  private touch(userId: string, token: string): void {
    let tokens = this.dirty.get(userId);
    if (!tokens) {
      tokens = new Set();
      this.dirty.set(userId, tokens);
    }
    tokens.add(token);
    this.changedUsers?.add(userId);
  }

  /** Starts noting the users whose lines change, for a store that writes only what changed. */
  trackChanges(): void {
    this.changedUsers ??= new Set();
  }

  /** The users whose lines changed since the last call, and forgets them. */
  takeChangedUsers(): Set<string> {
    const users = this.changedUsers ?? new Set<string>();
    if (this.changedUsers) this.changedUsers = new Set();
    return users;
  }

  free(userId: string, token: string): Amount {
    return this.accounts.get(userId)?.get(token)?.free ?? 0n;
  }

  line(userId: string, token: string): BalanceLine {
    const h = this.accounts.get(userId)?.get(token);
    return { token, free: h?.free ?? 0n, locked: h?.locked ?? 0n };
  }

  lines(userId: string): BalanceLine[] {
    const tokens = this.accounts.get(userId);
    if (!tokens) return [];
    return [...tokens.entries()].map(([token, h]) => ({ token, free: h.free, locked: h.locked })).sort((a, b) => (a.token < b.token ? -1 : 1));
  }

  users(): string[] {
    return [...this.accounts.keys()];
  }

  credit(userId: string, token: string, amount: Amount): void {
    if (amount === 0n) return;
    if (amount < 0n) throw new Error('credit of a negative amount');
    this.holding(userId, token).free += amount;
    this.touch(userId, token);
  }

  /** Sets a line outright (account set-up, demo top-up, restore). */
  set(userId: string, token: string, free: Amount, locked = 0n): void {
    const h = this.holding(userId, token);
    h.free = free;
    h.locked = locked;
    this.touch(userId, token);
  }

  /** Moves `amount` from free to locked; false (and no change) when free is short. */
  lock(userId: string, token: string, amount: Amount): boolean {
    if (amount === 0n) return true;
    const h = this.holding(userId, token);
    if (amount < 0n || h.free < amount) return false;
    h.free -= amount;
    h.locked += amount;
    this.touch(userId, token);
    return true;
  }

  unlock(userId: string, token: string, amount: Amount): void {
    if (amount === 0n) return;
    const h = this.holding(userId, token);
    if (amount < 0n || h.locked < amount) throw new Error(`unlock of ${amount} ${token} with ${h.locked} locked`);
    h.locked -= amount;
    h.free += amount;
    this.touch(userId, token);
  }

  /** Takes `amount` out of the locked part (a fill paying with locked funds). */
  spendLocked(userId: string, token: string, amount: Amount): void {
    if (amount === 0n) return;
    const h = this.holding(userId, token);
    if (amount < 0n || h.locked < amount) throw new Error(`spend of ${amount} ${token} with ${h.locked} locked`);
    h.locked -= amount;
    this.touch(userId, token);
  }

  /** The lines changed since the last call, and forgets them. */
  takeDirty(): Array<{ userId: string; line: BalanceLine }> {
    if (this.dirty.size === 0) return [];
    const out: Array<{ userId: string; line: BalanceLine }> = [];
    for (const [userId, tokens] of this.dirty) for (const token of tokens) out.push({ userId, line: this.line(userId, token) });
    this.dirty.clear();
    return out;
  }

  toJSON(): Record<string, Record<string, [string, string]>> {
    const out: Record<string, Record<string, [string, string]>> = {};
    for (const userId of this.accounts.keys()) out[userId] = this.userJSON(userId)!;
    return out;
  }

  /** One user's lines as `toJSON` keeps them; undefined when the user has none. */
  userJSON(userId: string): Record<string, [string, string]> | undefined {
    const tokens = this.accounts.get(userId);
    if (!tokens) return undefined;
    const out: Record<string, [string, string]> = {};
    for (const [token, h] of tokens) out[token] = [h.free.toString(), h.locked.toString()];
    return out;
  }

  static fromJSON(data: Record<string, Record<string, [string, string]>>): Ledger {
    const ledger = new Ledger();
    for (const [userId, tokens] of Object.entries(data)) {
      for (const [token, [free, locked]] of Object.entries(tokens)) ledger.set(userId, token, BigInt(free), BigInt(locked));
    }
    ledger.dirty.clear();
    return ledger;
  }
}
