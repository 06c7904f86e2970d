import { expect, type Page } from '@playwright/test';
import { installClock } from './clock';

/** Every e2e replay starts at this wall-clock time, so the exchange's clock (and thus its frames) is the same each run. */
export const REPLAY_START = Date.UTC(2026, 10, 2, 9, 0, 0);

export interface Book {
  version: string;
  bids: string[][];
  asks: string[][];
}

/** Opens the trading page on a controlled clock with the replay panel open; returns the page's uncaught errors. */
export async function openWithReplayPanel(page: Page, path = '/en/trade/spot/BTC/USDT'): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await installClock(page, { time: REPLAY_START });
  await page.goto(path);
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByRole('region', { name: 'Market replay' })).toBeVisible();
  await expect(counter(page, 'status')).toHaveText('Open', { timeout: 15_000 });
  await expect(counter(page, 'book-version')).not.toHaveText('—', { timeout: 15_000 });
  return errors;
}

export function counter(page: Page, id: string) {
  return page.locator(`[data-counter="${id}"]`);
}

/** A control call of the simulated exchange, made from inside the page so the in-page backend answers it. */
export async function control(page: Page, path: string, body: unknown): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ([p, b]) => {
      const response = await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return (await response.json()) as Record<string, unknown>;
    },
    [path, body] as const,
  );
}

export const fault = (page: Page, body: Record<string, unknown>) => control(page, '/mock/api/faults', body);
export const replay = (page: Page, body: Record<string, unknown>) => control(page, '/mock/api/replay', body);

export async function replayStatus(page: Page): Promise<{ replay: Record<string, unknown>; gateway: { perTopic: Record<string, number>; connections: number } }> {
  return page.evaluate(async () => {
    const response = await fetch('/mock/api/replay');
    return ((await response.json()) as { result: never }).result;
  });
}

type Topic = 'mergedDepth' | 'diffDepth' | 'depth';

/** The book the page's realtime client holds for a stream (demo build only: window.spotRealtimeDebug). */
export async function pageBook(page: Page, topic: Topic, symbol: string, dumpScale?: number): Promise<Book | null> {
  return page.evaluate(
    ([t, s, d]) => {
      const client = (window as unknown as { spotRealtimeDebug: { getStore(spec: unknown): { get(): { book: { version: string; bids: string[][]; asks: string[][] } | null } } } }).spotRealtimeDebug;
      const spec = t === 'mergedDepth' ? { topic: t, symbol: s, dumpScale: d } : { topic: t, symbol: s };
      const book = client.getStore(spec).get().book;
      return book ? { version: book.version, bids: book.bids.map((l) => [...l]), asks: book.asks.map((l) => [...l]) } : null;
    },
    [topic, symbol, dumpScale] as const,
  );
}

/** The exchange's ground truth: the book a correct client holds after the last push of that stream. */
export async function truthBook(page: Page, topic: Topic, symbol: string, dumpScale?: number): Promise<Book | null> {
  return page.evaluate(
    async ([t, s, d]) => {
      const query = new URLSearchParams({ topic: t, symbol: s });
      if (d !== undefined) query.set('dumpScale', String(d));
      const body = (await (await fetch(`/mock/api/truth?${query}`)).json()) as { success: boolean; result: { v: string; b: string[][]; a: string[][] } };
      return body.success ? { version: body.result.v, bids: body.result.b, asks: body.result.a } : null;
    },
    [topic, symbol, dumpScale] as const,
  );
}

/**
 * Stops the market where it is and lets two pushes go by (300 ms each): a
 * client that recovered holds exactly the exchange's last pushed book then.
 */
export async function expectBooksMatchTruth(page: Page, symbol: string, dumpScale: number) {
  await replay(page, { action: 'pause' });
  await page.clock.runFor(700);
  for (const [topic, scale] of [['diffDepth', undefined], ['mergedDepth', dumpScale]] as const) {
    const truth = await truthBook(page, topic, symbol, scale);
    expect(truth, `${topic}: the exchange pushed a book`).not.toBeNull();
    expect(await pageBook(page, topic, symbol, scale), `${topic} of the page equals the exchange's`).toEqual(truth);
  }
  await replay(page, { action: 'resume' });
}

/** The best bid the page's book shows, with the replay paused so it stays the best bid. */
export async function heldBestBid(page: Page): Promise<string> {
  // A pointer left over the book (from the sign-in click) would freeze it: keep it away.
  await page.mouse.move(0, 0);
  await replay(page, { action: 'pause' });
  const bid = page.locator('.ob-side--buy .ob-row').first();
  await expect(bid).toBeVisible();
  const read = async () => ((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, '');
  // Book frames already on their way when the replay paused still land: the best bid is held once two reads agree.
  let last = await read();
  await expect
    .poll(async () => {
      const now = await read();
      const settled = now === last;
      last = now;
      return settled;
    }, { intervals: [300] })
    .toBe(true);
  return last;
}
