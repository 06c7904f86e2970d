// @vitest-environment jsdom
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { createNodeBackend } from '../node';

/** The replay and fault controls under msw/node, called the way the page's replay panel calls them. */
describe('replay and fault controls', () => {
  const scheduler = new ManualScheduler(TEST_START);
  const { backend, server } = createNodeBackend({ sets: sharedDemoSets(), scheduler });
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' });
    await backend.hub.ready();
  });
  afterAll(() => {
    server.close();
    backend.close();
  });

  const post = async (path: string, body: BodyInit) => (await fetch(path, { method: 'POST', body })).json() as Promise<Record<string, unknown>>;
  const replay = (body: unknown) => post('/mock/api/replay', JSON.stringify(body));

  it('reports the replay, the gateway and the network', async () => {
    const body = (await (await fetch('/mock/api/replay')).json()) as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({ replay: { session: 'demo', speed: 1, paused: false }, gateway: { connections: 0 }, offline: false });
  });

  it('pauses, resumes, changes speed and seeks; refuses what makes no sense', async () => {
    await expect(replay({ action: 'pause' })).resolves.toMatchObject({ code: 0, result: { replay: { paused: true } } });
    const before = backend.hub.now();
    await scheduler.advance(2_000);
    expect(backend.hub.now()).toBe(before);
    await expect(replay({ action: 'speed', speed: 10 })).resolves.toMatchObject({ result: { replay: { speed: 10 } } });
    await expect(replay({ action: 'resume' })).resolves.toMatchObject({ result: { replay: { paused: false } } });
    await scheduler.advance(1_000);
    expect(backend.hub.now() - before).toBe(10_000);
    await expect(replay({ action: 'seek', position: 60_000 })).resolves.toMatchObject({ result: { replay: { position: 60_000 } } });
    await expect(replay({ action: 'speed', speed: 0 })).resolves.toMatchObject({ code: 10002, success: false });
    await expect(replay({ action: 'seek', position: 99_999_999 })).resolves.toMatchObject({ code: 10002, message: expect.stringContaining('position') });
    await expect(replay({ action: 'session', name: 'nope' })).resolves.toMatchObject({ code: 10002, message: 'unknown session' });
    await expect(replay({ action: 'fly' })).resolves.toMatchObject({ code: 10002, message: 'unknown action' });
    await expect(post('/mock/api/replay', '[1,2]')).resolves.toMatchObject({ code: 10001 });
    await replay({ action: 'speed', speed: 1 });
  });

  it('takes an uploaded session (gzip or plain) and refuses one with an unknown symbol', async () => {
    const header = { format: 'spot-session', version: 1, venue: 't', source: 't', licence: 't', symbols: [{ symbol: 'ETHUSDT', tick: '0.01', lot: '0.00001' }], start: 0, end: 1_000, checkpointIntervalMs: 60_000 };
    const lines = [header, { t: 0, seq: 1, ch: 'snapshot', msg: { s: 'ETHUSDT', b: [[250000, 100]], a: [[250010, 100]] } }].map((l) => JSON.stringify(l)).join('\n');
    const answer = await post('/mock/api/replay/upload?name=eth.jsonl.gz', gzipSync(lines));
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 0, result: { replay: { session: 'eth.jsonl.gz' } } });
    await backend.hub.want('ETHUSDT');
    expect(backend.hub.book('ETHUSDT', 1)).toMatchObject({ b: [[250000, 100]], a: [[250010, 100]] });
    const foreign = lines.replaceAll('ETHUSDT', 'NOPEUSDT');
    await expect(post('/mock/api/replay/upload?name=x', foreign)).resolves.toMatchObject({ code: 10003, message: expect.stringContaining('NOPEUSDT') });
    await expect(post('/mock/api/replay/upload?name=y', 'not a session')).resolves.toMatchObject({ code: 10003, message: expect.stringContaining('y:1') });
    await replay({ action: 'session', name: 'demo' });
  });

  it('injects faults and validates them; offline cuts REST until online', async () => {
    const fault = (body: unknown) => post('/mock/api/faults', JSON.stringify(body));
    await expect(fault({ kind: 'pauseFeed', ms: 1_000 })).resolves.toMatchObject({ code: 0, result: { replay: { feedPaused: true } } });
    await expect(fault({ kind: 'resumeFeed' })).resolves.toMatchObject({ result: { replay: { feedPaused: false } } });
    await expect(fault({ kind: 'meteor' })).resolves.toMatchObject({ code: 10002, message: 'unknown fault kind' });
    await expect(fault({ kind: 'offline', ms: 5_000 })).resolves.toMatchObject({ result: { offline: true } });
    await expect(fetch('/spot/api/basic/server_time')).rejects.toThrow('fetch failed');
    // The controls themselves stay reachable, or nothing could bring the network back.
    await expect(fault({ kind: 'online' })).resolves.toMatchObject({ result: { offline: false } });
    expect((await fetch('/spot/api/basic/server_time')).ok).toBe(true);
  });

  it('answers the ground truth of a depth stream only once it was pushed, and 404s unknown controls', async () => {
    const truth = await (await fetch('/mock/api/truth?topic=diffDepth&symbol=BTCUSDT')).json();
    expect(truth).toMatchObject({ code: 10004 });
    await expect((await fetch('/mock/api/truth?topic=nope&symbol=BTCUSDT')).json()).resolves.toMatchObject({ code: 10002 });
    expect((await fetch('/mock/api/nothing')).status).toBe(404);
  });
});
