// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { FaultsByTab } from '../faults';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { createBackend } from '../runtime/backend';
import { createExchangeHost, wantedSymbols, type HostedExchange, type TabPort } from './host';
import type { ExchangeMessage, HttpAnswer, TabMessage } from './protocol';

const ORIGIN = 'http://127.0.0.1:4173';

/** A tab of the test: its end of a real MessageChannel, and what the exchange sent it. */
function openTab(host: ReturnType<typeof createExchangeHost>, tab: string, faults: string | null = null) {
  const channel = new MessageChannel();
  host.connect(channel.port2 as unknown as TabPort);
  const received: ExchangeMessage[] = [];
  const waiters: (() => void)[] = [];
  channel.port1.onmessage = (event: MessageEvent<ExchangeMessage>) => {
    received.push(event.data);
    for (const wake of waiters.splice(0)) wake();
  };
  const send = (message: TabMessage) => channel.port1.postMessage(message);
  async function next(match: (m: ExchangeMessage) => boolean): Promise<ExchangeMessage> {
    for (;;) {
      const found = received.findIndex(match);
      if (found >= 0) return received.splice(found, 1)[0]!;
      await new Promise<void>((wake) => waiters.push(wake));
    }
  }
  let id = 0;
  async function call(path: string, method = 'GET', body?: unknown): Promise<HttpAnswer> {
    id += 1;
    const callId = id;
    const bytes = body === undefined ? null : new TextEncoder().encode(JSON.stringify(body)).buffer;
    send({ t: 'http', id: callId, url: ORIGIN + path, method, headers: [['content-type', 'application/json']], body: bytes });
    const reply = await next((m) => m.t === 'http' && m.id === callId);
    return (reply as { answer: HttpAnswer }).answer;
  }
  send({ t: 'hello', tab, site: null, faults, legacy: {} });
  return { send, next, call, close: () => channel.port1.close() };
}

const json = (answer: HttpAnswer) => {
  if (typeof answer !== 'object') throw new Error(`no answer: ${answer}`);
  return JSON.parse(new TextDecoder().decode(answer.body ?? new ArrayBuffer(0))) as Record<string, unknown>;
};

describe('the shared exchange host', () => {
  const scheduler = new ManualScheduler(TEST_START);
  const faults = new FaultsByTab();
  let boots = 0;
  const backend = createBackend({ sets: sharedDemoSets(), scheduler, faults });
  const host = createExchangeHost(async () => {
    boots += 1;
    await backend.hub.ready();
    return { backend, faults, origin: ORIGIN };
  });
  const tabs: { close(): void }[] = [];
  afterAll(() => {
    for (const t of tabs) t.close();
    backend.close();
  });

  it('boots one exchange for every tab; the first starts it, the next ones join', async () => {
    const a = openTab(host, 'tab-a');
    const b = openTab(host, 'tab-b');
    tabs.push(a, b);
    expect(await a.next((m) => m.t === 'ready')).toMatchObject({ joined: false });
    expect(await b.next((m) => m.t === 'ready')).toMatchObject({ joined: true });
    expect(boots).toBe(1);
    // Both read the one replay: a pause from one tab is the other's pause.
    await a.call('/mock/api/replay', 'POST', { action: 'pause' });
    expect(json(await b.call('/mock/api/replay'))).toMatchObject({ result: { replay: { paused: true } } });
    await b.call('/mock/api/replay', 'POST', { action: 'resume' });
    expect(json(await a.call('/mock/api/replay'))).toMatchObject({ result: { replay: { paused: false } } });
  });

  it("keeps each tab's ?mockFault= plan its own", async () => {
    const faulty = openTab(host, 'tab-faulty', '/spot/api/account/info:error:1');
    const calm = openTab(host, 'tab-calm');
    tabs.push(faulty, calm);
    await faulty.next((m) => m.t === 'ready');
    await calm.next((m) => m.t === 'ready');
    const first = await faulty.call('/spot/api/account/info');
    expect(typeof first === 'object' && first.status).toBe(500);
    const calmAnswer = await calm.call('/spot/api/account/info');
    expect(typeof calmAnswer === 'object' && calmAnswer.status).not.toBe(500);
    // The fault was for one use.
    const second = await faulty.call('/spot/api/account/info');
    expect(typeof second === 'object' && second.status).not.toBe(500);
  });

  it('answers "bypass" for a request no route takes, and a dropped connection while the network is down', async () => {
    const tab = openTab(host, 'tab-bypass');
    tabs.push(tab);
    expect(await tab.call('/not/an/exchange/path')).toBe('bypass');
    backend.network.setOffline(null);
    try {
      expect(await tab.call('/spot/api/account/info')).toBe('network-error');
      tab.send({ t: 'ws-open', id: 3, kind: 'quote', token: null });
      expect(await tab.next((m) => m.t === 'ws-close' && m.id === 3)).toMatchObject({ code: 1006 });
    } finally {
      backend.network.setOnline();
    }
  });

  it('carries a socket: frames both ways, and a tab that leaves closes its sockets', async () => {
    const tab = openTab(host, 'tab-socket');
    tabs.push(tab);
    tab.send({ t: 'ws-open', id: 7, kind: 'quote', token: null });
    tab.send({ t: 'ws-send', id: 7, data: JSON.stringify({ ping: 42 }) });
    const pong = await tab.next((m) => m.t === 'ws-frame' && m.id === 7 && m.data.includes('pong'));
    expect(JSON.parse((pong as { data: string }).data)).toMatchObject({ pong: 42 });
    const before = backend.quote.stats().connections;
    tab.send({ t: 'bye' });
    await tab.call('/mock/api/replay');
    expect(backend.quote.stats().connections).toBe(before - 1);
  });
});

describe("a tab's hello names the markets its page opens on", () => {
  it('keeps at most four plain symbol names and drops anything else', () => {
    expect(wantedSymbols(['BTCUSDT', 'ETHUSDT'])).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(wantedSymbols(['btcusdt', '../x', '', 7, null, 'A'.repeat(25), 'DOGEUSDT'])).toEqual(['DOGEUSDT']);
    expect(wantedSymbols(['A1', 'B2', 'C3', 'D4', 'E5'])).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(wantedSymbols('BTCUSDT')).toEqual([]);
    expect(wantedSymbols(undefined)).toEqual([]);
  });

  it('starts loading those sessions at the hello, before any call names them', async () => {
    const wanted: string[] = [];
    const channel = new MessageChannel();
    const host = createExchangeHost(async () => ({
      backend: { hub: { want: async (symbol: string) => wanted.push(symbol) > 0 } } as unknown as HostedExchange['backend'],
      faults: new FaultsByTab(),
      origin: ORIGIN,
    }));
    host.connect(channel.port2 as unknown as TabPort);
    const ready = new Promise<void>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<ExchangeMessage>) => event.data.t === 'ready' && resolve();
    });
    channel.port1.postMessage({ t: 'hello', tab: 'tab-w', site: null, faults: null, legacy: {}, wants: ['BTCUSDT', 'no such'] } satisfies TabMessage);
    await ready;
    expect(wanted).toEqual(['BTCUSDT']);
    channel.port1.close();
  });
});

describe('a shared exchange left by every tab', () => {
  const fakeExchange = async (): Promise<HostedExchange> => ({
    backend: { hub: { want: async () => true } } as unknown as HostedExchange['backend'],
    faults: new FaultsByTab(),
    origin: ORIGIN,
  });
  /** A tab that says hello and waits for the exchange's ready. */
  async function join(host: ReturnType<typeof createExchangeHost>, tab: string) {
    const channel = new MessageChannel();
    host.connect(channel.port2 as unknown as TabPort);
    const ready = new Promise<void>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<ExchangeMessage>) => event.data.t === 'ready' && resolve();
    });
    channel.port1.postMessage({ t: 'hello', tab, site: null, faults: null, legacy: {} } satisfies TabMessage);
    await ready;
    return channel.port1;
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  };

  it('ends itself once no tab has come back within its wait, and not while a reload joins it', async () => {
    let ended = 0;
    const host = createExchangeHost(fakeExchange, undefined, { onIdle: () => (ended += 1), idleMs: 60 });
    const first = await join(host, 'tab-1');
    expect(host.tabs()).toBe(1);
    // A reload: the page says bye, and the next one joins within the wait.
    first.postMessage({ t: 'bye' } satisfies TabMessage);
    await until(() => host.tabs() === 0);
    const second = await join(host, 'tab-2');
    await new Promise((r) => setTimeout(r, 100));
    expect(ended).toBe(0);
    // A second bye of one page (pagehide, then its port closing) counts once.
    second.postMessage({ t: 'bye' } satisfies TabMessage);
    second.postMessage({ t: 'bye' } satisfies TabMessage);
    await until(() => ended > 0);
    expect(ended).toBe(1);
    expect(host.tabs()).toBe(0);
    first.close();
    second.close();
  });
});
