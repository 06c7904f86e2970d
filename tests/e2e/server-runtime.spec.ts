import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVER_RUNTIME_PORT } from './support/ports';
import { counter } from './support/market';
import { closeTradeGuide } from './support/orderForm';
import { contextsClosedAfterEach } from './support/contexts';

/**
 * The local server runtime (`npm run server`): a real HTTP + WebSocket server
 * serving the remote build, so several tabs share one market.
 */
const ORIGIN = `http://127.0.0.1:${SERVER_RUNTIME_PORT}`;

// Three tabs of these tests, never closed, were once found still running in a later test's trace.
const newContext = contextsClosedAfterEach();

async function openTab(browser: Browser): Promise<Page> {
  const context = await newContext(browser);
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
      // The header's price comes from the ticker stream, which is throttled: each tab gets the paused price at its
      // next ticker push, not at once. Reading one tab's header once and waiting on the other's raced that push.
      const headers = async () => [await first.getByTestId('header-last-price').textContent(), await second.getByTestId('header-last-price').textContent()];
      await expect.poll(async () => (await headers()).every((v, _, all) => v === all[0] && v !== '—'), { timeout: 10_000 }).toBe(true);
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

  test("signing in on the server's sign-in page gives a cookie session that a second tab and the private socket share", async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await closeTradeGuide(page);
    await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/ETH/USDT')}`);
    await page.getByRole('button', { name: /^Classic trader/ }).click();
    await expect(page).toHaveURL(`${ORIGIN}/en/trade/spot/ETH/USDT`);
    await expect(page.getByTestId('account-menu')).toContainText('Classic trader');
    // The server set the session cookie itself: a second tab of the same browser is signed in too.
    const second = await context.newPage();
    await second.goto(`${ORIGIN}/en/trade/spot/BTC/USDT`);
    await expect(second.getByTestId('account-menu')).toContainText('Standard account');
    // A real socket opened by the page carries the cookie: its wallet subscription is accepted.
    const wallet = await second.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/realtime_w`);
          // A socket that closes unanswered says so (once seen in CI: a handshake that never completed).
          ws.onclose = (event) => reject(new Error(`the private socket closed before its wallet snapshot: ${event.code} ${event.reason}`));
          ws.onopen = () => ws.send(JSON.stringify({ topic: 'asset.spot-walletbalance', event: 'sub' }));
          ws.onmessage = (event) => {
            const frame = JSON.parse(String(event.data)) as { topic?: string; data?: unknown };
            if (frame.topic === 'asset.spot-walletbalance' && Array.isArray(frame.data)) {
              ws.close();
              resolve(JSON.stringify(frame.data));
            }
          };
        }),
    );
    expect(JSON.parse(wallet)).toContainEqual(expect.objectContaining({ tokenId: 'USDT', total: expect.stringMatching(/^\d/) }));
  });

  test('a whitelisted trader on the server is accelerated through its own second listener (cross-origin, with the session cookie); the collector gets the reports', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await closeTradeGuide(page);
    await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/ETH/USDT')}`);
    await page.getByRole('button', { name: /^Unified trader/ }).click();
    await expect(page.getByTestId('account-menu')).toContainText('Unified trader');
    const network = page.locator('#footer-bar').getByRole('button', { name: /^Network ·/ });
    await expect(network).toHaveText('Network · Accelerated', { timeout: 20_000 });
    await network.click();
    const host = page.getByRole('dialog', { name: 'Network' }).locator('tr[data-path="accelerated"] .net-paths__host');
    await expect(host).toHaveText(`http://127.0.0.1:${SERVER_RUNTIME_PORT + 1}`);
    await page.getByRole('dialog', { name: 'Network' }).getByRole('button', { name: 'Close' }).click();
    // Calls that need the session (the account menu, the balances) answered through the other origin: the cookie went along.
    const hosts = async () => ((await (await page.request.get(`${ORIGIN}/mock/api/net`)).json()) as { result: { hosts: { accelerated: { served: number } } } }).result.hosts;
    await expect.poll(async () => (await hosts()).accelerated.served, { timeout: 10_000 }).toBeGreaterThan(0);
    // The first upload cycle is 10 s after the start (real time on this runtime).
    const received = async () => ((await (await page.request.get(`${ORIGIN}/mock/api/net/reports`)).json()) as { result: { reports: { type: string }[] } }).result.reports;
    await expect.poll(async () => (await received()).some((r) => r.type === 'whitelist'), { timeout: 25_000 }).toBe(true);
  });
});
