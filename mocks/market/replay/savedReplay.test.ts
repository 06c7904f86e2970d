import { describe, expect, it } from 'vitest';
import { parseSavedReplay, resumedClock, type SavedReplay } from './savedReplay';

const saved: SavedReplay = { v: 1, start: 1_000_000, setAnchor: 1_000_000, session: 'demo', virtual: 1_060_000, real: 5_000, speed: 2, paused: false };

describe('the saved replay position', () => {
  it('resumes where the market would be had it kept running, at its speed', () => {
    const clock = resumedClock(saved, 15_000);
    expect(clock.now(15_000)).toBe(1_060_000 + 10_000 * 2);
    expect(clock.speed).toBe(2);
  });

  it('a paused replay resumes paused, where it stood', () => {
    const clock = resumedClock({ ...saved, paused: true }, 99_000);
    expect(clock.paused).toBe(true);
    expect(clock.now(120_000)).toBe(1_060_000);
  });

  it('never resumes before the saved point when the real clock went back', () => {
    const clock = resumedClock(saved, 1_000);
    expect(clock.now(1_000)).toBe(1_060_000);
    expect(clock.now(2_000)).toBe(1_062_000);
  });

  it('round-trips through its text', () => {
    expect(parseSavedReplay(JSON.stringify(saved))).toEqual(saved);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{"v":1,'],
    ['another version', JSON.stringify({ ...saved, v: 2 })],
    ['a speed out of range', JSON.stringify({ ...saved, speed: 1000 })],
    ['a time that is not a number', JSON.stringify({ ...saved, virtual: 'soon' })],
    ['a clock before its set started', JSON.stringify({ ...saved, virtual: 999 })],
    ['a set started before the exchange', JSON.stringify({ ...saved, setAnchor: 5 })],
    ['an array', '[1,2,3]'],
  ])('%s reads as no saved replay (a fresh start)', (_case, text) => {
    expect(parseSavedReplay(text)).toBeNull();
  });
});
