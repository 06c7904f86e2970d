import { ok } from '../envelope';
import { answerFor } from '../support/answers';
import { badParam } from './errors';
import { jsonObjectBody } from './params';
import { route, type RouteContext } from './route';

export const SUPPORT_CHAT_PATH = '/spot/api/support/chat';
export const SUPPORT_MESSAGE_MAX = 500;

/** The footer's help chat: one message in, a canned answer out (mocks/support/answers.ts). */
export function supportHandlers(context: RouteContext & { now: () => number }) {
  let tickets = 0;
  // Ticket numbers count per exchange and carry the day, so they look like a help desk's and stay deterministic in tests.
  const ticket = () => {
    tickets += 1;
    const day = new Date(context.now()).toISOString().slice(0, 10).replaceAll('-', '');
    return `T-${day}-${String(tickets).padStart(4, '0')}`;
  };
  return [
    route(
      context,
      SUPPORT_CHAT_PATH,
      async (request) => {
        const { message } = await jsonObjectBody(request);
        if (typeof message !== 'string') throw badParam('message must be a string');
        const text = message.trim();
        if (text.length === 0) throw badParam('message must not be empty');
        if (text.length > SUPPORT_MESSAGE_MAX) throw badParam(`message must be at most ${SUPPORT_MESSAGE_MAX} characters`);
        return ok(answerFor(text, ticket));
      },
      'post',
    ),
  ];
}
