/**
 * Test support: private sockets to a contract runtime (mocks/runtime/contractKit.ts),
 * signed in by cookie or not. The server runtime is reached with the `ws`
 * client, which can send a Cookie header with the upgrade request as a
 * browser does; under msw/node the socket is intercepted and shows no
 * headers, so the page's cookie is handed over through the runtime's
 * `socketTokenOf` (in-page: document.cookie), which `pageCookie` plays here.
 */
import WebSocketClient from 'ws';
import { sessionFromCookies } from '../../accounts/profiles';
import type { BackendOptions } from '../../runtime/backend';
import type { ContractRuntime } from '../../runtime/contractKit';
import { FrameLog, webTestSocket, type TestSocket } from '../quote/testSocket';

/** The cookie an msw/node runtime's page holds when a socket connects. */
export const page = { cookie: null as string | null };

/** Options for `startRuntime` so an msw/node runtime reads `page.cookie` for its sockets. */
export const pageCookieOptions: Partial<BackendOptions> = { socketTokenOf: () => sessionFromCookies(page.cookie) };

async function wsClientSocket(url: string, cookie: string | null): Promise<TestSocket> {
  const log = new FrameLog();
  const socket = new WebSocketClient(url, cookie ? { headers: { cookie } } : {});
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  socket.on('message', (data: Buffer) => log.add(data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', () => reject(new Error(`cannot connect to ${url}`)));
  });
  const send = (frame: object | string) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { send, closed, frames: log.frames, next: log.next.bind(log), drain: log.drain.bind(log), close: () => socket.close() };
}

/** A private socket to the runtime, carrying `cookie` (e.g. `spot_session=<token>`) when given. */
export async function privateSocket(rt: ContractRuntime, cookie: string | null = null): Promise<TestSocket> {
  if (rt.kind === 'server') return wsClientSocket(rt.privateSocketUrl, cookie);
  page.cookie = cookie;
  try {
    return await webTestSocket(rt.privateSocketUrl);
  } finally {
    page.cookie = null;
  }
}

/** A socket signed in with an auth frame, answered before this resolves. */
export async function signedInSocket(rt: ContractRuntime, token: string): Promise<TestSocket> {
  const ws = await privateSocket(rt);
  ws.send({ event: 'auth', params: { token } });
  const answer = await ws.next((f) => f.event === 'auth');
  if (answer.code !== '0') throw new Error(`auth refused: ${JSON.stringify(answer)}`);
  return ws;
}

/** Subscribes and waits for the acknowledgement (or the error frame), which it answers. */
export async function subscribe(ws: TestSocket, topic: string) {
  ws.send({ topic, event: 'sub', params: { binary: false } });
  return ws.next((f) => f.topic === topic && f.event === 'sub');
}
