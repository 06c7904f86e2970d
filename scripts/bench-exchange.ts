/**
 * `npm run bench:exchange [-- --runs N] [--ops N] [--book-events N] [--differential-ops N] [--only orders|replay|differential]`: the
 * exchange engine of issue 7 (mocks/exchange), on this machine.
 * 1. Orders/s through create → match → events on a seeded mixed stream
 *    (60 % limit around the touch, 15 % market, 15 % cancel, 10 % modify),
 *    through our Exchange and the SAME logical stream through the npm package
 *    nodejs-order-book, in the same process and run: warm-up, then best and
 *    median of --runs runs, and the ratio (target ≥ 3×). Beside them, the
 *    bare matching core (mocks/exchange/priceTimeBook.ts) on exactly the
 *    operations nodejs-order-book runs, checked to end with the same book
 *    (issue 25: target ≥ 1×).
 * 2. Replayed book events/s through Exchange.onMarket on the real BTCUSDT
 *    recording with 1,000 resting demo orders near the touch, and with none
 *    (target ≥ 1,000,000 book events/s with 1,000 orders).
 * 3. The differential check of issue 32 against nodejs-order-book on at
 *    least --differential-ops operations (default 1,000,000): count and
 *    divergences.
 * Prints figures and PASS / MISS against the targets; asserts nothing.
 *
 * Also a section of `npm run bench` (benchExchangeSection).
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './bench-exchange/measure';
import { benchOrders } from './bench-exchange/orders';
import { benchReplay } from './bench-exchange/replay';
import { benchDifferential } from './bench-exchange/differential';

export type { BenchRow } from './bench-exchange/measure';

// ---- running ------------------------------------------------------------------

export interface ExchangeBenchOptions {
  runs: number;
  ops: number;
  bookEvents: number;
  /** operations of the differential check against nodejs-order-book (issue 32) */
  differentialOps: number;
  /** one part only (profiling): 'orders', 'replay' or 'differential' */
  only: 'orders' | 'replay' | 'differential' | null;
}

export function parseExchangeArgs(argv: string[]): ExchangeBenchOptions {
  const options: ExchangeBenchOptions = { runs: 3, ops: 200_000, bookEvents: 3_000_000, differentialOps: 1_000_000, only: null };
  for (let i = 0; i < argv.length; i++) {
    const part = argv[i + 1];
    if (argv[i] === '--only' && (part === 'orders' || part === 'replay' || part === 'differential')) options.only = part;
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value <= 0) continue;
    if (argv[i] === '--runs') options.runs = value;
    if (argv[i] === '--ops') options.ops = value;
    if (argv[i] === '--book-events') options.bookEvents = value;
    if (argv[i] === '--differential-ops') options.differentialOps = value;
  }
  return options;
}

/** Both measurements as printable rows (what, figure, note); the caller prints them. */
export async function benchExchangeSection(argv: string[] = []): Promise<BenchRow[]> {
  const options = parseExchangeArgs(argv);
  const rows: BenchRow[] = [['machine', `${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`, `node ${process.version}`]];
  const all = options.only === null;
  if (all || options.only === 'orders') rows.push(...benchOrders(options.ops, options.runs));
  if (all || options.only === 'replay') rows.push(...(await benchReplay(options.bookEvents, options.runs)));
  if (all || options.only === 'differential') rows.push(...benchDifferential(options.differentialOps));
  rows.push(['machine after', `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`, '']);
  return rows;
}

export function printExchangeRows(rows: BenchRow[]): void {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log('\nExchange engine (issue 7): targets: bare core ≥ 1× nodejs-order-book orders/s (issue 25), full path ≥ 3× (issue 7); ≥ 1,000,000 book events/s with 1,000 resting orders\n');
  for (const [what, figure, note] of rows) console.log(`${what.padEnd(w0)}  ${figure.padEnd(w1)}  ${note}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printExchangeRows(await benchExchangeSection(process.argv.slice(2)));
}
