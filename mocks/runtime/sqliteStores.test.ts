// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreDamage, UnreadableText } from './exchangePersistence';
import { dataFolderStores } from './fileStores';
import { planChanges, snapshotRows } from './recordRows';
import { openSqliteDataFolder, SCHEMA_VERSION } from './sqliteStores';
import { asStored, damageOf, sampleState } from './storeContract';

const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'spot-sqlite-'));
  folders.push(folder);
  return folder;
};
const opened = (folder: string) => {
  const lines: string[] = [];
  const stores = openSqliteDataFolder(folder, { log: (line) => lines.push(line), now: () => Date.UTC(2026, 10, 28, 12) });
  return { stores, lines };
};

describe('the SQLite data folder', () => {
  it('imports the JSON files of the file stores once, in one go, and renames them', () => {
    const folder = newFolder();
    const files = dataFolderStores(folder);
    const state = sampleState(2);
    files.userPersistence.save('{"u1":{"nickname":"Old"}}');
    files.sessionPersistence.save('{"tok":"u1"}');
    files.replayPersistence.save('{"at":5}');
    files.exchangeState.setAside?.({ kind: 'foreign', detail: 'version 2', at: 3 });
    void files.exchangeState.save(state);

    const { stores, lines } = opened(folder);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/imported users\.json, sessions\.json, replay\.json, exchange\.json, exchange\.set-aside\.json \(5 orders of 2 accounts\)/);
    expect(stores.exchangeState.load()).toEqual(asStored(state));
    expect(stores.userPersistence.load()).toBe('{"u1":{"nickname":"Old"}}');
    expect(stores.sessionPersistence.load()).toBe('{"tok":"u1"}');
    expect(stores.replayPersistence.load()).toBe('{"at":5}');
    expect(stores.chartPersistence.load()).toBeNull();
    expect(stores.exchangeState.aside?.()?.record).toMatchObject({ kind: 'foreign', detail: 'version 2', at: 3 });
    expect(readdirSync(folder).sort()).toEqual(expect.arrayContaining(['exchange.json.imported', 'users.json.imported', 'exchange.set-aside.json.imported']));
    expect(existsSync(join(folder, 'exchange.json'))).toBe(false);
    stores.close();

    // A JSON file appearing later is not imported: the database is the store now.
    writeFileSync(join(folder, 'users.json'), '{"u9":{}}');
    const again = opened(folder);
    expect(again.lines).toEqual([]);
    expect(again.stores.userPersistence.load()).toBe('{"u1":{"nickname":"Old"}}');
    expect(again.stores.exchangeState.load()).toEqual(asStored(state));
    again.stores.close();
  });

  it('imports into a database whose making never committed (a crash mid-import retries it)', () => {
    const folder = newFolder();
    dataFolderStores(folder).userPersistence.save('{"u1":{}}');
    new DatabaseSync(join(folder, 'exchange.db')).close();
    const { stores, lines } = opened(folder);
    expect(lines[0]).toContain('imported users.json');
    expect(stores.userPersistence.load()).toBe('{"u1":{}}');
    stores.close();
  });

  it('imports an exchange.json it cannot restore as its text, which the run then sets aside', () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'exchange.json'), '{"format":"exchange-sn\u0000');
    const { stores, lines } = opened(folder);
    expect(lines[0]).toContain('exchange.json as text');
    const stored = stores.exchangeState.load();
    expect(stored).toBeInstanceOf(UnreadableText);
    const damage = damageOf(stored)!;
    stores.exchangeState.setAside?.({ ...damage, at: 1 });
    expect(stores.exchangeState.aside?.()).toEqual({ record: { kind: 'notJson', detail: damage.detail, at: 1, bytes: 23 }, text: '{"format":"exchange-sn\u0000' });
    void stores.exchangeState.save(sampleState());
    stores.close();
    const again = opened(folder);
    expect(damageOf(again.stores.exchangeState.load())).toBeNull();
    expect(again.stores.exchangeState.aside?.()?.text).toBe('{"format":"exchange-sn\u0000');
    again.stores.close();
  });

  it('moves a file that is not a SQLite database aside, says where, and starts fresh', () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'exchange.db'), 'garbage, not a database');
    const { stores, lines } = opened(folder);
    const moved = readdirSync(folder).filter((name) => name.startsWith('exchange.db.damaged-'));
    expect(moved).toEqual(['exchange.db.damaged-2026-11-28T12-00-00-000Z']);
    expect(readFileSync(join(folder, moved[0]!), 'utf8')).toBe('garbage, not a database');
    expect(lines).toEqual([expect.stringContaining(join(folder, moved[0]!))]);
    const stored = stores.exchangeState.load();
    expect(stored).toBeInstanceOf(StoreDamage);
    const damage = damageOf(stored)!;
    expect(damage).toMatchObject({ kind: 'damaged', detail: expect.stringContaining('moved to exchange.db.damaged-') });
    stores.exchangeState.setAside?.({ ...damage, at: 2 });
    expect(stores.exchangeState.aside?.()?.record).toEqual({ kind: 'damaged', detail: damage.detail, at: 2, bytes: 23 });
    expect(JSON.parse(stores.exchangeState.aside!()!.text)).toMatchObject({ movedTo: join(folder, moved[0]!) });
    // The fresh database works.
    const state = sampleState();
    void stores.exchangeState.save(state);
    stores.userPersistence.save('{}');
    stores.close();
    const again = opened(folder);
    expect(again.lines).toEqual([]);
    expect(again.stores.exchangeState.load()).toEqual(asStored(state));
    expect(again.stores.exchangeState.aside?.()?.record.kind).toBe('damaged');
    again.stores.close();
  });

  it('moves a database that fails its integrity check aside', () => {
    const folder = newFolder();
    const { stores } = opened(folder);
    void stores.exchangeState.save(sampleState(3000));
    stores.close();
    const path = join(folder, 'exchange.db');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    truncateSync(path, Math.floor(readFileSync(path).length / 2));
    const again = opened(folder);
    expect(readdirSync(folder).some((name) => name.startsWith('exchange.db.damaged-'))).toBe(true);
    expect(damageOf(again.stores.exchangeState.load())).toMatchObject({ kind: 'damaged' });
    expect(again.stores.exchangeState.load()).not.toBeNull();
    again.stores.close();
  }, 30_000);

  it('treats a database of a newer schema as foreign: moved aside, never written to', () => {
    const folder = newFolder();
    const first = opened(folder);
    void first.stores.exchangeState.save(sampleState());
    first.stores.close();
    const db = new DatabaseSync(join(folder, 'exchange.db'));
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const { stores, lines } = opened(folder);
    expect(lines[0]).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    expect(damageOf(stores.exchangeState.load())).toMatchObject({ kind: 'foreign', detail: expect.stringContaining('exchange.db.newer-') });
    expect(readdirSync(folder).filter((name) => name.startsWith('exchange.db.newer-'))).toHaveLength(1);
    stores.close();
  });

  it('a record that is not JSON reads as unreadable; the fresh save replaces every record', () => {
    const folder = newFolder();
    const first = opened(folder);
    void first.stores.exchangeState.save(sampleState(2));
    first.stores.close();
    const db = new DatabaseSync(join(folder, 'exchange.db'));
    db.exec(`UPDATE records SET json = '{broken' WHERE kind = 'items:orders' AND pos = 1`);
    db.close();
    const { stores } = opened(folder);
    const stored = stores.exchangeState.load();
    expect(stored).toBeInstanceOf(UnreadableText);
    expect((stored as UnreadableText).detail).toMatch(/^record items:orders\//);
    stores.exchangeState.setAside?.({ ...damageOf(stored)!, at: 1 });
    expect(JSON.parse(stores.exchangeState.aside!()!.text)).toMatchObject({ format: 'sqlite-records' });
    const fresh = asStored(sampleState());
    fresh.accounts = fresh.accounts.slice(0, 1);
    void stores.exchangeState.save(fresh);
    stores.close();
    const again = opened(folder);
    expect(again.stores.exchangeState.load()).toEqual(fresh);
    again.stores.close();
  });

  // What a save writes is the store contract's (storeContract.ts); here, the file it writes it to.
  it('keeps its file in WAL mode at the current schema version', () => {
    const folder = newFolder();
    const { stores } = opened(folder);
    void stores.exchangeState.save(asStored(sampleState()));
    stores.close();
    const db = new DatabaseSync(join(folder, 'exchange.db'));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    db.close();
  });

  it('keeps the order of a list: appends go last, a moved item takes the next place', () => {
    const rowsOf = (ids: string[]) => snapshotRows({ resting: ids });
    const current = new Map([
      ['split', new Map([['resting', { pos: 0, json: '"list"' }]])],
      ['items:resting', new Map(['a', 'b', 'c'].map((id, pos) => [id, { pos, json: JSON.stringify(id) }]))],
    ]);
    expect(planChanges(current, rowsOf(['a', 'b', 'c', 'd'])).upserts).toEqual([['items:resting', 'd', 3, '"d"', true]]);
    expect(planChanges(current, rowsOf(['a', 'c'])).deletes).toEqual([['items:resting', 'b']]);
    // b re-queued at the end: only b is written.
    expect(planChanges(current, rowsOf(['a', 'c', 'b'])).upserts).toEqual([['items:resting', 'b', 3, '"b"', false]]);
    expect(planChanges(current, rowsOf(['c', 'a', 'b'])).upserts).toEqual([
      ['items:resting', 'a', 3, '"a"', false],
      ['items:resting', 'b', 4, '"b"', false],
    ]);
    expect(planChanges(current, rowsOf(['b', 'a', 'x', 'c'])).upserts).toEqual([
      ['items:resting', 'a', 3, '"a"', false],
      ['items:resting', 'x', 4, '"x"', true],
      ['items:resting', 'c', 5, '"c"', false],
    ]);
  });
});
