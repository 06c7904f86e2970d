import { join } from 'node:path';
import type { SessionSet, SessionSource } from '../../gateway/types';
import { DEMO_MARKETS, DEMO_SESSION_START } from '../demoMarkets';
import { demoSessionPath } from '../fixtures';
import type { LoadedSession } from '../replay/timeline';
import { openSessionFile } from '../session/node-io';
import { readAllEvents } from '../session/reader';

/** Name of the set of shipped demo sessions. */
export const DEMO_SET_NAME = 'demo';

/** A session file on disk as a source; read (gunzipped, parsed) each time it is loaded. */
export function fileSource(path: string, symbols: string[], start?: number): SessionSource {
  return {
    symbols,
    ...(start === undefined ? {} : { start }),
    async load(): Promise<LoadedSession> {
      const stream = await openSessionFile(path);
      return { header: stream.header, events: await readAllEvents(stream) };
    },
  };
}

/**
 * The shipped demo sessions (fixtures/sessions under the project `root`) as
 * one session set, one source per market, for Node runtimes (tests, the
 * local server). `symbols` picks a subset, in the given order.
 */
export function demoSessionSets(root: string, symbols?: readonly string[]): SessionSet[] {
  const markets = symbols ? symbols.map((s) => {
    const market = DEMO_MARKETS.find((m) => m.symbol === s);
    if (!market) throw new Error(`no demo session for ${s}`);
    return market;
  }) : DEMO_MARKETS;
  // Every shipped session is generated to start at DEMO_SESSION_START, so the shift is known before any loads.
  const sources = markets.map((m) => fileSource(join(root, demoSessionPath(m)), [m.symbol], DEMO_SESSION_START));
  return [{ name: DEMO_SET_NAME, sources }];
}
