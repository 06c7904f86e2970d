/**
 * `npm run fixtures`: regenerates fixtures/sessions/*.jsonl.gz from the
 * simulator. Same code, same bytes: a test compares the shipped files with a
 * fresh generation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEMO_MARKETS } from '../mocks/market/demoMarkets';
import { demoSessionPath, demoSessionText } from '../mocks/market/fixtures';
import { gzipText } from '../mocks/market/session/node-io';

const root = resolve(import.meta.dirname, '..');
let total = 0;
for (const market of DEMO_MARKETS) {
  const started = performance.now();
  const bytes = gzipText(await demoSessionText(market));
  const path = resolve(root, demoSessionPath(market));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  total += bytes.length;
  console.log(`${market.symbol.padEnd(10)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KiB  ${(performance.now() - started).toFixed(0)} ms`);
}
console.log(`total      ${(total / 1024).toFixed(0).padStart(6)} KiB in ${DEMO_MARKETS.length} sessions`);
