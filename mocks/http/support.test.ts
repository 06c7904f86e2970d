// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchIntent } from '../support/answers';
import { createHandlers } from './handlers';
import { SUPPORT_CHAT_PATH } from './support';

interface Answer {
  reply: string;
  links: { label: string; url: string }[];
  suggestions: string[];
}

/** POSTs a message the way the page does; answers the result or throws the refusal's code and message. */
async function sendSupportMessage(message: string): Promise<Answer> {
  const response = await fetch(SUPPORT_CHAT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
  const body = (await response.json()) as { code: number; success: boolean; result: Answer; message: string };
  if (body.code !== 0) throw Object.assign(new Error(body.message), { code: body.code });
  return body.result;
}

/** The help chat under msw/node (the page's client is tested against it in src/data/api/support.test.ts). */
describe('support chat', () => {
  const server = setupServer(...createHandlers({ scheduler: { now: () => Date.UTC(2026, 10, 2, 9) } }));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('answers fees with the 0.1 % maker/taker rate and a link', async () => {
    const answer = await sendSupportMessage('What are your trading fees?');
    expect(answer.reply).toContain('0.1 %');
    expect(answer.reply).toMatch(/maker/);
    expect(answer.links).toContainEqual({ label: 'Fee schedule', url: '/fee-rate' });
    expect(answer.suggestions.length).toBeGreaterThan(0);
  });

  it('opens numbered tickets with an email link when a person is asked for', async () => {
    const first = await sendSupportMessage('I want to talk to a human');
    const second = await sendSupportMessage('agent please');
    expect(first.reply).toContain('T-20261102-0001');
    expect(second.reply).toContain('T-20261102-0002');
    expect(first.links[0]?.url).toMatch(/^mailto:support@/);
  });

  it('answers something unknown with the topics it knows', async () => {
    const answer = await sendSupportMessage('qwerty');
    expect(answer.reply).toContain('Trading fees');
    expect(answer.suggestions).toContain('Order types');
  });

  it.each([
    ['fees', 'how much commission do takers pay'],
    ['orders', 'what is an OCO order'],
    ['funds', 'my deposit has not arrived'],
    ['demo', 'how do I top up my demo account'],
    ['listings', 'when does the new listing countdown end'],
    ['routes', 'the latency is high, which route'],
    ['favorites', 'where are my favourites'],
    ['human', 'complaint'],
  ])('matches %s', (intent, message) => {
    expect(matchIntent(message)).toBe(intent);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'a'.repeat(501)],
  ])('refuses a %s message with 10001 and a clear message', async (_what, message) => {
    const error = await sendSupportMessage(message).catch((e: unknown) => e);
    expect((error as { code: number }).code).toBe(10001);
    expect((error as Error).message).toMatch(/empty|at most 500/);
  });

  it('refuses a body without a string message', async () => {
    const body = await (await fetch(SUPPORT_CHAT_PATH, { method: 'POST', body: JSON.stringify({ message: 5 }) })).json();
    expect(body).toMatchObject({ code: 10001, message: 'message must be a string' });
  });
});
