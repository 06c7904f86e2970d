// `npm run server [-- --no-build] [-- server options]`: builds the page for a
// remote backend (dist-remote/) and serves it with the embedded exchange as a
// real HTTP + WebSocket server on 127.0.0.1 (mocks/server/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { ROOT, binEnv, ensureDeps } from './ensure-deps.mjs';

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const serverArgs = args.filter((a) => a !== '--no-build');

try {
  ensureDeps();
} catch (err) {
  console.error(`server: ${err.message}`);
  process.exit(1);
}

if (!skipBuild) {
  const build = spawnSync('sh', ['-c', 'npm run -s build:remote'], { cwd: ROOT, stdio: 'inherit', env: binEnv() });
  if (build.status !== 0) {
    console.error(`server: the build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`);
    process.exit(1);
  }
}

// tsx hands node's own flags to node (why these: the file's note).
const { flags: nodeFlags } = JSON.parse(readFileSync(join(ROOT, 'mocks/server/nodeFlags.json'), 'utf8'));
const server = spawn('tsx', [...nodeFlags, 'mocks/server/main.ts', ...serverArgs], { cwd: ROOT, stdio: 'inherit', env: binEnv() });
server.on('error', (err) => {
  console.error(`server: cannot run tsx: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
