// @vitest-environment node
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { privateSocketHandler, quoteSocketHandler } from './msw';
import { webTestSocket, type Frame } from './quote/testSocket';
import type { SocketConnection, SocketPeer } from './types';

/** A gateway that answers every frame with its name and the text, and records closes. */
function echoGateway(name: string) {
  const closed: string[] = [];
  return {
    closed,
    accept(peer: SocketPeer): SocketConnection {
      return {
        onMessage: (text) => peer.send(JSON.stringify({ from: name, text })),
        onClose: () => void closed.push(name),
      };
    },
  };
}

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('msw socket handlers', () => {
  it('match /realtime and /realtime_w on any host and path prefix, the query ignored, and nothing else', () => {
    const quote = quoteSocketHandler(echoGateway('quote'));
    const own = privateSocketHandler(echoGateway('private'));
    const cases: Array<[string, boolean, boolean]> = [
      ['ws://localhost/realtime', true, false],
      ['wss://exchange.example/realtime?token=1', true, false],
      ['ws://127.0.0.1:4173/realtime/', true, false],
      ['ws://localhost/api/realtime', true, false],
      ['ws://localhost/realtime_w', false, true],
      ['ws://localhost/realtimes', false, false],
      ['ws://localhost/realtime/extra', false, false],
    ];
    for (const [url, toQuote, toPrivate] of cases) {
      expect(quote.test(url), url).toBe(toQuote);
      expect(own.test(url), url).toBe(toPrivate);
    }
  });

  it('carry frames both ways and tell the gateway when the client closes', async () => {
    const quote = echoGateway('quote');
    const own = echoGateway('private');
    const server = setupServer(quoteSocketHandler(quote), privateSocketHandler(own));
    server.listen({ onUnhandledFrame: 'error' });
    servers.push(server);
    const a = await webTestSocket('ws://localhost/realtime');
    const b = await webTestSocket('ws://localhost/realtime_w');
    a.send({ ping: 1 });
    b.send('hello');
    expect(await a.next((f: Frame) => f.from === 'quote')).toEqual({ from: 'quote', text: '{"ping":1}' });
    expect(await b.next((f: Frame) => f.from === 'private')).toEqual({ from: 'private', text: 'hello' });
    a.close();
    await a.closed;
    await expect.poll(() => quote.closed).toEqual(['quote']);
    expect(own.closed).toEqual([]);
  });

  it('close a new connection at once while offline', async () => {
    let offline = true;
    const server = setupServer(quoteSocketHandler(echoGateway('quote'), '*/realtime', { isOffline: () => offline }));
    server.listen({ onUnhandledFrame: 'error' });
    servers.push(server);
    const refused = await webTestSocket('ws://localhost/realtime');
    expect((await refused.closed).code).toBe(1006);
    offline = false;
    const accepted = await webTestSocket('ws://localhost/realtime');
    accepted.send('x');
    expect(await accepted.next((f: Frame) => f.from === 'quote')).toMatchObject({ text: 'x' });
  });
});
