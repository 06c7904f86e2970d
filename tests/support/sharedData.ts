import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe } from 'vitest';

/**
 * Real market recordings live in ../shared/data (never copied into the tree).
 * Tests that need them run whenever the folder exists, are required when
 * CI=true, and otherwise skip with a printed reason.
 */
export const SHARED_DATA = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');

export function sharedDataFile(name: string): string {
  return resolve(SHARED_DATA, name);
}

const available = existsSync(SHARED_DATA);

if (!available && process.env.CI === 'true') {
  throw new Error(`CI=true but the real market data folder ${SHARED_DATA} is missing`);
}

/** describe() that runs only with ../shared/data present (and must, in CI). */
export function describeWithSharedData(name: string, body: () => void): void {
  if (available) {
    describe(name, body);
    return;
  }
  console.warn(`skipped "${name}": ${SHARED_DATA} not found (real recordings are read from there)`);
  describe.skip(name, body);
}
