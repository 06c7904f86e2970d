// `npm run import -- <format> <in>[,<in2>,...] <out> [options]`: converts raw
// exchange recordings into one session file (see mocks/market/importers).
import { basename } from 'node:path';
import { ImportError } from '../mocks/market/importers/common';
import { importFiles, type ImportFilesOptions, type ImportFormat, type ImportReport } from '../mocks/market/importers/driver';
import type { InstrumentSpec } from '../mocks/market/types';

const USAGE = `usage: npm run import -- <binance|bybit|tardis> <in>[,<in2>,...] <out.jsonl.gz> [options]
  inputs are read in order as one continuous recording (e.g. a day split at midnight)
  --strict                      stop at the first unusable line instead of skipping it
  --symbol S --tick T --lot L   tick and lot of symbol S (repeatable); without them they are
                                inferred from the finest prices and quantities in the data
  --venue V --source S --licence L   header fields (defaults: the format, the file names, "unspecified")`;

const FORMATS = new Set<ImportFormat>(['binance', 'bybit', 'tardis']);
const STEP = /^(?=.*[1-9])\d+(\.\d+)?$/;
const SHOWN = 5;

class UsageError extends Error {}

function parseArgs(argv: string[]): ImportFilesOptions {
  const positional: string[] = [];
  const instruments: Partial<InstrumentSpec>[] = [];
  const options: Partial<ImportFilesOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    const current = (): Partial<InstrumentSpec> => {
      const spec = instruments.at(-1);
      if (!spec) throw new UsageError(`${arg} must follow --symbol`);
      return spec;
    };
    if (arg === '--strict') options.strict = true;
    else if (arg === '--symbol') instruments.push({ symbol: value().toUpperCase() });
    else if (arg === '--tick') current().tick = step(arg, value());
    else if (arg === '--lot') current().lot = step(arg, value());
    else if (arg === '--venue') options.venue = value();
    else if (arg === '--source') options.source = value();
    else if (arg === '--licence') options.licence = value();
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 3) throw new UsageError(`expected <format> <inputs> <output>, got ${positional.length} arguments`);
  const [format, inputs, output] = positional as [string, string, string];
  if (!FORMATS.has(format as ImportFormat)) throw new UsageError(`unknown format "${format}"`);
  const files = inputs.split(',').filter((f) => f !== '');
  if (files.length === 0) throw new UsageError('no input files');
  const specs = instruments.map((s) => {
    if (!s.tick || !s.lot) throw new UsageError(`--symbol ${s.symbol} needs both --tick and --lot`);
    return s as InstrumentSpec;
  });
  return { ...options, format: format as ImportFormat, inputs: files, output, instruments: specs.length > 0 ? specs : undefined };
}

function step(flag: string, text: string): string {
  if (!STEP.test(text)) throw new UsageError(`${flag} ${text} is not a positive decimal step`);
  return text;
}

function print(report: ImportReport, inputs: string[]): void {
  const { header, stats } = report;
  const span = ((header.end - header.start) / 1000).toFixed(1);
  console.log(`imported ${inputs.length} file(s) (${inputs.map((f) => basename(f)).join(', ')}) → ${report.output}`);
  for (const s of header.symbols) console.log(`  ${s.symbol}: tick ${s.tick}, lot ${s.lot}`);
  console.log(`  ${new Date(header.start).toISOString()} → ${new Date(header.end).toISOString()} (${span} s)`);
  console.log(
    `  ${stats.lines} lines: ${stats.trades} trades, ${stats.bookUpdates} book updates, ${stats.snapshots} snapshots, ` +
      `${stats.gaps} gaps, ${stats.stale} stale diffs, ${stats.ignored} ignored, ${stats.skipped} skipped`,
  );
  if (stats.snapshots === 0) console.log('  note: no book snapshot in the input, so the session carries no order book');
  if (stats.skipped > 0) {
    console.log(`  skipped lines (first ${Math.min(SHOWN, stats.skipped)} of ${stats.skipped}):`);
    for (const i of report.issues.slice(0, SHOWN)) console.log(`    ${i.file}:${i.line}: ${i.message}`);
  }
  if (stats.gaps > 0) {
    console.log(`  gaps (first ${Math.min(SHOWN, stats.gaps)} of ${stats.gaps}):`);
    for (const g of report.gaps.slice(0, SHOWN)) {
      console.log(`    ${g.file}:${g.line}: ${g.symbol} at ${new Date(g.t).toISOString()}: ${g.message}`);
    }
  }
}

async function main(): Promise<number> {
  let options: ImportFilesOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`import: ${error.message}\n${USAGE}`);
    return 1;
  }
  try {
    print(await importFiles(options), options.inputs);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    console.error(`import: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`import: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
