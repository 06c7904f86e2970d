/**
 * Contract tests run the same calls against two runtimes of the embedded
 * exchange: msw/node (the page's fetch intercepted in-process) and the local
 * server (real HTTP on 127.0.0.1). Both wrap createBackend, on a manual clock
 * over the shared demo sessions. Test files using this stay in the default
 * (jsdom) environment: it gives msw/node the page origin.
 */
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { createNodeBackend } from '../node';
import { startLocalServer } from '../server/server';
import { CONTROL_TOKEN_HEADER } from '../server/guard';
import type { Backend, BackendOptions } from './backend';

export type RuntimeKind = 'msw/node' | 'server';
export const RUNTIMES: readonly RuntimeKind[] = ['msw/node', 'server'];

export interface ContractEnvelope {
  code: number;
  success: boolean;
  message?: string;
  result?: unknown;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** a JSON body (objects are serialised; strings are sent as they are) */
  body?: unknown;
  /** the session token, sent as `Authorization: Bearer` */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface ContractRuntime {
  kind: RuntimeKind;
  backend: Backend;
  scheduler: ManualScheduler;
  /** absolute URL of a path on this runtime */
  url(path: string): string;
  /** ws(s) URL of the private socket (server runtime: a real socket; msw/node: intercepted) */
  privateSocketUrl: string;
  call(path: string, options?: CallOptions): Promise<ContractEnvelope & { status: number; headers: Headers }>;
  /** signs a user in through the login call and answers the session token */
  signIn(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startRuntime(kind: RuntimeKind, options: Partial<BackendOptions> = {}): Promise<ContractRuntime> {
  const scheduler = (options.scheduler as ManualScheduler | undefined) ?? new ManualScheduler(TEST_START);
  const backendOptions: BackendOptions = { sets: sharedDemoSets(), ...options, scheduler };
  let backend: Backend;
  let origin: string;
  let privateSocketUrl: string;
  let close: () => Promise<void>;
  // The local server keeps /mock/api/* to its own page or this token (a test is a script).
  let controlToken: string | null = null;
  if (kind === 'msw/node') {
    const node = createNodeBackend(backendOptions);
    node.server.listen({ onUnhandledFrame: 'bypass' });
    backend = node.backend;
    origin = globalThis.location?.origin ?? 'http://localhost';
    privateSocketUrl = 'ws://localhost/realtime_w';
    close = () => {
      node.server.close();
      node.backend.close();
      return Promise.resolve();
    };
  } else {
    const server = await startLocalServer({ ...backendOptions, port: 0 });
    backend = server.backend;
    origin = server.url.replace(/\/$/, '');
    privateSocketUrl = server.wsUrl.replace(/\/realtime$/, '/realtime_w');
    close = () => server.close();
    controlToken = server.controlToken;
  }
  await backend.hub.ready();
  const url = (path: string) => `${origin}${path}`;
  const call: ContractRuntime['call'] = async (path, o = {}) => {
    const headers: Record<string, string> = { ...(controlToken ? { [CONTROL_TOKEN_HEADER]: controlToken } : {}), ...o.headers };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const response = await fetch(url(path), {
      method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
      headers,
      body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    });
    const text = await response.text();
    let envelope: ContractEnvelope;
    try {
      envelope = JSON.parse(text) as ContractEnvelope;
    } catch {
      envelope = { code: -1, success: false, message: text.slice(0, 200) };
    }
    return { ...envelope, status: response.status, headers: response.headers };
  };
  return {
    kind,
    backend,
    scheduler,
    url,
    privateSocketUrl,
    call,
    async signIn(userId) {
      const answer = await call('/user/api/login', { body: { userId } });
      const token = (answer.result as { token?: string } | undefined)?.token;
      if (!token) throw new Error(`sign-in of ${userId} failed: ${answer.code} ${answer.message ?? ''}`);
      return token;
    },
    close,
  };
}
