/**
 * Helpers for tests and benches that run the local server (`mocks/server/main.ts`)
 * as a child process: start it on a data folder, read the URL it prints, kill it
 * hard, and call its REST API the way a trader's script does (JSON bodies, a
 * Bearer token, no Origin header).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import nodeFlags from './nodeFlags.json';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  /** `http://127.0.0.1:P/` */
  url: string;
  /** `ws://127.0.0.1:P/realtime` */
  wsUrl: string;
  child: ChildProcess;
  /** ms from spawn to the printed URL */
  bootMs: number;
  /** what the server wrote to stderr so far (for failure messages) */
  stderr: () => string;
  /** SIGKILL (no flush, no close handlers); resolves once the process is gone */
  kill: () => Promise<void>;
  /** SIGTERM (the server closes cleanly); resolves once the process is gone */
  stop: () => Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** default: a folder that does not exist (API and sockets only) */
  dist?: string;
  extraArgs?: string[];
  /** the server's entry file; default env SERVER_ENTRY, else mocks/server/main.ts (another entry: e.g. main.ts on other stores) */
  entry?: string;
  timeoutMs?: number;
}

const SERVER_NODE_FLAGS: readonly string[] = nodeFlags.flags;

/**
 * Starts `node --import tsx mocks/server/main.ts --port 0 …` (one process: the
 * `tsx` launcher would put a second node in between that a SIGKILL does not reach)
 * in a process group of its own, and waits for the line naming its URL.
 */
export function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', options.entry ?? process.env.SERVER_ENTRY ?? 'mocks/server/main.ts', '--port', '0', '--data-dir', options.dataDir, '--dist', options.dist ?? resolve(ROOT, 'no-such-dist'), ...(options.extraArgs ?? [])];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        // The whole group: nothing the server started may outlive it.
        process.kill(-child.pid!, name);
      } catch {
        child.kill(name);
      }
    }
    await exited;
  };
  return new Promise<ServerProcess>((done, fail) => {
    const timer = setTimeout(() => {
      void signal('SIGKILL');
      fail(new Error(`server did not print its URL within ${options.timeoutMs ?? 30000} ms\n${out}\n${err}`));
    }, options.timeoutMs ?? 30000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Embedded exchange server: (http:\/\/\S+) \(quotes (ws:\/\/\S+)\)/.exec(out);
      if (match && timer) {
        clearTimeout(timer);
        done({
          url: match[1]!,
          wsUrl: match[2]!,
          child,
          bootMs: performance.now() - t0,
          stderr: () => err,
          kill: () => signal('SIGKILL'),
          stop: () => signal('SIGTERM'),
        });
      }
    });
    child.once('exit', (code, sig) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code ?? sig}) before printing its URL\n${out}\n${err}`));
    });
  });
}

export interface Envelope<T = Record<string, unknown>> {
  code: number;
  success: boolean;
  message?: string;
  result: T;
}

/** One REST call: GET without a body, POST with a JSON body; the token as a Bearer header. */
export async function callApi<T = Record<string, unknown>>(base: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path.replace(/^\//, '')}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
