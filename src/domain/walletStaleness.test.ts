import { describe, expect, it } from 'vitest';
import {
  WALLET_POLL_OFF_MAX_INTERVAL_MS,
  WALLET_STALE_CHECK_MS,
  WALLET_STALE_FACTOR,
  applyWalletPush,
  isWalletStale,
  pushesReplaceWalletPoll,
  shouldPollOrders,
  shouldPollWallet,
  staleAfterMs,
  type WalletFeed,
} from './walletStaleness';

const feed = (over: Partial<WalletFeed> = {}): WalletFeed => ({ newestSendTime: 1_000, interval: 3000, appliedAt: 50_000, ...over });

describe('wallet staleness constants (spec 2 §9)', () => {
  it('are the spec values', () => {
    expect([WALLET_POLL_OFF_MAX_INTERVAL_MS, WALLET_STALE_FACTOR, WALLET_STALE_CHECK_MS]).toEqual([3000, 3, 5000]);
  });
});

describe('pushesReplaceWalletPoll', () => {
  it('is true for an interval of 3000 ms or less, false above', () => {
    expect(pushesReplaceWalletPoll(1000)).toBe(true);
    expect(pushesReplaceWalletPoll(3000)).toBe(true);
    expect(pushesReplaceWalletPoll(3001)).toBe(false);
    expect(pushesReplaceWalletPoll(5000)).toBe(false);
  });

  it('does not trust a zero or negative interval', () => {
    expect(pushesReplaceWalletPoll(0)).toBe(false);
    expect(pushesReplaceWalletPoll(-5)).toBe(false);
  });
});

describe('applyWalletPush', () => {
  it('takes the first push and records when it was applied on the page clock', () => {
    expect(applyWalletPush(null, { sendTime: 7, interval: 5000 }, 123)).toEqual({ newestSendTime: 7, interval: 5000, appliedAt: 123 });
  });

  it('drops a push older than the newest applied one', () => {
    expect(applyWalletPush(feed({ newestSendTime: 1_000 }), { sendTime: 999, interval: 3000 }, 60_000)).toBeNull();
  });

  it('keeps a push of the same or a later time, and its new interval', () => {
    expect(applyWalletPush(feed(), { sendTime: 1_000, interval: 3000 }, 60_000)).toEqual({ newestSendTime: 1_000, interval: 3000, appliedAt: 60_000 });
    expect(applyWalletPush(feed(), { sendTime: 4_000, interval: 2000 }, 61_000)).toEqual({ newestSendTime: 4_000, interval: 2000, appliedAt: 61_000 });
  });
});

describe('isWalletStale', () => {
  it('is stale without any push', () => {
    expect(isWalletStale(null, 0)).toBe(true);
  });

  it('turns stale after 3 × the interval without a push, measured on the page clock', () => {
    expect(staleAfterMs(3000)).toBe(9000);
    const f = feed({ interval: 3000, appliedAt: 50_000, newestSendTime: 9_999_999 });
    expect(isWalletStale(f, 50_000)).toBe(false);
    expect(isWalletStale(f, 58_999)).toBe(false);
    expect(isWalletStale(f, 59_000)).toBe(true);
  });
});

describe('who polls', () => {
  const fresh = (interval: number) => ({ live: true, feed: feed({ interval }), stale: false });

  it('polls both while the socket is not live or no wallet came yet', () => {
    for (const f of [{ live: false, feed: feed(), stale: false }, { live: true, feed: null, stale: true }, { live: true, feed: null, stale: false }]) {
      expect(shouldPollOrders(f)).toBe(true);
      expect(shouldPollWallet(f)).toBe(true);
    }
  });

  it('stops both while fresh pushes come every 3000 ms or less', () => {
    expect(shouldPollOrders(fresh(3000))).toBe(false);
    expect(shouldPollWallet(fresh(3000))).toBe(false);
  });

  it('keeps the wallet poll when the pushed interval is above 3000 ms, but not the order poll', () => {
    expect(shouldPollOrders(fresh(5000))).toBe(false);
    expect(shouldPollWallet(fresh(5000))).toBe(true);
  });

  it('polls both again once the pushed wallet is stale', () => {
    const stale = { ...fresh(1000), stale: true };
    expect(shouldPollOrders(stale)).toBe(true);
    expect(shouldPollWallet(stale)).toBe(true);
  });
});
