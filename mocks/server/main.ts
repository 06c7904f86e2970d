/**
 * `npm run server [-- --port 4180 --dist dist-remote --session a.jsonl.gz …]`:
 * the embedded exchange as a local HTTP + WebSocket server on 127.0.0.1,
 * serving the built page too. Each --session file (e.g. one written by
 * `npm run import`) becomes a session the replay panel can pick.
 */
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoSessionSets } from '../market/hub/nodeSources';
import { openSessionFile } from '../market/session/node-io';
import { readAllEvents } from '../market/session/reader';
import type { SessionSet } from '../gateway/types';
import { startLocalServer } from './server';
import { sitePreset } from '../site';
import { openSqliteDataFolder } from '../runtime/sqliteStores';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function fileSet(path: string): Promise<SessionSet> {
  // Read once up front: a file that does not parse should stop the start, not a later replay.
  const stream = await openSessionFile(path);
  const events = await readAllEvents(stream);
  const session = { header: stream.header, events };
  return { name: basename(path), sources: [{ symbols: stream.header.symbols.map((s) => s.symbol), load: () => Promise.resolve(session) }] };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4180' },
      host: { type: 'string', default: '127.0.0.1' },
      dist: { type: 'string', default: 'dist-remote' },
      session: { type: 'string', multiple: true, default: [] },
      site: { type: 'string', default: 'global' },
      // Accounts, sessions, orders and balances survive a restart here; `--data-dir ''` keeps them in memory only.
      'data-dir': { type: 'string', default: '.mock-data' },
      // What scripts send in x-mock-control-token to use /mock/api/*; random per start unless given (or MOCK_CONTROL_TOKEN).
      'control-token': { type: 'string', default: process.env.MOCK_CONTROL_TOKEN ?? '' },
      // A name the user points at 127.0.0.1 (hosts file); any other Host header is refused (DNS rebinding).
      'allow-host': { type: 'string', multiple: true, default: [] },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${values.port} is not a port number`);
  if (values.host !== '127.0.0.1' && values.host !== 'localhost' && values.host !== '::1') {
    throw new Error('--host must be a loopback address: this server is for this machine only');
  }
  const extra = await Promise.all(values.session.map((p) => fileSet(resolve(p))));
  const stores = values['data-dir'] ? openSqliteDataFolder(resolve(ROOT, values['data-dir'])) : null;
  const server = await startLocalServer({
    sets: [...demoSessionSets(ROOT), ...extra],
    host: values.host,
    port,
    distDir: resolve(ROOT, values.dist),
    site: sitePreset(values.site),
    controlToken: values['control-token'],
    allowedHosts: values['allow-host'],
    ...stores,
  });
  process.stdout.write(`Embedded exchange server: ${server.url} (quotes ${server.wsUrl})\n`);
  process.stdout.write(`Control token for /mock/api/* from scripts (header x-mock-control-token): ${server.controlToken}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // The last save written and the database closed before the process goes.
    process.on(signal, () => void server.close().then(() => stores?.close()).then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(`server: ${(error as Error).message}`);
  process.exit(1);
});
