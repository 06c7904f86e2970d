/**
 * The local server's database: one JSON file per store in a data folder.
 * Writes go to a temporary file renamed over the old one, so a crash mid-write
 * leaves the previous state, never half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextPersistence } from '../accounts/perUserRecords';
import type { ExchangeStateStore } from './exchangePersistence';

function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function fileText(path: string): TextPersistence {
  return { load: () => readText(path), save: (text) => writeAtomically(path, text) };
}

export function fileExchangeState(path: string): ExchangeStateStore {
  return {
    load() {
      const text = readText(path);
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // restoreOrFresh reports a damaged state; a file that is not JSON is one.
        return { damaged: true };
      }
    },
    save: (snapshot) => writeAtomically(path, JSON.stringify(snapshot)),
  };
}

/** Every store of the backend in one folder (made if missing). */
export function dataFolderStores(folder: string) {
  mkdirSync(folder, { recursive: true });
  return {
    userPersistence: fileText(join(folder, 'users.json')),
    chartPersistence: fileText(join(folder, 'charts.json')),
    accountPersistence: fileText(join(folder, 'accounts.json')),
    sessionPersistence: fileText(join(folder, 'sessions.json')),
    exchangeState: fileExchangeState(join(folder, 'exchange.json')),
    recentsPersistence: fileText(join(folder, 'recents.json')),
    replayPersistence: fileText(join(folder, 'replay.json')),
  };
}
