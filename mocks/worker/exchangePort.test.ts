import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseRuntime, openExchange, openExchangeEarly } from './exchangePort';
import type { ExchangeMessage } from './protocol';

/** A browser worker as far as exchangePort uses it: a port with onmessage, an onerror. */
class FakePort {
  onmessage: ((event: MessageEvent<ExchangeMessage>) => void) | null = null;
  postMessage() {}
  say(message: ExchangeMessage) {
    this.onmessage?.({ data: message } as MessageEvent<ExchangeMessage>);
  }
}
const opened: FakeSharedWorker[] = [];
class FakeSharedWorker {
  port = new FakePort();
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: URL) {
    opened.push(this);
  }
}

function withSharedWorker() {
  vi.stubGlobal('SharedWorker', FakeSharedWorker);
}

afterEach(() => {
  vi.unstubAllGlobals();
  opened.length = 0;
});

describe('the exchange worker opened as the page starts', () => {
  it('is the one the tab client takes, with what it said before the client listened, in order', () => {
    withSharedWorker();
    openExchangeEarly('shared');
    const worker = opened[0]!;
    expect(worker.url.pathname).toMatch(/exchangeWorker\.ts$/);
    worker.port.say({ t: 'loaded' });
    worker.port.say({ t: 'ready', bootMs: 12, joined: false });
    const taken = openExchange('shared');
    expect(taken.worker).toBe(worker);
    expect(taken.early.map((event) => event.data.t)).toEqual(['loaded', 'ready']);
    expect(taken.failed).toBeNull();
    expect(opened).toHaveLength(1);
  });

  it('keeps a failure to start that came before the client listened', () => {
    withSharedWorker();
    openExchangeEarly('shared');
    const failure = new Event('error');
    opened[0]!.onerror?.(failure);
    expect(openExchange('shared').failed).toBe(failure);
  });

  it('is taken once: a second client, or one that runs elsewhere, opens its own', () => {
    withSharedWorker();
    openExchangeEarly('shared');
    openExchangeEarly('shared');
    expect(opened).toHaveLength(1);
    expect(openExchange('shared').worker).toBe(opened[0]);
    expect(openExchange('shared').worker).toBe(opened[1]);
    expect(opened).toHaveLength(2);
  });
});

describe('the runtime a tab runs its exchange in', () => {
  it('is the shared worker where the browser has one, the page when asked', () => {
    withSharedWorker();
    expect(chooseRuntime(new URLSearchParams())).toBe('shared');
    expect(chooseRuntime(new URLSearchParams('mockRuntime=page'))).toBe('page');
  });

  it('is the page without any worker, whatever was asked', () => {
    vi.stubGlobal('SharedWorker', undefined);
    vi.stubGlobal('Worker', undefined);
    expect(chooseRuntime(new URLSearchParams('mockRuntime=dedicated'))).toBe('page');
  });
});
