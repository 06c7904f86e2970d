import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_TICK_MS, RECHECK_EVERY_MS, RECHECK_WINDOW_MS, countdownParts, fromNotice, initialCountdown, minutesLeft, remainingMs,
  stepCountdown, type CountdownEvent, type CountdownState, type OpeningNotice,
} from './countdown';

const OPEN = Date.UTC(2026, 10, 2, 9, 5, 0);
/** The device's clock is deliberately far from the exchange's: only elapsed device time may count. */
const DEVICE_START = 1_000_000;

/** A fake clock driving the machine the way the page's 100 ms interval does. */
function harness(state: CountdownState = initialCountdown) {
  let now = DEVICE_START;
  let asks = 0;
  const send = (event: CountdownEvent) => {
    const step = stepCountdown(state, event);
    state = step.state;
    if (step.ask) asks += 1;
    return step;
  };
  return {
    get state() {
      return state;
    },
    get asks() {
      return asks;
    },
    get now() {
      return now;
    },
    send,
    answer: (result: OpeningNotice | null | 'error', serverNow?: number) => send({ type: 'answer', now, result, serverNow }),
    /** advances the clock, ticking every 100 ms */
    run(ms: number) {
      const end = now + ms;
      while (now + COUNTDOWN_TICK_MS <= end) {
        now += COUNTDOWN_TICK_MS;
        send({ type: 'tick', now });
      }
      now = end;
    },
  };
}

const notice = (over: Partial<OpeningNotice> = {}): OpeningNotice => ({ noticeType: 1, onlineTime: OPEN, nowTime: OPEN - 300_000, ...over });

describe('countdown machine (spec 1 §4)', () => {
  it('starts counting from the exchange time of the answer, not the device clock', () => {
    const h = harness();
    h.answer(notice());
    expect(h.state.kind).toBe('counting');
    h.run(60_500);
    const s = h.state as Extract<CountdownState, { kind: 'counting' }>;
    expect(remainingMs(s.notice, s.receivedAt, h.now)).toBe(239_500);
    expect(countdownParts(239_500)).toEqual({ hours: 0, minutes: 4, seconds: 0 });
  });

  it('noticeType 2 counts down too; 3 and unknown types are pending', () => {
    expect(fromNotice(notice({ noticeType: 2 }), 0).kind).toBe('counting');
    expect(fromNotice(notice({ noticeType: 3 }), 0).kind).toBe('pending');
    expect(fromNotice(notice({ noticeType: 7 }), 0).kind).toBe('pending');
  });

  it('no notice, or an exchange clock already past the opening, opens at once', () => {
    expect(fromNotice(null, 0).kind).toBe('open');
    expect(fromNotice(notice({ nowTime: OPEN }), 0).kind).toBe('open');
    expect(fromNotice(notice(), 0, OPEN + 1).kind).toBe('open');
  });

  it('at zero re-checks, and opens when the exchange confirms', () => {
    const h = harness();
    h.answer(notice({ nowTime: OPEN - 1_000 }));
    h.run(900);
    expect(h.state.kind).toBe('counting');
    expect(h.asks).toBe(0);
    h.run(100);
    expect(h.state.kind).toBe('rechecking');
    expect(h.asks).toBe(1);
    h.answer(null);
    expect(h.state.kind).toBe('open');
    // Open is final: nothing asks again.
    h.run(60_000);
    h.send({ type: 'online', now: h.now });
    expect(h.state.kind).toBe('open');
    expect(h.asks).toBe(1);
  });

  it('opens when the notice is still there but the server clock is past the opening', () => {
    const h = harness();
    h.answer(notice({ nowTime: OPEN - 500 }));
    h.run(500);
    expect(h.state.kind).toBe('rechecking');
    h.answer(notice({ nowTime: OPEN + 10 }));
    expect(h.state.kind).toBe('open');
  });

  it('asks every 2 s inside the window and fails when not confirmed within 20 s', () => {
    const h = harness();
    h.answer(notice({ nowTime: OPEN - 1_000 }));
    h.run(1_000);
    expect(h.asks).toBe(1);
    // The exchange's clock stands still (e.g. a paused replay): same opening, not yet there.
    h.answer(notice({ nowTime: OPEN - 1_000 }));
    h.run(RECHECK_EVERY_MS);
    expect(h.asks).toBe(2);
    h.answer('error');
    h.run(RECHECK_WINDOW_MS - RECHECK_EVERY_MS - COUNTDOWN_TICK_MS);
    expect(h.state.kind).toBe('rechecking');
    expect(h.asks).toBe(10);
    h.run(COUNTDOWN_TICK_MS);
    expect(h.state.kind).toBe('failed');
    h.answer(null);
    expect(h.state.kind).toBe('failed');
  });

  it('a rescheduled opening starts a new countdown instead of failing', () => {
    const h = harness();
    h.answer(notice({ nowTime: OPEN - 100 }));
    h.run(100);
    expect(h.state.kind).toBe('rechecking');
    h.answer(notice({ nowTime: OPEN, onlineTime: OPEN + 3_600_000 }));
    expect(h.state.kind).toBe('counting');
    h.run(RECHECK_WINDOW_MS * 2);
    expect(h.state.kind).toBe('counting');
  });

  it('re-anchors on a re-check answer while counting', () => {
    const h = harness();
    h.answer(notice());
    h.run(10_000);
    // The exchange jumped ahead (a seek): its answer wins over the device's estimate.
    h.answer(notice({ nowTime: OPEN - 5_000 }));
    const s = h.state as Extract<CountdownState, { kind: 'counting' }>;
    expect(remainingMs(s.notice, s.receivedAt, h.now)).toBe(5_000);
  });

  it('re-checks after the page was hidden more than 60 s, and when the browser comes back online', () => {
    const h = harness();
    h.answer(notice());
    expect(h.send({ type: 'pageShown', now: h.now, hiddenFor: 60_000 }).ask).toBe(false);
    expect(h.send({ type: 'pageShown', now: h.now, hiddenFor: 60_001 }).ask).toBe(true);
    expect(h.send({ type: 'online', now: h.now }).ask).toBe(true);
    const pending = harness();
    pending.answer(notice({ noticeType: 3 }));
    expect(pending.send({ type: 'online', now: 0 }).ask).toBe(true);
    // Nothing to re-check before the first answer.
    expect(harness().send({ type: 'online', now: 0 }).ask).toBe(false);
  });

  it('an error before the first answer keeps waiting; pending ignores ticks', () => {
    const h = harness();
    h.answer('error');
    expect(h.state.kind).toBe('waiting');
    h.answer(notice({ noticeType: 3 }));
    h.run(RECHECK_WINDOW_MS * 10);
    expect(h.state.kind).toBe('pending');
    expect(h.asks).toBe(0);
  });

  it('a device clock that jumps backwards never adds time', () => {
    const n = notice({ nowTime: OPEN - 10_000 });
    expect(remainingMs(n, 5_000, 1_000)).toBe(10_000);
    expect(remainingMs(n, 5_000, 20_000)).toBe(0);
  });
});

describe('countdown display', () => {
  it('splits into hours (beyond 24), minutes and seconds, rounding seconds up', () => {
    expect(countdownParts(0)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(1)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(299_500)).toEqual({ hours: 0, minutes: 5, seconds: 0 });
    expect(countdownParts(49 * 3_600_000 + 61_000)).toEqual({ hours: 49, minutes: 1, seconds: 1 });
    expect(countdownParts(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('whole minutes left for the screen-reader summary', () => {
    expect(minutesLeft(0)).toBe(0);
    expect(minutesLeft(1)).toBe(1);
    expect(minutesLeft(60_000)).toBe(1);
    expect(minutesLeft(60_001)).toBe(2);
  });
});
