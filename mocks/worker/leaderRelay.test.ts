// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TabPort } from './host';
import { RELAY_CHANNEL, startLeaderRelay, type RelayChannel, type RelayLocks } from './leaderRelay';
import type { ExchangeMessage, HttpAnswer, TabMessage } from './protocol';

/** Web Locks for several workers of one origin: exclusive, granted in request order, released when a holder dies. */
function lockRegistry() {
  const held = new Map<string, string>();
  const queues = new Map<string, { owner: string; grant: () => void }[]>();
  const dead = new Set<string>();
  function next(name: string) {
    const queue = queues.get(name) ?? [];
    while (queue.length && !held.has(name)) {
      const waiter = queue.shift()!;
      if (dead.has(waiter.owner)) continue;
      held.set(name, waiter.owner);
      waiter.grant();
    }
  }
  return {
    managerFor(owner: string): RelayLocks {
      return {
        request(name, callback) {
          return new Promise<void>((done) => {
            const queue = queues.get(name) ?? [];
            queues.set(name, queue);
            queue.push({
              owner,
              grant: () => {
                void callback().then(() => {
                  held.delete(name);
                  done();
                  next(name);
                });
              },
            });
            next(name);
          });
        },
      };
    },
    /** A worker ends (its tab closed): every lock it held is free. */
    kill(owner: string) {
      dead.add(owner);
      for (const [name, holder] of [...held]) {
        if (holder !== owner) continue;
        held.delete(name);
        next(name);
      }
    },
  };
}

/** An exchange stand-in: says which worker answered, and records the tabs that closed. */
function fakeHost(worker: string, closedTabs: string[]) {
  return (port: TabPort) => {
    let tab = '';
    port.onmessage = (event) => {
      const message = event.data;
      if (message.t === 'hello') {
        tab = message.tab;
        port.postMessage({ t: 'ready', bootMs: 0, joined: false });
      }
      if (message.t === 'http' && !message.url.endsWith('/hang')) {
        const body = new TextEncoder().encode(worker).buffer;
        port.postMessage({ t: 'http', id: message.id, answer: { status: 200, statusText: 'OK', headers: [], setCookies: [], body } });
      }
    };
    port.addEventListener?.('close', () => closedTabs.push(tab));
  };
}

/** A short pause, only before checking that something has NOT happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** BroadcastChannel and lock grants are asynchronous; on a busy machine a message may take longer than any fixed pause. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 5 });
const isReady = (tab: { received: ExchangeMessage[] }) => () => expect(tab.received.some((m) => m.t === 'ready')).toBe(true);

describe('the dedicated-worker fallback: one leader runs the exchange', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    for (const channel of channels.splice(0)) channel.close();
  });

  function startWorker(name: string, locks: ReturnType<typeof lockRegistry>, closedTabs: string[]) {
    const received: ExchangeMessage[] = [];
    let toWorker: (message: TabMessage) => void = () => undefined;
    const channel = new BroadcastChannel(RELAY_CHANNEL);
    channels.push(channel);
    void startLeaderRelay({
      id: name,
      tab: { post: (message) => received.push(message), listen: (onMessage) => (toWorker = onMessage) },
      channel: channel as unknown as RelayChannel,
      locks: locks.managerFor(name),
      connect: fakeHost(name, closedTabs),
    });
    let id = 0;
    const tab = {
      received,
      send: (message: TabMessage) => toWorker(message),
      call(path = '/x'): number {
        id += 1;
        toWorker({ t: 'http', id, url: `http://127.0.0.1${path}`, method: 'GET', headers: [], body: null });
        return id;
      },
      answer(callId: number): HttpAnswer | undefined {
        const reply = received.find((m) => m.t === 'http' && m.id === callId);
        return reply?.t === 'http' ? reply.answer : undefined;
      },
      answeredBy(callId: number): string | undefined {
        const answer = tab.answer(callId);
        return typeof answer === 'object' ? new TextDecoder().decode(answer.body!) : answer;
      },
      kill() {
        channel.close();
        locks.kill(name);
      },
    };
    tab.send({ t: 'hello', tab: `tab-${name}`, site: null, faults: null, legacy: {} });
    return tab;
  }

  it('the first worker leads; a second tab is answered by it, not by an exchange of its own', async () => {
    const locks = lockRegistry();
    const a = startWorker('a', locks, []);
    await eventually(isReady(a));
    const b = startWorker('b', locks, []);
    const fromA = a.call();
    const fromB = b.call();
    await eventually(() => {
      expect(a.answeredBy(fromA)).toBe('a');
      expect(b.answeredBy(fromB)).toBe('a');
    });
    expect(b.received.some((m) => m.t === 'ready')).toBe(true);
  });

  it('when the leader goes, the next worker leads; what was in flight fails like a dropped connection', async () => {
    const locks = lockRegistry();
    const closed: string[] = [];
    const a = startWorker('a', locks, closed);
    await eventually(isReady(a));
    const b = startWorker('b', locks, closed);
    await eventually(isReady(b));
    const hanging = b.call('/hang');
    b.send({ t: 'ws-open', id: 99, kind: 'quote', token: null });
    await settle();
    expect(b.answer(hanging)).toBeUndefined();

    a.kill();
    await eventually(() => {
      expect(b.answer(hanging)).toBe('network-error');
      expect(b.received).toContainEqual(expect.objectContaining({ t: 'ws-close', id: 99, code: 1006 }));
    });
    const after = b.call();
    await eventually(() => expect(b.answeredBy(after)).toBe('b'));
  });

  it('a follower that dies without a goodbye is closed in the exchange (its sockets freed)', async () => {
    const locks = lockRegistry();
    const closed: string[] = [];
    const a = startWorker('a', locks, closed);
    await eventually(isReady(a));
    const b = startWorker('b', locks, closed);
    const call = b.call();
    await eventually(() => expect(b.answeredBy(call)).toBe('a'));
    expect(closed).toEqual([]);
    b.kill();
    await eventually(() => expect(closed).toEqual(['tab-b']));
  });

  it('a tab that speaks before any leader is known is heard, in order, once one is', async () => {
    const locks = lockRegistry();
    const a = startWorker('a', locks, []);
    const first = a.call();
    const second = a.call();
    await eventually(() => expect([a.answeredBy(first), a.answeredBy(second)]).toEqual(['a', 'a']));
    expect(a.received.findIndex((m) => m.t === 'ready')).toBeLessThan(a.received.findIndex((m) => m.t === 'http'));
  });
});
