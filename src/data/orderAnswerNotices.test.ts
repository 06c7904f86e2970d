import { describe, expect, it, vi } from 'vitest';
import { announceAnswer, firstTelling, setAnswerAnnouncer } from './orderAnswerNotices';
import type { Order } from './orders';

const order = (orderId: string, status: Order['status']) => ({ orderId, status }) as Order;

describe('a finished order is told once, from its push or its create answer', () => {
  it('tells a finished status the first time only, whichever source brings it', () => {
    expect(firstTelling(order('a1', 'FILLED'))).toBe(true);
    expect(firstTelling(order('a1', 'FILLED'))).toBe(false);
    // Another order, or another final status of a plan order, is news.
    expect(firstTelling(order('a2', 'FILLED'))).toBe(true);
    expect(firstTelling(order('a3', 'ORDER_FILLED'))).toBe(true);
  });

  it('lets statuses that repeat through every time (each amendment is told)', () => {
    expect(firstTelling(order('b1', 'NEW'))).toBe(true);
    expect(firstTelling(order('b1', 'NEW'))).toBe(true);
  });

  it('forgets the oldest beyond its memory, not the newest', () => {
    firstTelling(order('c0', 'CANCELED'));
    for (let i = 1; i <= 500; i += 1) firstTelling(order(`c${i}`, 'CANCELED'));
    expect(firstTelling(order('c500', 'CANCELED'))).toBe(false);
    expect(firstTelling(order('c0', 'CANCELED'))).toBe(true);
  });

  it('hands answers to the announcer while one is set', () => {
    const said = vi.fn();
    setAnswerAnnouncer(said);
    announceAnswer(order('d1', 'FILLED'));
    setAnswerAnnouncer(null);
    expect(said.mock.calls.map(([o]) => o.orderId)).toEqual(['d1']);
  });

  it('keeps an answer that comes before the push handler is ready, and says it when the handler registers', () => {
    setAnswerAnnouncer(null);
    announceAnswer(order('e1', 'FILLED'), 1_000);
    announceAnswer(order('e2', 'FILLED'), 20_000);
    const said = vi.fn();
    // e1 waited 25 s: a handler that late belongs to a later sign-in, so only e2 is said.
    setAnswerAnnouncer(said, 26_000);
    expect(said.mock.calls.map(([o]) => o.orderId)).toEqual(['e2']);
    setAnswerAnnouncer(null);
  });

  it('forgets what waits when the trader signs out', () => {
    announceAnswer(order('f1', 'FILLED'), 1_000);
    setAnswerAnnouncer(null);
    const said = vi.fn();
    setAnswerAnnouncer(said, 1_500);
    expect(said).not.toHaveBeenCalled();
    setAnswerAnnouncer(null);
  });
});
