/**
 * Issue 31: what one durable save costs as the history grows. For each
 * history size, an engine holds that many finished orders (each with its
 * client order id), its whole state is saved once into a fresh SQLite data
 * folder (`synchronous=FULL`, as the server runs), then 200 saves follow,
 * each after one trader's call (a limit order placed, modified or
 * cancelled): the save as the server makes it (the engine's changes), timed
 * from taking them to the commit, and the rows it wrote. Then a restart:
 * the engine restored from the rows, one call, and its save.
 *
 * `tsx scripts/bench-save.ts`; `BENCH_SAVE_HISTORIES=10,100000,1000000` sets the sizes;
 * with `NODE_OPTIONS=--expose-gc` it also prints the heap the store holds
 * once the history is saved (the engine's own heap left out).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { restoreExchange, snapshotChanges, snapshotExchange, type ExchangeOptions, type ExchangeSnapshot } from '../mocks/exchange';
import { amount, harness } from '../mocks/exchange/testKit';
import { openSqliteDataFolder } from '../mocks/runtime/sqliteStores';
import { percentile } from '../mocks/server/crashKit';

const HISTORIES = (process.env.BENCH_SAVE_HISTORIES ?? '10,100000').split(',').map(Number);
const SAVES = 200;

export interface SaveFigures {
  history: number;
  wholeMs: number;
  restoreMs: number;
  restartMs: number;
  p50: number;
  p99: number;
  rows: number;
  /** heap the store holds after the saves, beyond the engine's (MB; null without --expose-gc) */
  storeHeapMb: number | null;
}

const gc = (globalThis as { gc?: () => void }).gc;
/** Heap in use after a full collection, or null when the collector is not exposed. */
function heapMb(): number | null {
  if (!gc) return null;
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1_048_576;
}

type Written = Omit<SaveFigures, 'restoreMs' | 'restartMs'> & { options: ExchangeOptions; at: number };

/** The history written into `folder`, then 200 calls' saves; the engine is let go on return (a restart starts without it). */
function writeHistory(history: number, folder: string): Written {
  const h = harness({ historyLimit: 10_000_000 });
  h.snapshot([['59999', '1']], [['60002', '1']]);
  h.ex.credit('u1', 'USDT', amount('100000000'));
  h.ex.trackChanges();
  const place = (price: string, clientOrderId: string) => {
    const made = h.ex.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price, clientOrderId }, h.t);
    if (!made.ok) throw new Error(made.error.message);
    return made.value.orderId;
  };
  for (let i = 0; i < history; i += 1) h.ex.cancel('u1', { orderId: place('50000', `old-${i}`) }, h.t);
  h.ex.takeChanges();
  const engineHeap = heapMb();
  const stores = openSqliteDataFolder(folder, { log: () => {} });
  try {
    const store = stores.exchangeState;
    let started = performance.now();
    store.save({ ...snapshotExchange(h.ex), books: [] });
    const wholeMs = performance.now() - started;
    const times: number[] = [];
    let rows = 0;
    let open: string | null = null;
    for (let n = 0; n < SAVES; n += 1) {
      if (open === null) open = place(String(55_000 + (n % 100)), `new-${n}`);
      else if (n % 3 === 1) h.ex.modify('u1', { orderId: open, price: String(54_000 + (n % 100)) }, h.t);
      else {
        h.ex.cancel('u1', { orderId: open }, h.t);
        open = null;
      }
      started = performance.now();
      store.save({ ...snapshotChanges(h.ex), books: [] });
      times.push(performance.now() - started);
      const written = store.lastWrite();
      rows += written.upserts + written.deletes;
    }
    const afterHeap = heapMb();
    times.sort((a, b) => a - b);
    return {
      history,
      wholeMs,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      rows: rows / SAVES,
      storeHeapMb: engineHeap === null || afterHeap === null ? null : afterHeap - engineHeap,
      options: h.ex.options,
      at: h.t,
    };
  } finally {
    stores.close();
  }
}

export function benchSave(history: number): SaveFigures {
  const folder = mkdtempSync(join(tmpdir(), 'spot-bench-save-'));
  try {
    const { options, at, ...written } = writeHistory(history, folder);
    heapMb();
    // A restart as the server makes it: the engine restored from the rows journals from there, so the run's first
    // save after a call is that call's changes too.
    let started = performance.now();
    const reopened = openSqliteDataFolder(folder, { log: () => {} });
    const again = restoreExchange(options, reopened.exchangeState.load() as ExchangeSnapshot);
    const restoreMs = performance.now() - started;
    again.trackChanges();
    again.create('u1', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '55000', clientOrderId: 'after-restart' }, at);
    started = performance.now();
    reopened.exchangeState.save({ ...snapshotChanges(again), books: [] });
    const restartMs = performance.now() - started;
    reopened.close();
    return { ...written, restoreMs, restartMs };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function printSaveBench(figures: SaveFigures[]): void {
  for (const f of figures) {
    console.log(
      `save: history of ${f.history.toLocaleString('en-US')} orders · one call's save p50 ${f.p50.toFixed(2)} ms · p99 ${f.p99.toFixed(2)} ms · ${f.rows.toFixed(1)} rows a save · first save after a restart ${f.restartMs.toFixed(2)} ms (the restart reads the history: ${Math.round(f.restoreMs)} ms; the whole first save into an empty file ${Math.round(f.wholeMs)} ms)${f.storeHeapMb === null ? '' : ` · heap the store and 200 more orders hold ${f.storeHeapMb.toFixed(1)} MB`}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printSaveBench(HISTORIES.map(benchSave));
}
