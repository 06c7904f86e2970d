import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVER_RUNTIME_PORT } from './support/ports';
import { counter } from './support/market';

/**
 * The local server runtime (`npm run server`): a real HTTP + WebSocket server
 * serving the remote build, so several tabs share one market.
 */
const ORIGIN = `http://127.0.0.1:${SERVER_RUNTIME_PORT}`;

async function openTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/en/trade/spot/ETH/USDT`);
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(counter(page, 'status')).toHaveText('Open', { timeout: 15_000 });
  await expect(counter(page, 'book-version')).not.toHaveText('—', { timeout: 15_000 });
  return page;
}

async function post(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([p, b]) => (await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json(),
    [path, body] as const,
  );
}

test.describe('server runtime', () => {
  // One market is shared by every tab of the server: these tests must not pause or cut each other's.
  test.describe.configure({ mode: 'serial' });

  test('two tabs see the same prices from one shared market', async ({ browser }) => {
    const first = await openTab(browser);
    const second = await openTab(browser);
    await post(first, '/mock/api/replay', { action: 'pause' });
    try {
      // Once the market stands still, both tabs converge on the same book and trades.
      for (const id of ['book-version', 'best-bid', 'best-ask', 'last-price']) {
        await expect.poll(async () => [await counter(first, id).textContent(), await counter(second, id).textContent()].every((v, _, all) => v === all[0] && v !== '—'), { timeout: 5_000 }).toBe(true);
      }
      await expect(first.getByTestId('header-last-price')).toHaveText((await second.getByTestId('header-last-price').textContent()) ?? 'missing');
    } finally {
      await post(first, '/mock/api/replay', { action: 'resume' });
    }
    // Both tabs hold a real socket each.
    const status = (await (await first.request.get(`${ORIGIN}/mock/api/replay`)).json()) as { result: { gateway: { connections: number } } };
    expect(status.result.gateway.connections).toBeGreaterThanOrEqual(2);
  });

  test('a real socket cut by the server is reconnected and the tab keeps its market', async ({ browser }) => {
    const page = await openTab(browser);
    const before = Number(await counter(page, 'reconnects').textContent());
    await post(page, '/mock/api/faults', { kind: 'dropSockets' });
    await expect.poll(async () => Number(await counter(page, 'reconnects').textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(counter(page, 'status')).toHaveText('Open', { timeout: 10_000 });
    await expect(counter(page, 'close-code')).toHaveText('1006');
  });
});
