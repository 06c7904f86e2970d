/**
 * The real Binance BTCUSDT recording the strategy tests run on (read from
 * ../shared/data at test time, never stored here), as the engine's market
 * events in order. Tests only.
 */
import { sharedDataFile } from '../../tests/support/sharedData';
import { createBinanceImporter } from '../market/importers/binance';
import { fileLines } from '../market/session/node-io';
import type { DraftEvent } from '../market/session/writer';
import type { InstrumentSpec, MarketEvent } from '../market/types';

export const BTCUSDT_FILE = 'binance-spot-btcusdt-20240808.raw.gz';
export const BTCUSDT_SPEC: InstrumentSpec = { symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' };

/** Every event of the recording, numbered from 1. */
export async function loadBtcusdtEvents(): Promise<MarketEvent[]> {
  const importer = createBinanceImporter({ instruments: [BTCUSDT_SPEC] });
  const drafts: DraftEvent[] = [];
  let line = 0;
  for await (const text of fileLines(sharedDataFile(BTCUSDT_FILE))) drafts.push(...importer.push(text, ++line));
  drafts.push(...importer.finish());
  return drafts.map((d, i) => ({ ...d, seq: i + 1 }) as MarketEvent);
}
