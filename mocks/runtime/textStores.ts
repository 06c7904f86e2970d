import type { TextPersistence } from '../accounts/perUserRecords';

/** The exchange's small per-user stores: localStorage keys of the in-page runtime, IndexedDB keys of the shared worker. */
export const TEXT_KEYS = {
  users: 'spot-mock-exchange:users',
  charts: 'spot-mock-exchange:charts',
  accounts: 'spot-mock-exchange:accounts',
  recents: 'spot-mock-exchange:recents',
  sessions: 'spot-mock-exchange:sessions',
  replay: 'spot-mock-exchange:replay',
} as const;

/** The backend's text-store options, each opened by `open` under its key. */
export function textStoreOptions(open: (key: string) => TextPersistence) {
  return {
    userPersistence: open(TEXT_KEYS.users),
    chartPersistence: open(TEXT_KEYS.charts),
    accountPersistence: open(TEXT_KEYS.accounts),
    sessionPersistence: open(TEXT_KEYS.sessions),
    recentsPersistence: open(TEXT_KEYS.recents),
    replayPersistence: open(TEXT_KEYS.replay),
  };
}
