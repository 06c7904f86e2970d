/**
 * The engine's saved state as records, the one persistence design of both
 * adapters (SQLite on the server, `sqliteStores.ts`; IndexedDB through Dexie
 * in the browser, `browserDb.ts`): how a snapshot splits into rows, how the
 * rows rebuild it, and which rows a save must write. Pure: no database here.
 */
import { fillRecordId, GroupChanges, ItemChanges } from '../exchange/snapshot';
import { StoreDamage, UnreadableText, WholeSaveNeeded } from './exchangePersistence';

/** The file name of an imported exchange.json kept as its text (a `raw` row). */
export const EXCHANGE_FILE = 'exchange.json';

/**
 * Rows of `records`, kind → id → row. `pos` keeps the order of a list (the
 * engine's maps iterate in insertion order, and a restore must keep it).
 *
 * Kinds: `field` (a top-level field kept whole, id = its name), `split` (a
 * field kept as rows, json = its shape), `items:<field>` (its items, or a
 * field of groups' group names), `items:<field>/<group>` (one group's items),
 * `raw` (an imported exchange.json this build does not restore, its text as a JSON string).
 */
export type Row = { pos: number; json: string };
export type Rows = Map<string, Map<string, Row>>;
type Shape = 'list' | 'object' | 'groups';

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown) => (typeof value === 'string' ? value : null);
const entryKey = (value: unknown) => (Array.isArray(value) && value.length === 2 ? asString(value[0]) : null);

/** How the fields that grow with the history are split into rows; every other field is one row. */
const SPLIT: Record<string, { shape: Shape; key?: (item: unknown) => string | null }> = {
  orders: { shape: 'list', key: (o) => (isPlainObject(o) ? asString(o.orderId) : null) },
  accounts: { shape: 'list', key: (a) => (isPlainObject(a) ? asString(a.userId) : null) },
  resting: { shape: 'list', key: asString },
  clientIds: { shape: 'list', key: entryKey },
  quotaUsed: { shape: 'list', key: entryKey },
  ledger: { shape: 'object' },
  finished: { shape: 'groups', key: asString },
  fills: { shape: 'groups', key: (f) => (isPlainObject(f) && typeof f.tradeId === 'string' && typeof f.orderId === 'string' ? fillRecordId({ tradeId: f.tradeId, orderId: f.orderId }) : null) },
};

/**
 * A kind's rows given as changes (a field the engine's journal gave as
 * changes): rows set (an existing one keeps its place), ids gone, and
 * `cleared` when every other row of the kind goes.
 */
export interface KindChanges {
  set: Array<[string, string]>;
  drop: string[];
  cleared: boolean;
  /** the rows set go after every other, in this order (`ItemChanges.last`) */
  last?: boolean;
}

/** What a save holds, by kind: every row of the kind, in order, or the kind's changes. */
export type Planned = Map<string, Array<[string, string]> | KindChanges>;

/** A list as rows keyed by `key`, or null when an item has no key or two share one (then the field is kept whole). */
function listRows(list: unknown, key: (item: unknown) => string | null): Array<[string, string]> | null {
  if (!Array.isArray(list)) return null;
  const rows: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const item of list) {
    const id = key(item);
    if (id === null || seen.has(id)) return null;
    seen.add(id);
    rows.push([id, JSON.stringify(item)]);
  }
  return rows;
}

const jsonRows = (set: Array<[string, unknown]>): Array<[string, string]> => set.map(([id, item]) => [id, JSON.stringify(item)]);

/** A split field given as its changes: the changes of its kinds (a grouped field: of its group names and of each group that changed). */
function changedField(name: string, value: ItemChanges | GroupChanges): Planned {
  const kind = `items:${name}`;
  if (value instanceof ItemChanges) return new Map([[kind, { set: jsonRows(value.set), drop: value.drop, cleared: false, last: value.last }]]);
  const names: KindChanges = { set: [], drop: [], cleared: false };
  const planned: Planned = new Map([[kind, names]]);
  for (const [group, change] of value.groups) {
    if (change.present) names.set.push([group, 'null']);
    else names.drop.push(group);
    planned.set(`${kind}/${group}`, { set: jsonRows(change.set), drop: change.drop, cleared: change.cleared || !change.present });
  }
  return planned;
}

function splitField(name: string, value: unknown): Planned | null {
  const spec = Object.hasOwn(SPLIT, name) ? SPLIT[name] : undefined;
  if (!spec) return null;
  if (value instanceof ItemChanges || value instanceof GroupChanges) return changedField(name, value);
  const kind = `items:${name}`;
  if (spec.shape === 'list') {
    const rows = listRows(value, spec.key!);
    return rows ? new Map([[kind, rows]]) : null;
  }
  if (!isPlainObject(value)) return null;
  if (spec.shape === 'object') {
    return new Map([[kind, Object.entries(value).filter(([, v]) => v !== undefined).map(([id, v]): [string, string] => [id, JSON.stringify(v)])]]);
  }
  const planned: Planned = new Map([[kind, []]]);
  for (const [group, list] of Object.entries(value)) {
    const rows = listRows(list, spec.key!);
    if (!rows) return null;
    (planned.get(kind) as Array<[string, string]>).push([group, 'null']);
    planned.set(`${kind}/${group}`, rows);
  }
  return planned;
}

/**
 * The rows a snapshot is kept as, in order, by kind. A field given as
 * changes (`ItemChanges`, `GroupChanges`: the engine's journal) gives the
 * changes of its kinds instead; its other rows stay as they are.
 */
export function snapshotRows(snapshot: Record<string, unknown>): Planned {
  const fields: Array<[string, string]> = [];
  const splits: Array<[string, string]> = [];
  const planned: Planned = new Map([
    ['field', fields],
    ['split', splits],
  ]);
  for (const [name, value] of Object.entries(snapshot)) {
    if (value === undefined) continue;
    const split = splitField(name, value);
    if (split) {
      splits.push([name, JSON.stringify(SPLIT[name]!.shape)]);
      for (const [kind, rows] of split) planned.set(kind, rows);
    } else {
      fields.push([name, JSON.stringify(value)]);
    }
  }
  return planned;
}

/** The text of an imported exchange.json kept as it was, or null. */
export function rawText(rows: Rows): string | null {
  const raw = rows.get('raw')?.get(EXCHANGE_FILE);
  if (!raw) return null;
  try {
    const text = JSON.parse(raw.json) as unknown;
    return typeof text === 'string' ? text : raw.json;
  } catch {
    return raw.json;
  }
}

export const inOrder = (kind: Map<string, Row> | undefined) => [...(kind ?? new Map<string, Row>())].sort((a, b) => a[1].pos - b[1].pos);

/** The snapshot the rows hold; null when they hold none; UnreadableText / StoreDamage when they do not read. */
export function rowsSnapshot(rows: Rows): unknown {
  const raw = rawText(rows);
  if (raw !== null) {
    try {
      return JSON.parse(raw) as unknown;
    } catch (error) {
      return new UnreadableText((error as Error).message);
    }
  }
  const fields = inOrder(rows.get('field'));
  const splits = inOrder(rows.get('split'));
  if (fields.length === 0 && splits.length === 0) return null;
  let at = '';
  const parse = (kind: string, id: string, json: string) => {
    at = `${kind}/${id}`;
    return JSON.parse(json) as unknown;
  };
  try {
    const out: Record<string, unknown> = {};
    for (const [name, row] of fields) out[name] = parse('field', name, row.json);
    for (const [name, row] of splits) {
      const shape = parse('split', name, row.json);
      const kind = `items:${name}`;
      const items = inOrder(rows.get(kind));
      if (shape === 'list') out[name] = items.map(([id, r]) => parse(kind, id, r.json));
      else if (shape === 'object') out[name] = Object.fromEntries(items.map(([id, r]) => [id, parse(kind, id, r.json)]));
      else if (shape === 'groups') {
        out[name] = Object.fromEntries(items.map(([group]) => [group, inOrder(rows.get(`${kind}/${group}`)).map(([id, r]) => parse(`${kind}/${group}`, id, r.json))]));
      } else return new StoreDamage('damaged', `field ${name} is kept in a shape this build does not know (${JSON.stringify(shape)})`);
    }
    return out;
  } catch (error) {
    return new UnreadableText(`record ${at}: ${(error as Error).message}`);
  }
}

/**
 * What a save writes. `clears`: kinds whose every row goes (with how many
 * there were), written first; `upserts`: rows set (`fresh` when the kind did
 * not hold that id); `deletes`: rows gone.
 */
export type Change = {
  clears: Array<[string, number]>;
  upserts: Array<[string, string, number, string, boolean]>;
  deletes: Array<[string, string]>;
};

/** What a plan needs to know of the stored rows it is not given: each kind's row count and highest position. */
export interface KindCounts {
  count(kind: string): number;
  top(kind: string): number;
  kinds(): Iterable<string>;
}

/** The highest position of a kind's rows, cached per kind (kept up by `applyChanges`): a save that adds a row need not scan the kind. */
const tops = new WeakMap<Map<string, Row>, number>();
function topOf(rows: Map<string, Row>): number {
  let top = tops.get(rows);
  if (top === undefined) {
    top = -1;
    for (const row of rows.values()) if (row.pos > top) top = row.pos;
    tops.set(rows, top);
  }
  return top;
}

/** The counts of rows held whole in memory (a store without a database, the tests' kit). */
export function countsOf(rows: Rows): KindCounts {
  return {
    count: (kind) => rows.get(kind)?.size ?? 0,
    top: (kind) => {
      const ofKind = rows.get(kind);
      return ofKind ? topOf(ofKind) : -1;
    },
    kinds: () => rows.keys(),
  };
}

/** Kinds a record store keeps whole in memory: a few rows, named by every save. */
const SMALL_KINDS = new Set(['field', 'split', 'raw']);

/**
 * What a record store keeps in memory of its rows: the small kinds whole,
 * and of every other kind only its row count and highest position. A save
 * reads the few stored rows it needs (`rowsNeeded`), so the store's memory
 * and a save's cost do not grow with the history.
 */
export class RowIndex implements KindCounts {
  private readonly small: Rows = new Map();
  private readonly counts = new Map<string, { count: number; top: number }>();

  static of(rows: Rows): RowIndex {
    const index = new RowIndex();
    for (const [kind, ofKind] of rows) {
      if (SMALL_KINDS.has(kind)) index.small.set(kind, new Map(ofKind));
      index.counts.set(kind, { count: ofKind.size, top: topOf(ofKind) });
    }
    return index;
  }

  count = (kind: string) => this.counts.get(kind)?.count ?? 0;
  top = (kind: string) => this.counts.get(kind)?.top ?? -1;
  kinds = () => this.counts.keys();

  /** The stored rows a save of `next` needs to be planned (the small kinds are in memory). */
  needs(next: Planned): Needed {
    const needed: Needed = { whole: [], ids: [] };
    for (const [kind, list] of next) {
      if (SMALL_KINDS.has(kind) || this.count(kind) === 0) continue;
      if (!isChanges(list)) needed.whole.push(kind);
      else if (!list.cleared) for (const id of [...list.set.map(([key]) => key), ...list.drop]) needed.ids.push([kind, id]);
    }
    return needed;
  }

  /** The rows to plan with: those read for `needs`, and the small kinds. */
  current(read: Rows): Rows {
    const rows = new Map(read);
    for (const [kind, ofKind] of this.small) rows.set(kind, ofKind);
    return rows;
  }

  /** Follows a change once it is committed. */
  apply(change: Change): void {
    for (const [kind] of change.clears) {
      this.counts.delete(kind);
      this.small.delete(kind);
    }
    for (const [kind, id, pos, json, fresh] of change.upserts) {
      const info = this.counts.get(kind) ?? { count: 0, top: -1 };
      this.counts.set(kind, { count: info.count + (fresh ? 1 : 0), top: Math.max(info.top, pos) });
      if (SMALL_KINDS.has(kind)) {
        let ofKind = this.small.get(kind);
        if (!ofKind) this.small.set(kind, (ofKind = new Map()));
        ofKind.set(id, { pos, json });
      }
    }
    for (const [kind, id] of change.deletes) {
      this.small.get(kind)?.delete(id);
      const info = this.counts.get(kind);
      if (!info) continue;
      if (info.count <= 1) this.counts.delete(kind);
      else info.count -= 1;
    }
  }
}

/** Stored rows a save must read before it is planned: kinds whole, and rows by key. */
export interface Needed {
  whole: string[];
  ids: Array<[string, string]>;
}

const isChanges = (value: Array<[string, string]> | KindChanges | undefined): value is KindChanges => value !== undefined && !Array.isArray(value);

/** The changes of one kind: a row set keeps its place (a new one, or one moved `last`, goes last); a cleared kind loses every row not set. */
function planKindChanges(kind: string, before: Map<string, Row> | undefined, changes: KindChanges, counts: KindCounts, change: Change): void {
  if (changes.cleared) {
    const held = counts.count(kind);
    if (held > 0) change.clears.push([kind, held]);
    changes.set.forEach(([id, json], pos) => change.upserts.push([kind, id, pos, json, true]));
    return;
  }
  let max = counts.top(kind);
  for (const [id, json] of changes.set) {
    const row = before?.get(id);
    if (!row) change.upserts.push([kind, id, ++max, json, true]);
    else if (changes.last) change.upserts.push([kind, id, ++max, json, false]);
    else if (row.json !== json) change.upserts.push([kind, id, row.pos, json, false]);
  }
  for (const id of changes.drop) if (before?.has(id)) change.deletes.push([kind, id]);
}

/**
 * What a save writes: rows that are new, whose JSON changed or whose place in
 * their list moved; rows no longer there are deleted. A row keeps its
 * position while it stays after the one before it; one that does not (new,
 * or moved later, as a re-queued resting order) is given the next position
 * after every other of its list, so a move writes the rows moved, not the list.
 *
 * `current` holds the stored rows the plan reads: every row of a kind given
 * whole, the rows of the ids a kind's changes name, and the `split` kind
 * (`RowIndex.needs`); `counts` knows the rest. Rows held whole in memory are
 * their own counts.
 */
export function planChanges(current: Rows, next: Planned, counts: KindCounts = countsOf(current)): Change {
  const change: Change = { clears: [], upserts: [], deletes: [] };
  for (const [kind, list] of next) {
    const before = current.get(kind);
    if (isChanges(list)) {
      const field = kind.slice('items:'.length);
      if (!field.includes('/') && !current.get('split')?.has(field)) throw new WholeSaveNeeded(field);
      planKindChanges(kind, before, list, counts, change);
      continue;
    }
    const held = counts.count(kind);
    if (held === 0 || !before) {
      list.forEach(([id, json], pos) => change.upserts.push([kind, id, pos, json, true]));
      continue;
    }
    let max = counts.top(kind);
    let last = -1;
    let kept = 0;
    for (const [id, json] of list) {
      const row = before.get(id);
      if (row) kept += 1;
      if (row && row.pos > last) {
        last = row.pos;
        if (row.json !== json) change.upserts.push([kind, id, row.pos, json, false]);
      } else {
        last = ++max;
        change.upserts.push([kind, id, last, json, !row]);
      }
    }
    // Ids of a list are distinct (else it is kept whole): every row kept means none is gone.
    if (kept < held) {
      const ids = new Set(list.map(([id]) => id));
      for (const id of before.keys()) if (!ids.has(id)) change.deletes.push([kind, id]);
    }
  }
  // A kind the save does not name is gone, unless its field was given as changes (then it is kept as it is).
  const changedGroups = (kind: string) => {
    const slash = kind.indexOf('/');
    return slash > 0 && isChanges(next.get(kind.slice(0, slash)));
  };
  for (const kind of counts.kinds()) {
    if (next.has(kind) || changedGroups(kind)) continue;
    const held = counts.count(kind);
    if (held > 0) change.clears.push([kind, held]);
  }
  return change;
}

/** Rows held whole in memory follow a change. */
export function applyChanges(rows: Rows, change: Change): void {
  for (const [kind] of change.clears) rows.delete(kind);
  for (const [kind, id, pos, json] of change.upserts) {
    let ofKind = rows.get(kind);
    if (!ofKind) rows.set(kind, (ofKind = new Map()));
    ofKind.set(id, { pos, json });
    const top = tops.get(ofKind);
    if (top !== undefined && pos > top) tops.set(ofKind, pos);
  }
  for (const [kind, id] of change.deletes) {
    const ofKind = rows.get(kind);
    ofKind?.delete(id);
    if (ofKind?.size === 0) rows.delete(kind);
  }
}

/** Rows a change writes or removes (what a save costs: tests, the bench). */
export const changeSize = (change: Change) => ({
  upserts: change.upserts.length,
  deletes: change.deletes.length + change.clears.reduce((sum, [, held]) => sum + held, 0),
});

/** A stored row as both adapters keep it. */
export interface RecordRow {
  kind: string;
  id: string;
  pos: number;
  json: string;
}

/** The rows of a table, by kind and id. */
export function rowsOf(list: Iterable<RecordRow>): Rows {
  const rows: Rows = new Map();
  for (const { kind, id, pos, json } of list) {
    let ofKind = rows.get(kind);
    if (!ofKind) rows.set(kind, (ofKind = new Map()));
    ofKind.set(id, { pos: Number(pos), json });
  }
  return rows;
}

/** The rows a state kept as one JSON text becomes (an import): its records, or a `raw` row when this build does not restore it. */
export function importedRows(text: string): { rows: RecordRow[]; restorable: boolean } {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (isPlainObject(parsed) && parsed.format === 'exchange-snapshot' && parsed.version === 1) {
    const rows = planChanges(new Map(), snapshotRows(parsed)).upserts.map(([kind, id, pos, json]) => ({ kind, id, pos, json }));
    return { rows, restorable: true };
  }
  return { rows: [{ kind: 'raw', id: EXCHANGE_FILE, pos: 0, json: JSON.stringify(text) }], restorable: false };
}

/** The text of what the rows held, for the trader to download when it did not restore. */
export function rowsText(rows: Rows, loaded: unknown): string {
  const raw = rawText(rows);
  if (raw !== null) return raw;
  if (loaded instanceof UnreadableText || loaded instanceof StoreDamage) {
    const all = [...rows].flatMap(([kind, ofKind]) => inOrder(ofKind).map(([id, row]) => [kind, id, row.json]));
    return JSON.stringify({ format: 'sqlite-records', rows: all });
  }
  return JSON.stringify(loaded);
}
