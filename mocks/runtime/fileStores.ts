/**
 * The local server's database: one JSON file per store in a data folder.
 * Writes go to a temporary file renamed over the old one, so a crash mid-write
 * leaves the previous state, never half a file.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextPersistence } from '../accounts/perUserRecords';
import { UnreadableText, type ExchangeStateStore, type SetAsideRecord } from './exchangePersistence';

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

/** The engine's state in `path`; a state that did not restore is kept beside it in `<name>.set-aside.json`. */
export function fileExchangeState(path: string): ExchangeStateStore {
  const asidePath = path.replace(/\.json$/, '') + '.set-aside.json';
  const text = readText(path);
  type SetAside = { record: SetAsideRecord; text: string };
  let aside: SetAside | null = null;
  try {
    const kept = JSON.parse(readText(asidePath) ?? 'null') as SetAside | null;
    aside = typeof kept?.text === 'string' && typeof kept.record?.kind === 'string' ? kept : null;
  } catch {
    aside = null;
  }
  // What `load` answers: the text read at start, then the last one saved.
  let current = text;
  return {
    synchronous: true,
    load() {
      if (current === null) return null;
      try {
        return JSON.parse(current) as unknown;
      } catch (error) {
        return new UnreadableText((error as Error).message);
      }
    },
    save(snapshot) {
      const saved = JSON.stringify(snapshot);
      writeAtomically(path, saved);
      current = saved;
    },
    setAside(why) {
      aside = { record: { ...why, bytes: (text ?? '').length }, text: text ?? '' };
      writeAtomically(asidePath, JSON.stringify(aside));
    },
    aside: () => aside,
    discardAside() {
      aside = null;
      rmSync(asidePath, { force: true });
    },
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
