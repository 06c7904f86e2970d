// Playwright's own browser download cannot work on this machine, so the e2e
// tests use Debian's chromium package instead.
import { existsSync, realpathSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = '/usr/bin/chromium';

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Another apt (e.g. a background install) may hold the lock: apt waits for it
// itself (Lock::Timeout), and we retry a few times for locks it does not cover.
function apt(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const full = ['-o', 'DPkg::Lock::Timeout=300', ...args];
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync('apt-get', full, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (res.status === 0) return;
    if (attempt >= 5) throw new Error(`apt-get ${args.join(' ')} failed (${res.error?.message ?? `exit ${res.status}`})`);
    console.log(`chromium: apt-get ${args[0]} failed, retrying in 15 s (apt may be busy)`);
    sleep(15_000);
  }
}

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${CHROMIUM} not found. The e2e tests need Debian's chromium package ` +
        '(`npx playwright install` does not work here). Install it as root: ' +
        'sudo apt-get update && sudo apt-get install -y chromium',
    );
  }
  console.log('chromium: not found, installing with apt-get (takes about a minute)');
  apt(['update']);
  apt(['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get install chromium finished but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

const isMain = process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
if (isMain) {
  try {
    console.log(`chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(`chromium: ${err.message}`);
    process.exit(1);
  }
}
