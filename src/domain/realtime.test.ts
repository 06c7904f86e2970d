import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  CLOSE_CODE_MEANINGS,
  CONNECT_TIMEOUT_MS,
  HIDDEN_HEALTH_CHECK_MS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MAX_DELAY_MS,
  RECONNECT_MIN_DELAY_MS,
  needsHealthCheck,
  reconnectDelay,
  shouldReconnect,
  type PageActivity,
} from './realtime';

describe('realtime constants (spec 2 §9)', () => {
  it('are the spec values', () => {
    expect([PING_INTERVAL_MS, PONG_TIMEOUT_MS, CONNECT_TIMEOUT_MS]).toEqual([15_000, 3_000, 10_000]);
    expect([RECONNECT_MIN_DELAY_MS, RECONNECT_MAX_DELAY_MS, HIDDEN_HEALTH_CHECK_MS]).toEqual([1_000, 5_000, 60_000]);
  });
});

describe('reconnectDelay', () => {
  it('starts at 1–2 s and grows toward 5 s', () => {
    expect(reconnectDelay(1, 1)).toBe(1_000);
    expect(reconnectDelay(1, 0)).toBe(2_000);
    expect(reconnectDelay(2, 1)).toBe(2_000);
    expect(reconnectDelay(2, 0)).toBe(4_000);
    expect(reconnectDelay(3, 0)).toBe(5_000);
    expect(reconnectDelay(3, 1)).toBe(2_500);
  });

  it('takes up to half of the cap off at random', () => {
    expect(reconnectDelay(5, 0.5)).toBe(3_750);
    expect(reconnectDelay(1, 0.5)).toBe(1_500);
  });

  it('stays within 1–5 s for any attempt and any random value', () => {
    for (const attempt of [0, 1, 2, 3, 4, 10, 200, 1e9, Number.POSITIVE_INFINITY, Number.NaN]) {
      for (const r of [-1, 0, 0.25, 0.999, 1, 2, Number.NaN]) {
        const delay = reconnectDelay(attempt, r);
        expect(delay).toBeGreaterThanOrEqual(RECONNECT_MIN_DELAY_MS);
        expect(delay).toBeLessThanOrEqual(RECONNECT_MAX_DELAY_MS);
      }
    }
  });

  it('never shrinks on average as attempts grow', () => {
    const mean = (attempt: number) => (reconnectDelay(attempt, 0) + reconnectDelay(attempt, 1)) / 2;
    expect(mean(1)).toBeLessThan(mean(2));
    expect(mean(2)).toBeLessThan(mean(3));
    expect(mean(3)).toBe(mean(50));
  });
});

describe('close codes', () => {
  it('documents every internal code', () => {
    for (const code of Object.values(CLOSE_CODES)) expect(CLOSE_CODE_MEANINGS[code]).toMatch(/\w/);
    expect(Object.values(CLOSE_CODES).sort()).toEqual([4005, 4006, 4995, 4996, 4997, 4998, 4999]);
  });

  it('reconnects after everything but the page closing on purpose', () => {
    expect(shouldReconnect(CLOSE_CODES.closedByPage)).toBe(false);
    for (const code of [1000, 1001, 1006, 1011, 4006, 4995, 4996, 4997, 4998, 4999]) expect(shouldReconnect(code)).toBe(true);
  });
});

describe('needsHealthCheck', () => {
  const status = (patch: Partial<PageActivity>): PageActivity => ({ visible: true, online: true, lastHiddenFor: 0, ...patch });

  it('checks when the page is shown after more than 60 s hidden', () => {
    expect(needsHealthCheck(status({ visible: false }), status({ lastHiddenFor: 60_001 }))).toBe(true);
    expect(needsHealthCheck(status({ visible: false }), status({ lastHiddenFor: 60_000 }))).toBe(false);
    expect(needsHealthCheck(status({ visible: false }), status({ lastHiddenFor: 5_000 }))).toBe(false);
  });

  it('checks when the page comes back online', () => {
    expect(needsHealthCheck(status({ online: false }), status({}))).toBe(true);
    expect(needsHealthCheck(status({}), status({ online: false }))).toBe(false);
  });

  it('does not check on changes that cannot have hurt the socket', () => {
    expect(needsHealthCheck(status({}), status({ visible: false }))).toBe(false);
    // an old lastHiddenFor is only news on the hidden → visible edge
    expect(needsHealthCheck(status({ lastHiddenFor: 90_000 }), status({ lastHiddenFor: 90_000 }))).toBe(false);
  });
});
