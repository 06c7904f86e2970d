// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';
import { createRouteLines } from './lines';

/** Every line serves the whole REST API with its latency; a failing line answers nothing. */
const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

const SPECS = [
  { id: 'line-1', name: 'Line 1', base: '/line/1', latencyMs: 10 },
  { id: 'line-2', name: 'Line 2', base: '/line/2', latencyMs: 150 },
];

function backend() {
  const lines = createRouteLines(SPECS);
  const server = setupServer(...createHandlers({ lines, scheduler: { now: () => 1_000 } }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
  return lines;
}

async function timed(path: string, init?: RequestInit) {
  const start = performance.now();
  const response = await fetch(path, init);
  return { ms: performance.now() - start, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('route lines', () => {
  it('answers a REST call through /line/2 with the origin body, after the line latency', async () => {
    const lines = backend();
    const direct = await timed('/spot/api/basic/symbol_list');
    const routed = await timed('/line/2/spot/api/basic/symbol_list');
    expect(routed.body).toEqual(direct.body);
    expect(routed.body).toMatchObject({ code: 0, success: true });
    expect(routed.ms).toBeGreaterThanOrEqual(140);
    expect(lines.list().map((l) => l.served)).toEqual([0, 1]);
  });

  it('forwards POST bodies, query strings and refusals unchanged', async () => {
    backend();
    const post = await timed('/line/1/spot/api/support/chat', { method: 'POST', body: JSON.stringify({ message: 'fees' }) });
    expect(post.body).toMatchObject({ code: 0, result: { reply: expect.stringContaining('0.1 %') } });
    expect((await timed('/line/1/spot/api/support/chat', { method: 'POST', body: '{}' })).body).toMatchObject({ code: 10001 });
    const tickers = await timed('/line/1/spot/api/quote/v2/tickers?symbol=NOPE');
    expect(tickers.body).toEqual((await timed('/spot/api/quote/v2/tickers?symbol=NOPE')).body);
  });

  it('does not route the simulator controls, nested lines or unknown lines', async () => {
    backend();
    expect((await timed('/line/1/mock/api/replay')).status).toBe(404);
    expect((await timed('/line/1/line/2/spot/api/basic/symbol_list')).status).toBe(404);
    expect((await timed('/line/9/spot/api/basic/symbol_list')).status).toBe(404);
  });

  it('a failing line fails its calls and its probe like a dropped connection; a slowed one answers later', async () => {
    const lines = backend();
    lines.change(2, { fail: true });
    await expect(fetch('/line/2/spot/api/basic/symbol_list')).rejects.toThrow(TypeError);
    await expect(fetch('/line/2/t1')).rejects.toThrow(TypeError);
    lines.change(2, { fail: false });
    lines.change(1, { latencyMs: 200 });
    const probe = await timed('/line/1/t1');
    expect(probe.body).toMatchObject({ code: 0, result: { t: 1_000 } });
    expect(probe.ms).toBeGreaterThanOrEqual(190);
    expect(lines.change(7, { fail: true })).toBeNull();
  });
});
