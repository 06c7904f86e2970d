import { constants } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { InstrumentSpec, SessionHeader } from '../types';
import { createLineWriter, fileLines } from '../session/node-io';
import { SessionWriter, type DraftEvent } from '../session/writer';
import { createBinanceImporter } from './binance';
import { createBybitImporter } from './bybit';
import { ImportError, StrictStop, type ImportStats, type Importer, type ImporterOptions } from './common';
import { InstrumentInference, type ImportFormat } from './infer';
import { createTardisImporter } from './tardis';

export type { ImportFormat } from './infer';

export interface ImportFilesOptions {
  format: ImportFormat;
  /** read in this order as one continuous recording (e.g. a session split at midnight) */
  inputs: string[];
  /** the session file to write (gzip JSONL) */
  output: string;
  strict?: boolean;
  /** tick and lot per symbol; inferred from the data when absent */
  instruments?: InstrumentSpec[];
  /** the symbol of a Binance REST snapshot line, which names none */
  defaultSymbol?: string;
  venue?: string;
  source?: string;
  licence?: string;
  checkpointIntervalMs?: number;
}

export interface FileIssue {
  file: string;
  line: number;
  message: string;
}

export interface GapNote extends FileIssue {
  t: number;
  symbol: string;
}

export interface ImportReport {
  stats: ImportStats;
  /** the first 20 skipped lines */
  issues: FileIssue[];
  /** the first 20 gap records */
  gaps: GapNote[];
  output: string;
  header: SessionHeader;
}

const FIRST = 20;
const VENUES: Record<ImportFormat, string> = { binance: 'binance-spot', bybit: 'bybit-spot', tardis: 'tardis' };

export function createImporter(format: ImportFormat, options: ImporterOptions): Importer {
  if (format === 'binance') return createBinanceImporter(options);
  if (format === 'bybit') return createBybitImporter(options);
  return createTardisImporter(options);
}

/**
 * Converts raw recordings into one session file, streaming line by line.
 * The header needs the instruments and the first/last event time before the
 * first event is written, so the inputs are read up to three times: infer
 * (unless instruments are given), a dry run, then the write. The session is
 * written beside the output and renamed at the end, so a failed import never
 * leaves a half session under the output's name.
 */
export async function importFiles(options: ImportFilesOptions): Promise<ImportReport> {
  const { format, inputs, output } = options;
  if (inputs.length === 0) throw new ImportError(output, 0, 'no input files');
  for (const file of inputs) {
    try {
      await access(file, constants.R_OK);
    } catch (error) {
      throw new ImportError(file, 0, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  try {
    await access(dirname(output), constants.W_OK);
  } catch (error) {
    // Checked up front: the gzip writer would report it as an uncaught stream error.
    throw new ImportError(output, 0, `cannot write there (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const instruments = options.instruments ?? (await infer(options));
  if (instruments.length === 0) throw new ImportError(inputs.join(','), 0, 'found no symbol with book or trade data');
  const importerOptions: ImporterOptions = { instruments, strict: options.strict, defaultSymbol: options.defaultSymbol };

  let start: number | null = null;
  let end = 0;
  await run(inputs, createImporter(format, importerOptions), (e) => {
    start ??= e.t;
    end = e.t;
  });
  if (start === null) throw new ImportError(inputs.at(-1)!, 0, 'no usable events in the input');

  const header: SessionHeader = {
    format: 'spot-session',
    version: 1,
    venue: options.venue ?? VENUES[format],
    source: options.source ?? `${format} raw recording: ${inputs.map((f) => basename(f)).join(', ')}`,
    licence: options.licence ?? 'unspecified',
    symbols: instruments,
    start,
    end,
    checkpointIntervalMs: options.checkpointIntervalMs ?? 60_000,
  };
  const partial = `${output}.partial`;
  const out = createLineWriter(partial);
  const writer = new SessionWriter(header, (line) => out.write(line));
  const gaps: GapNote[] = [];
  try {
    await writer.begin();
    const result = await run(inputs, createImporter(format, importerOptions), async (e, file, line) => {
      if (e.ch === 'gap' && gaps.length < FIRST) gaps.push({ file, line, t: e.t, symbol: e.msg.s, message: e.msg.reason });
      await writer.write(e);
    });
    await out.close();
    await rename(partial, output);
    return { stats: result.stats, issues: result.issues.slice(0, FIRST), gaps, output, header };
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

async function infer(options: ImportFilesOptions): Promise<InstrumentSpec[]> {
  const inference = new InstrumentInference(options.format, options.defaultSymbol);
  for (const file of options.inputs) {
    await eachLine(file, (line) => inference.push(line));
  }
  return inference.result();
}

type Sink = (event: DraftEvent, file: string, line: number) => void | Promise<void>;

/** Feeds every input through one importer (so state carries across files), issues tagged with their file. */
async function run(inputs: string[], importer: Importer, sink: Sink): Promise<{ stats: ImportStats; issues: FileIssue[] }> {
  const issues: FileIssue[] = [];
  let file = inputs[0]!;
  let seen = 0;
  const collect = () => {
    for (const issue of importer.issues.slice(seen)) if (issues.length < FIRST) issues.push({ file, ...issue });
    seen = importer.issues.length;
  };
  for (file of inputs) {
    await eachLine(file, async (line, lineNo) => {
      for (const event of pushLine(importer, file, line, lineNo)) await deliver(sink, event, file, lineNo);
      if (importer.issues.length > seen) collect();
    });
  }
  for (const event of importer.finish()) await deliver(sink, event, file, 0);
  collect();
  return { stats: importer.stats, issues };
}

function pushLine(importer: Importer, file: string, line: string, lineNo: number): DraftEvent[] {
  try {
    return importer.push(line, lineNo);
  } catch (error) {
    if (error instanceof StrictStop) throw new ImportError(file, error.line, error.reason);
    throw error;
  }
}

async function deliver(sink: Sink, event: DraftEvent, file: string, line: number): Promise<void> {
  try {
    await sink(event, file, line);
  } catch (error) {
    // The writer refuses what would make a broken session (time going back, a symbol not in the header).
    throw new ImportError(file, line, `cannot write the event: ${(error as Error).message}`);
  }
}

/**
 * Calls `onLine` for each line of a (gzipped) file. A read that breaks off —
 * a truncated gzip, a vanished file — becomes an ImportError naming the file
 * and the last line read whole.
 */
async function eachLine(file: string, onLine: (line: string, lineNo: number) => void | Promise<void>): Promise<void> {
  let lineNo = 0;
  const iterator = fileLines(file)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw new ImportError(file, lineNo, `the file breaks off after line ${lineNo} (${(error as Error).message})`);
    }
    if (next.done) return;
    lineNo += 1;
    try {
      await onLine(next.value, lineNo);
    } catch (error) {
      await iterator.return?.();
      throw error;
    }
  }
}
