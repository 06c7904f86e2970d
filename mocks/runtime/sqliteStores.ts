/**
 * The local server's database: one SQLite file, `<folder>/exchange.db`
 * (node:sqlite), holding every store `dataFolderStores` keeps as JSON files.
 *
 * - WAL journal, `synchronous=FULL`: a save returns only once its transaction
 *   is in the write-ahead log on disk, so an acknowledged order outlives a
 *   power cut, not only a killed process (docs: notes/decisions-sqlite.md).
 * - The engine's state is kept as records, not as one snapshot: each order,
 *   account, balance sheet, fill, client-order-id … is one row of `records`,
 *   and a save writes only the rows whose JSON changed since the last one.
 * - A versioned schema (`PRAGMA user_version`, `MIGRATIONS`). A database of a
 *   newer schema, or a file that is not a readable SQLite database, is moved
 *   aside (`exchange.db.newer-…` / `exchange.db.damaged-…`), never written
 *   to; the run starts on a fresh database and the storage page reports it.
 * - The JSON files of the file stores are imported once, in one transaction,
 *   when there is no database yet, then renamed `<name>.imported`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type * as Sqlite from 'node:sqlite';
import type { TextPersistence } from '../accounts/perUserRecords';
import { StoreDamage, UnreadableText, type ExchangeStateStore, type SavedChanges, type SavedExchange, type SetAsideRecord } from './exchangePersistence';
import { changeSize, EXCHANGE_FILE, importedRows, planChanges, RowIndex, rowsSnapshot, rowsText, snapshotRows, type Change, type Needed, type Rows } from './recordRows';


type Database = Sqlite.DatabaseSync;

let sqliteModule: typeof Sqlite | null = null;

/**
 * node:sqlite, loaded on first use. Node 22 prints an ExperimentalWarning
 * when it loads; only that warning is filtered, only while it loads.
 */
function sqlite(): typeof Sqlite {
  if (sqliteModule) return sqliteModule;
  const emit = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const type = typeof warning === 'string' ? (typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type) : warning.name;
    const message = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && message.includes('SQLite')) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    sqliteModule = process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
  return sqliteModule;
}

export const DB_FILE = 'exchange.db';

/**
 * The schema, one step per version (`PRAGMA user_version` = steps applied).
 * v1: `records` (the engine's state, one row per order, account, fill …),
 *     `texts` (the small per-user stores), `set_aside` (a state that did not restore).
 */
const MIGRATIONS: Array<(db: Database) => void> = [
  (db) =>
    db.exec(`
      CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, pos INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
      CREATE TABLE texts (name TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE set_aside (slot INTEGER PRIMARY KEY CHECK (slot = 1), record TEXT NOT NULL, text TEXT NOT NULL);
    `),
];
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The JSON files `dataFolderStores` writes, by the name of their text store here. */
const TEXT_FILES = {
  users: 'users.json',
  charts: 'charts.json',
  accounts: 'accounts.json',
  sessions: 'sessions.json',
  recents: 'recents.json',
  replay: 'replay.json',
} as const;
const SET_ASIDE_FILE = 'exchange.set-aside.json';

/**
 * node:sqlite cuts a bound string at its first NUL, and the engine's keys hold
 * some (client order ids are `user\0clientOrderId`): keys and free texts are
 * stored with NUL and `%` escaped. JSON columns need none (JSON escapes NUL).
 */
const NUL = String.fromCharCode(0);
const enc = (text: string) => (text.includes('%') || text.includes(NUL) ? text.replaceAll('%', '%25').replaceAll(NUL, '%00') : text);
const dec = (text: string) => (text.includes('%') ? text.replaceAll('%00', NUL).replaceAll('%25', '%') : text);

function transaction<T>(db: Database, act: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = act();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // Already rolled back by SQLite (e.g. a full disk).
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Opening the file.

export interface SqliteFolderOptions {
  /** where the one-line notices go (import done, file moved aside); console by default */
  log?: (line: string) => void;
  /** the clock of the names of moved-aside files */
  now?: () => number;
}

type Moved = { kind: 'damaged' | 'foreign'; detail: string; movedTo: string; bytes: number };

function stamp(now: number) {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** Moves the database and its WAL files to `<file>.<why>-<time>`; answers the new path. */
function moveAside(path: string, why: string, now: number): string {
  let target = `${path}.${why}-${stamp(now)}`;
  for (let n = 2; existsSync(target); n += 1) target = `${path}.${why}-${stamp(now)}-${n}`;
  renameSync(path, target);
  for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  return target;
}

/** Why an existing file cannot be used as this build's database (its user_version is answered on success). */
function check(path: string): { problem: null; version: number } | { problem: 'damaged' | 'foreign'; detail: string } {
  let db: Database | null = null;
  try {
    db = new (sqlite().DatabaseSync)(path);
    const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    if (version > SCHEMA_VERSION) return { problem: 'foreign', detail: `${basename(path)} has schema version ${version}; this build reads version ${SCHEMA_VERSION} and older` };
    const answers = db.prepare('PRAGMA quick_check').all().map((row) => Object.values(row)[0]);
    if (answers.length !== 1 || answers[0] !== 'ok') return { problem: 'damaged', detail: `${basename(path)} fails its integrity check: ${answers.slice(0, 3).join('; ')}` };
    return { problem: null, version };
  } catch (error) {
    return { problem: 'damaged', detail: `${basename(path)} is not a readable SQLite database (${(error as Error).message})` };
  } finally {
    try {
      db?.close();
    } catch {
      // Closing a file that never opened.
    }
  }
}

/**
 * Opens (makes) the database and brings its schema up to date. `create` runs
 * in the same transaction as the first schema: a database either has both
 * (the import of the JSON files) or neither, and a crash mid-way retries it.
 */
function open(path: string, create: (db: Database) => void): Database {
  const db = new (sqlite().DatabaseSync)(path);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  // FULL in WAL mode: every commit syncs the log, so a commit that returned survives a power cut (NORMAL does not).
  db.exec('PRAGMA synchronous = FULL');
  // macOS: fsync leaves data in the drive's cache; F_FULLFSYNC does not (a no-op elsewhere).
  db.exec('PRAGMA fullfsync = ON');
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (version < SCHEMA_VERSION) {
    transaction(db, () => {
      for (const step of MIGRATIONS.slice(version)) step(db);
      if (version === 0) create(db);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    });
  }
  return db;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The data folder's JSON files (from the file stores) into a new database,
 * inside the transaction that makes it. Answers what to do once that
 * commits: rename each file `<name>.imported`, so it is never imported
 * twice, and say so. An exchange.json this build does not restore is kept
 * as its text (a `raw` row): the run sets it aside as it would the file.
 */
function importJsonFiles(db: Database, folder: string, log: (line: string) => void): () => void {
  const texts = Object.entries(TEXT_FILES)
    .map(([name, file]) => ({ name, file, text: readText(join(folder, file)) }))
    .filter((t): t is { name: string; file: (typeof TEXT_FILES)[keyof typeof TEXT_FILES]; text: string } => t.text !== null);
  const exchangeText = readText(join(folder, EXCHANGE_FILE));
  const asideText = readText(join(folder, SET_ASIDE_FILE));
  if (texts.length === 0 && exchangeText === null && asideText === null) return () => {};
  const imported: string[] = [];
  const what: string[] = [];
  const putText = db.prepare('INSERT OR REPLACE INTO texts (name, text) VALUES (?, ?)');
  for (const { name, file, text } of texts) {
    putText.run(name, enc(text));
    imported.push(file);
  }
  if (exchangeText !== null) {
    const { rows, restorable } = importedRows(exchangeText);
    const insert = db.prepare('INSERT INTO records (kind, id, pos, json) VALUES (?, ?, ?, ?)');
    for (const { kind, id, pos, json } of rows) insert.run(enc(kind), enc(id), pos, json);
    const orders = rows.filter((row) => row.kind === 'items:orders').length;
    const accounts = rows.filter((row) => row.kind === 'items:accounts').length;
    what.push(restorable ? `${orders} orders of ${accounts} accounts` : `${EXCHANGE_FILE} as text (this build does not restore it: it will be set aside)`);
    imported.push(EXCHANGE_FILE);
  }
  if (asideText !== null) {
    try {
      const kept = JSON.parse(asideText) as { record?: SetAsideRecord; text?: unknown };
      if (typeof kept?.text === 'string' && typeof kept.record?.kind === 'string') {
        db.prepare('INSERT OR REPLACE INTO set_aside (slot, record, text) VALUES (1, ?, ?)').run(JSON.stringify(kept.record), enc(kept.text));
        imported.push(SET_ASIDE_FILE);
      }
    } catch {
      // Not a set-aside record: left where it is.
    }
  }
  return () => {
    for (const file of imported) {
      try {
        renameSync(join(folder, file), join(folder, `${file}.imported`));
      } catch (error) {
        // Imported all the same: the database is made, so it is never read again.
        log(`exchange server: could not rename ${file} after importing it (${(error as Error).message})`);
      }
    }
    log(`exchange server: imported ${imported.join(', ')}${what.length ? ` (${what.join('; ')})` : ''} from ${folder} into ${DB_FILE}; renamed each to <name>.imported`);
  };
}

// ---------------------------------------------------------------------------
// The stores.

export type SqliteDataFolder = ReturnType<typeof openSqliteDataFolder>;

/**
 * Every store of the backend in `<folder>/exchange.db` (folder and file made
 * if missing): the same shape as `dataFolderStores(folder)`, plus `close()`.
 * Every save is one transaction, committed before `save` returns.
 */
export function openSqliteDataFolder(folder: string, options: SqliteFolderOptions = {}) {
  const log = options.log ?? ((line: string) => console.warn(line));
  const now = options.now ?? Date.now;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, DB_FILE);
  const existed = existsSync(path);

  let moved: Moved | null = null;
  if (existed) {
    const checked = check(path);
    if (checked.problem) {
      const bytes = statSync(path).size;
      const movedTo = moveAside(path, checked.problem === 'foreign' ? 'newer' : 'damaged', now());
      moved = { kind: checked.problem, detail: `${checked.detail}; moved to ${basename(movedTo)}`, movedTo, bytes };
      log(`exchange server: ${checked.detail}. Moved it to ${movedTo} and started a fresh database; the storage page offers to let it go.`);
    }
  }

  let imported = () => {};
  // A new database (or one whose making never committed) takes the JSON files; not one replacing a file moved aside.
  const db = open(path, (fresh) => {
    if (!moved) imported = importJsonFiles(fresh, folder, log);
  });
  imported();
  /** rows written by the last save (a test hook: what a save costs) */
  let lastWrite = { upserts: 0, deletes: 0 };
  const upsert = db.prepare('INSERT INTO records (kind, id, pos, json) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET pos = excluded.pos, json = excluded.json');
  const remove = db.prepare('DELETE FROM records WHERE kind = ? AND id = ?');
  const clear = db.prepare('DELETE FROM records WHERE kind = ?');
  const writeChange = (change: Change) => {
    for (const [kind] of change.clears) clear.run(enc(kind));
    for (const [kind, id, pos, json] of change.upserts) upsert.run(enc(kind), enc(id), pos, json);
    for (const [kind, id] of change.deletes) remove.run(enc(kind), enc(id));
  };
  type Stored = { kind: string; id: string; pos: number; json: string };
  const decoded = (list: Iterable<unknown>): Rows => {
    // Rows are decoded as they are read (`iterate`), not gathered first: a history of a million orders is three million rows.
    const rows: Rows = new Map();
    for (const { kind, id, pos, json } of list as Iterable<Stored>) {
      const key = dec(kind);
      let ofKind = rows.get(key);
      if (!ofKind) rows.set(key, (ofKind = new Map()));
      ofKind.set(dec(id), { pos: Number(pos), json });
    }
    return rows;
  };
  const readAll = (): Rows => decoded(db.prepare('SELECT kind, id, pos, json FROM records').iterate());
  const readKind = db.prepare('SELECT kind, id, pos, json FROM records WHERE kind = ?');
  const readRow = db.prepare('SELECT kind, id, pos, json FROM records WHERE kind = ? AND id = ?');
  /** The stored rows a save needs to be planned: a few by key, or the kinds it gives whole (a whole save). */
  const readNeeded = (needed: Needed): Rows =>
    decoded([...needed.whole.flatMap((kind) => readKind.all(enc(kind))), ...needed.ids.flatMap(([kind, id]) => readRow.all(enc(kind), enc(id)))]);
  // What this run found, as `load` answers it until the first save (read once, like the file stores); the store then
  // keeps only the index of its rows, not the rows: its memory does not grow with the history.
  let opened: Rows | null = readAll();
  const index = RowIndex.of(opened);
  let loaded: unknown = moved ? new StoreDamage(moved.kind, moved.detail) : rowsSnapshot(opened);
  // The rows' text is kept only for a state that did not read (its download); a good one is answered as parsed.
  if (!(loaded instanceof StoreDamage || loaded instanceof UnreadableText || opened.has('raw'))) opened = null;
  /** The text of what `load` found, for the trader to download when it does not restore. */
  const loadedText = (): string => (moved ? JSON.stringify({ movedTo: moved.movedTo, detail: moved.detail }, null, 2) : rowsText(opened ?? new Map(), loaded));

  type SetAside = { record: SetAsideRecord; text: string };
  let aside: SetAside | null = null;
  try {
    const kept = db.prepare('SELECT record, text FROM set_aside WHERE slot = 1').get() as { record: string; text: string } | undefined;
    if (kept) aside = { record: JSON.parse(kept.record) as SetAsideRecord, text: dec(kept.text) };
  } catch {
    aside = null;
  }
  // After a save, `load` answers what is stored now (read again: the store keeps no copy).
  let saved = false;

  const exchangeState: ExchangeStateStore & Required<Pick<ExchangeStateStore, 'lastWrite'>> = {
    synchronous: true,
    keepsRecords: true,
    load: () => (saved ? rowsSnapshot(readAll()) : loaded),
    save(state: SavedExchange | SavedChanges) {
      const planned = snapshotRows(state as unknown as Record<string, unknown>);
      const change = planChanges(index.current(readNeeded(index.needs(planned))), planned, index);
      transaction(db, () => writeChange(change));
      index.apply(change);
      lastWrite = changeSize(change);
      if (!saved) {
        saved = true;
        opened = null;
        loaded = null;
      }
    },
    setAside(why) {
      const next: SetAside = { record: { ...why, bytes: moved ? moved.bytes : 0 }, text: loadedText() };
      if (!moved) next.record.bytes = next.text.length;
      db.prepare('INSERT OR REPLACE INTO set_aside (slot, record, text) VALUES (1, ?, ?)').run(JSON.stringify(next.record), enc(next.text));
      aside = next;
    },
    aside: () => aside,
    discardAside() {
      db.prepare('DELETE FROM set_aside WHERE slot = 1').run();
      aside = null;
    },
    lastWrite: () => lastWrite,
  };

  const getText = db.prepare('SELECT text FROM texts WHERE name = ?');
  const putText = db.prepare('INSERT INTO texts (name, text) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET text = excluded.text');
  const text = (name: keyof typeof TEXT_FILES): TextPersistence => ({
    load: () => {
      const row = getText.get(name) as { text: string } | undefined;
      return row ? dec(row.text) : null;
    },
    save: (value) => void putText.run(name, enc(value)),
  });

  let closed = false;
  return {
    userPersistence: text('users'),
    chartPersistence: text('charts'),
    accountPersistence: text('accounts'),
    sessionPersistence: text('sessions'),
    exchangeState,
    recentsPersistence: text('recents'),
    replayPersistence: text('replay'),
    /** closes the database (a save after it fails, and is logged by the caller) */
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
