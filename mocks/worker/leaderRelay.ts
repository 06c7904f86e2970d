/**
 * The exchange for browsers without SharedWorker: each tab starts a
 * dedicated worker, and the workers of one origin elect a leader with a Web
 * Lock. The leader runs the one exchange (and is the only writer of its
 * database); every other worker relays its tab's messages to the leader over
 * a BroadcastChannel and the answers back. When the leader's tab goes, its
 * lock is released, the next waiting worker takes it and boots the exchange
 * from the database, and the followers move to it: what was in flight with
 * the old leader fails as a dropped connection would (calls answer
 * network-error, sockets close abnormally, and the page reconnects).
 */
import { ABNORMAL_CLOSE } from '../gateway/frameText';
import type { TabPort } from './host';
import type { ExchangeMessage, Hello, TabMessage } from './protocol';

/** What crosses the BroadcastChannel between the workers of one origin. */
export type RelayMessage =
  | { r: 'who-leads' }
  | { r: 'leader'; leader: string }
  | { r: 'to-leader'; from: string; m: TabMessage }
  | { r: 'to-tab'; to: string; m: ExchangeMessage };

export interface RelayChannel {
  postMessage(message: RelayMessage): void;
  onmessage: ((event: MessageEvent<RelayMessage>) => void) | null;
}

/** The part of the Web Locks API the relay uses (a fake in unit tests). */
export interface RelayLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/** The worker's own tab: messages from it, and a way to answer. */
export interface OwnTab {
  post(message: ExchangeMessage, transfer?: Transferable[]): void;
  listen(onMessage: (message: TabMessage) => void): void;
}

export const LEADER_LOCK = 'spot-embedded-exchange:leader';
/** Held by each worker for its whole life: the leader learns a tab has gone when it gets this lock. */
export const TAB_LOCK_PREFIX = 'spot-embedded-exchange:tab:';
export const RELAY_CHANNEL = 'spot-embedded-exchange';

const forever = () => new Promise<void>(() => undefined);

/** A port of the host that stands for one follower's tab: its messages come and go over the channel. */
function relayedPort(send: (message: ExchangeMessage) => void) {
  const closeListeners: (() => void)[] = [];
  const port: TabPort & { deliver(message: TabMessage): void; closed(): void } = {
    postMessage: (message) => send(message),
    onmessage: null,
    addEventListener: (_type, listener) => closeListeners.push(listener),
    deliver: (message) => port.onmessage?.({ data: message } as MessageEvent<TabMessage>),
    closed: () => closeListeners.splice(0).forEach((listener) => listener()),
  };
  return port;
}

export async function startLeaderRelay(options: {
  id: string;
  tab: OwnTab;
  channel: RelayChannel;
  locks: RelayLocks;
  /** the exchange's host: called once this worker leads, for its own tab and each follower's */
  connect: (port: TabPort) => void;
}): Promise<void> {
  const { id, tab, channel, locks, connect } = options;
  /** the worker that runs the exchange (this one's id when it leads); null until one is known */
  let leader: string | null = null;
  let hello: Hello | null = null;
  /** the tab's messages sent before any leader was known */
  const waiting: TabMessage[] = [];
  /** what the tab waits on: failed if the leader goes before answering */
  const pendingCalls = new Set<number>();
  const openSockets = new Set<number>();
  let ownPort: ReturnType<typeof relayedPort> | null = null;
  const followers = new Map<string, ReturnType<typeof relayedPort>>();

  const toTab = (message: ExchangeMessage, transfer?: Transferable[]) => {
    if (message.t === 'http') pendingCalls.delete(message.id);
    if (message.t === 'ws-close') openSockets.delete(message.id);
    tab.post(message, transfer);
  };

  function failOutstanding() {
    for (const call of pendingCalls) tab.post({ t: 'http', id: call, answer: 'network-error' });
    for (const socket of openSockets) tab.post({ t: 'ws-close', id: socket, code: ABNORMAL_CLOSE, reason: 'the exchange moved to another tab' });
    pendingCalls.clear();
    openSockets.clear();
  }

  function route(message: TabMessage) {
    if (leader === id) ownPort?.deliver(message);
    else if (leader) channel.postMessage({ r: 'to-leader', from: id, m: message });
    else waiting.push(message);
  }

  /** Sends the tab's hello and anything it said before a leader was known to a new leader. */
  function moveTo(newLeader: string) {
    const hadLeader = leader !== null;
    if (hadLeader) failOutstanding();
    leader = newLeader;
    if (hadLeader) {
      if (hello) route(hello);
    } else {
      for (const message of waiting.splice(0)) route(message);
    }
  }

  function follower(from: string) {
    const known = followers.get(from);
    if (known) return known;
    const port = relayedPort((message) => channel.postMessage({ r: 'to-tab', to: from, m: message }));
    followers.set(from, port);
    connect(port);
    // Granted only when that tab's worker has gone (closed without a goodbye, or crashed): free its sockets.
    void locks.request(TAB_LOCK_PREFIX + from, async () => {
      followers.delete(from);
      port.closed();
    });
    return port;
  }

  function lead() {
    ownPort = relayedPort(toTab);
    connect(ownPort);
    moveTo(id);
    channel.postMessage({ r: 'leader', leader: id });
  }

  tab.listen((message) => {
    if (message.t === 'hello') hello = message;
    if (message.t === 'http') pendingCalls.add(message.id);
    if (message.t === 'ws-open') openSockets.add(message.id);
    if (message.t === 'ws-close') openSockets.delete(message.id);
    route(message);
  });

  channel.onmessage = (event) => {
    const message = event.data;
    switch (message.r) {
      case 'who-leads':
        if (leader === id) channel.postMessage({ r: 'leader', leader: id });
        break;
      case 'leader':
        if (message.leader !== id && message.leader !== leader) moveTo(message.leader);
        break;
      case 'to-tab':
        if (message.to === id) toTab(message.m);
        break;
      case 'to-leader':
        if (leader === id) follower(message.from).deliver(message.m);
        break;
    }
  };

  // This worker's own lock first, so a leader that asks for it waits as long as this tab lives.
  await new Promise<void>((held) => {
    void locks.request(TAB_LOCK_PREFIX + id, () => {
      held();
      return forever();
    });
  });
  void locks.request(LEADER_LOCK, () => {
    lead();
    return forever();
  });
  channel.postMessage({ r: 'who-leads' });
}
