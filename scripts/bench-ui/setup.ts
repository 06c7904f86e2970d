/**
 * What the browser benchmark needs around the browser: the real BTCUSDT
 * recording converted to a session file in a temp folder (never in the
 * project tree: the data is not the project's), the built demo app and a
 * `vite preview` server for it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { importFiles } from '../../mocks/market/importers/driver';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const DATA = resolve(ROOT, '..', 'shared', 'data');
export const DIST = join(ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');

/** The day files of the Binance BTCUSDT recording, in time order (one session split at midnight). */
export function btcusdtRecording(): string[] {
  if (!existsSync(DATA)) return [];
  return readdirSync(DATA)
    .filter((f) => /^binance-spot-btcusdt-\d{8}\.raw\.gz$/.test(f))
    .sort()
    .map((f) => join(DATA, f));
}

/** Imports the recording into `output` (gzip JSON Lines), as `npm run import -- binance …` would. */
export async function importRecording(inputs: string[], output: string) {
  const report = await importFiles({
    format: 'binance',
    inputs,
    output,
    instruments: [{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }],
    defaultSymbol: 'BTCUSDT',
    venue: 'binance-spot',
    source: 'bench-ui',
    licence: 'MIT (hftbacktest examples)',
  });
  return { spanMs: report.header.end - report.header.start, stats: report.stats };
}

/** Builds dist/ with `vite build` (the demo build: embedded exchange). */
export function buildDist(): void {
  const result = spawnSync(VITE, ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** `wanted` when nothing listens there, else one the system hands out. */
export async function freePort(wanted: number): Promise<number> {
  if (await portIsFree(wanted)) return wanted;
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

export interface Preview {
  url: string;
  stop(): Promise<void>;
}

/** Serves a build (dist/ unless told) with `vite preview` on 127.0.0.1:port and waits until it answers. */
export async function startPreview(port: number, outDir = DIST): Promise<Preview> {
  // Its own process group, so stopping it also stops anything it started.
  const child: ChildProcess = spawn(VITE, ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone in the meantime
      }
    }, 3_000);
    await exited;
    clearTimeout(killer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`vite preview did not answer on ${url} within 30 s`);
}

/** Why a browser benchmark cannot run here (dist/ aside), or null. */
export function missingBrowserPrerequisite(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`;
  if (btcusdtRecording().length === 0) return `no Binance BTCUSDT recording in ${DATA}`;
  return null;
}

/**
 * A browser section of `npm run bench`: skipped with the reason where it
 * cannot run (no Chromium, no data, no build); a run that breaks prints why
 * and fails the command, the figures printed before it still stand.
 */
export async function runBrowserSection(title: string, dist: string, ownCommand: string, run: () => Promise<void>): Promise<void> {
  console.log(`\n${title}\n`);
  const missing = missingBrowserPrerequisite() ?? (existsSync(join(dist, 'index.html')) ? null : `${relative(ROOT, dist) || dist}/ not built (run \`npx vite build\`, or \`${ownCommand}\`, which builds it)`);
  if (missing) {
    console.log(`  skipped: ${missing}`);
    return;
  }
  try {
    await run();
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/** A browser benchmark run on its own: builds dist/ first when it is missing. */
export async function runBrowserBenchAlone(title: string, dist: string, run: () => Promise<void>): Promise<void> {
  console.log(`\n${title}\n`);
  const missing = missingBrowserPrerequisite();
  if (missing) {
    console.log(`  skipped: ${missing}`);
    return;
  }
  if (!existsSync(join(dist, 'index.html'))) {
    if (dist !== DIST) throw new Error(`${dist} holds no build`);
    console.log('  dist/ is missing: building the demo app with `vite build` first');
    buildDist();
  }
  await run();
}
