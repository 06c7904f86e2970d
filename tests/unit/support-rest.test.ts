import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/http/handlers';
import { sendSupportMessage } from '../../src/data/api/support';
import { ApiError } from '../../src/data/http';

/** The page's help-chat client against the embedded help desk, so the two sides cannot drift apart. */
describe('support chat contract', () => {
  const server = setupServer(...createHandlers());
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('reads the embedded help desk answer', async () => {
    const answer = await sendSupportMessage('fees');
    expect(answer.reply).toContain('0.1 %');
    expect(answer.links[0]).toEqual({ label: 'Fee schedule', url: '/fee-rate' });
  });

  it('turns a refusal into ApiError 10001', async () => {
    await expect(sendSupportMessage(' ')).rejects.toMatchObject({ code: 10001 });
    await expect(sendSupportMessage(' ')).rejects.toBeInstanceOf(ApiError);
  });
});
