// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../quote/frames';
import { memoryTestSocket } from '../quote/testSocket';
import { createPrivateGateway, USER_TOPICS } from './gateway';

describe('private socket', () => {
  it('answers pings, refuses user topics until login and unknown topics always', async () => {
    const gateway = createPrivateGateway();
    const ws = memoryTestSocket(gateway);
    ws.send({ ping: 42 });
    expect(ws.frames.at(-1)).toEqual({ pong: 42 });
    for (const topic of USER_TOPICS) {
      ws.send({ topic, event: 'sub', params: { binary: false } });
      expect(ws.frames.at(-1), topic).toEqual({ topic, event: 'sub', code: ERRORS.loginRequired[0], desc: 'Login required.' });
    }
    expect(USER_TOPICS.size).toBe(19);
    ws.send({ topic: 'trade', symbol: 'BTCUSDT', event: 'sub' });
    expect(ws.frames.at(-1)).toEqual({ topic: 'trade', symbol: 'BTCUSDT', event: 'sub', code: '-100011', desc: 'Invalid Topic!' });
    ws.send({ topic: 'order_new', event: 'cancel' });
    expect(ws.frames.at(-1)).toMatchObject({ code: '-100012' });
    ws.send({ topic: 'order_new', event: 'unsub' });
    expect(ws.frames.at(-1)).toMatchObject({ code: '-100002' });
    ws.send('{');
    expect(ws.frames.at(-1)).toEqual({ code: '-100001', desc: 'Invalid request.' });
  });

  it('drops its sockets abnormally', async () => {
    const gateway = createPrivateGateway();
    const a = memoryTestSocket(gateway);
    const b = memoryTestSocket(gateway);
    b.close();
    expect(gateway.dropSockets()).toBe(1);
    expect(await a.closed).toEqual({ code: 1006 });
  });
});
