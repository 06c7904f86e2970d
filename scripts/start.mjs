// `npm start`: build the PWA and serve the production build, because the
// service worker and offline behaviour only exist in the built app.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, binEnv, ensureDeps } from './ensure-deps.mjs';

const HOST = '127.0.0.1';
const PORT = 4173;
const APP_URL = `http://${HOST}:${PORT}/`;

async function responds() {
  try {
    await fetch(APP_URL, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

try {
  ensureDeps();
} catch (err) {
  console.error(`start: ${err.message}`);
  process.exit(1);
}

const build = spawnSync('sh', ['-c', 'npm run -s build'], { cwd: ROOT, stdio: 'inherit', env: binEnv() });
if (build.status !== 0) {
  console.error(`start: the build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`);
  process.exit(1);
}

// Otherwise the poll below could mistake someone else's server for ours.
if (await responds()) {
  console.error(`start: something is already serving ${APP_URL}; stop it first`);
  process.exit(1);
}

const preview = spawn('vite', ['preview', '--host', HOST, '--port', String(PORT), '--strictPort'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: binEnv(),
});
let exited = false;
preview.on('error', (err) => {
  console.error(`start: cannot run vite preview: ${err.message}`);
  process.exit(1);
});
preview.on('exit', (code, signal) => {
  exited = true;
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => preview.kill(sig));

// Vite's log format is not an API, so readiness is checked over HTTP.
while (!exited && !(await responds())) await new Promise((r) => setTimeout(r, 250));
if (!exited) console.log(`\nTrading page: ${APP_URL}\n`);
