import { describe, expect, it } from 'vitest';
import { HISTORY_SECONDS, QualityBook } from './quality';

const T = 1_764_150_000; // an epoch second

describe('QualityBook: per-second counts per path', () => {
  it('a request is sent in the second it started and settled in the second it ended', () => {
    const book = new QualityBook();
    book.sent('cdn', T);
    book.settled('cdn', T + 2, 'success', 1800);
    const [window] = book.drain(T + 3);
    expect(window).toEqual({ path: 'cdn', from: T, send: [1, 0, 0], receive: [0, 0, 1], timeout: [0, 0, 0], error: [0, 0, 0], cost: [0, 0, 1800], bad: 0 });
  });

  it('receive, timeout and error counts by outcome; cost only for successes', () => {
    const book = new QualityBook();
    for (let i = 0; i < 5; i++) book.sent('accelerated', T);
    book.settled('accelerated', T, 'success', 100);
    book.settled('accelerated', T, 'success', 50);
    book.settled('accelerated', T, 'error', 70); // an HTTP error: received, and an error, but says nothing of speed
    book.settled('accelerated', T, 'neterror', 90);
    book.settled('accelerated', T, 'abort', 2000);
    const [window] = book.drain(T + 1);
    expect(window).toMatchObject({ path: 'accelerated', from: T, send: [5], receive: [3], timeout: [1], error: [2], cost: [150], bad: 0 });
  });

  it('bad experiences: counted durations over 3000 ms; 30000 ms and more are ignored', () => {
    const book = new QualityBook();
    book.settled('origin', T, 'success', 3000);
    book.settled('origin', T, 'success', 3001);
    book.settled('origin', T + 1, 'error', 4000);
    book.settled('origin', T + 1, 'success', 30_000); // ignored: not in cost, not bad
    book.settled('origin', T + 1, 'success', -3); // a clock going back: ignored
    const [window] = book.drain(T + 2);
    expect(window).toMatchObject({ path: 'origin', receive: [2, 3], error: [0, 1], cost: [6001, 0], bad: 2 });
  });

  it('each path has its own counts, and a path without activity has no window', () => {
    const book = new QualityBook();
    book.sent('accelerated', T);
    book.sent('origin', T + 1);
    book.sent('origin', T + 1);
    const windows = book.drain(T + 2);
    expect(windows.map((w) => [w.path, w.from, w.send])).toEqual([
      ['accelerated', T, [1, 0]],
      ['origin', T + 1, [2]],
    ]);
  });
});

describe('QualityBook.drain', () => {
  it('covers from the first unreported second with activity up to (not including) toSecond, quiet seconds as zeros', () => {
    const book = new QualityBook();
    book.sent('cdn', T + 1);
    book.sent('cdn', T + 4);
    book.sent('cdn', T + 6); // the current second: not yet complete, not in the window
    const [window] = book.drain(T + 6);
    expect(window?.from).toBe(T + 1);
    expect(window?.send).toEqual([1, 0, 0, 1, 0]);
    for (const key of ['receive', 'timeout', 'error', 'cost'] as const) expect(window?.[key]).toEqual([0, 0, 0, 0, 0]);
  });

  it('a second drain does not repeat what was reported', () => {
    const book = new QualityBook();
    book.sent('cdn', T);
    book.sent('cdn', T + 6);
    expect(book.drain(T + 5)).toHaveLength(1);
    expect(book.drain(T + 5)).toEqual([]);
    const [next] = book.drain(T + 8);
    expect(next).toMatchObject({ path: 'cdn', from: T + 6, send: [1, 0] });
    expect(book.drain(T + 20)).toEqual([]);
  });

  it('a second left out of one window (the current one) is in the next', () => {
    const book = new QualityBook();
    book.sent('accelerated', T);
    book.sent('accelerated', T + 3);
    const [first] = book.drain(T + 3);
    expect(first?.send).toEqual([1, 0, 0]);
    book.settled('accelerated', T + 3, 'success', 40);
    const [second] = book.drain(T + 4);
    expect(second).toMatchObject({ from: T + 3, send: [1], receive: [1], cost: [40] });
  });

  it('a drain to an earlier second does not report the same seconds again later', () => {
    const book = new QualityBook();
    book.sent('cdn', T);
    book.drain(T + 10);
    book.drain(T + 2); // a clock jumping back
    expect(book.drain(T + 10)).toEqual([]);
  });
});

describe('QualityBook.series', () => {
  it('buckets: mean latency of timed successes, failures (errors + timeouts), requests sent', () => {
    const book = new QualityBook();
    const to = T + 30;
    // bucket [T, T+10)
    book.sent('cdn', T);
    book.sent('cdn', T + 1);
    book.sent('cdn', T + 9);
    book.settled('cdn', T + 1, 'success', 100);
    book.settled('cdn', T + 9, 'success', 201);
    book.settled('cdn', T + 9, 'error', 5000);
    // bucket [T+10, T+20): nothing
    // bucket [T+20, T+30)
    book.sent('cdn', T + 25);
    book.settled('cdn', T + 25, 'abort', 3000);
    book.settled('cdn', T + 29, 'neterror', 10);
    book.settled('cdn', T + 29, 'success', 30_000); // ignored duration: no latency
    // outside the series
    book.sent('cdn', T + 30);
    book.settled('cdn', T - 1, 'success', 9999);
    expect(book.series('cdn', to, 3, 10)).toEqual([
      { at: T, latencyMs: 151, failures: 1, requests: 3 },
      { at: T + 10, latencyMs: null, failures: 0, requests: 0 },
      { at: T + 20, latencyMs: null, failures: 2, requests: 1 },
    ]);
    expect(book.series('accelerated', to, 2, 10)).toEqual([
      { at: T + 10, latencyMs: null, failures: 0, requests: 0 },
      { at: T + 20, latencyMs: null, failures: 0, requests: 0 },
    ]);
  });

  it('draining does not empty the sparkline history, but seconds older than it are forgotten', () => {
    const book = new QualityBook();
    book.sent('origin', T);
    book.settled('origin', T, 'success', 80);
    book.drain(T + 5);
    expect(book.series('origin', T + 1, 1, 1)).toEqual([{ at: T, latencyMs: 80, failures: 0, requests: 1 }]);
    book.drain(T + HISTORY_SECONDS + 1);
    expect(book.series('origin', T + 1, 1, 1)).toEqual([{ at: T, latencyMs: null, failures: 0, requests: 0 }]);
  });
});
