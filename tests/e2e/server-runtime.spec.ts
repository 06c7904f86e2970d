import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVER_CONTROL_TOKEN, SERVER_RUNTIME_PORT } from './support/ports';
import { Decimal } from 'decimal.js';
import { formatDecimal } from '../../src/domain/format';
import { counter, truthBook } from './support/market';
import { closeTradeGuide, COLD_START_MS } from './support/orderForm';
import { contextsClosedAfterEach } from './support/contexts';

/**
 * The local server runtime (`npm run server`): a real HTTP + WebSocket server
 * serving the remote build, so several tabs share one market.
 */
const ORIGIN = `http://127.0.0.1:${SERVER_RUNTIME_PORT}`;
// A test's own calls are a script's: the server keeps its controls to its page or this token.
const CONTROL = { headers: { 'x-mock-control-token': SERVER_CONTROL_TOKEN } };

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

/** A fresh browser signed in as one of the server's profiles, on ETH/USDT, the trade guide closed. */
async function signedIn(browser: Browser, profile: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await closeTradeGuide(page);
  await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/ETH/USDT')}`);
  await page.getByRole('button', { name: new RegExp(`^${profile}`) }).click();
  await expect(page.getByTestId('account-menu')).toContainText(profile, { timeout: COLD_START_MS });
  await expect(page.locator('.ob-row--buy').first()).toBeVisible({ timeout: COLD_START_MS });
  return page;
}

/** What the order form shows as available of a token, as a plain number. */
async function available(page: Page, token: string): Promise<string> {
  const text = (await page.getByTestId(`available-${token}`).textContent()) ?? '';
  return new Decimal(text.replace(/,/g, '') || '0').toFixed();
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
    const status = (await (await first.request.get(`${ORIGIN}/mock/api/replay`, CONTROL)).json()) as { result: { gateway: { connections: number } } };
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

  test("two traders on one market (issue 32): A's resting sell shows in B's book, B's buy trades with it, and both see the trade", async ({ browser }) => {
    // Two sign-ins and two first loads on a shared 2-core machine.
    test.slow();
    const a = await signedIn(browser, 'Demo trader');
    const b = await signedIn(browser, 'Unified trader');
    // The server's accounts outlive a test: orders left by an earlier try would trade here.
    for (const page of [a, b]) expect((await post(page, '/spot/api/order/cancel_all', {})).success).toBe(true);
    // A demo account tops up (200 ETH more; once a minute, so a refusal means an earlier try did).
    await a.getByRole('button', { name: 'Top up demo funds' }).click();
    const topUp = a.getByRole('dialog', { name: 'Top up demo funds' });
    await topUp.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(topUp.getByText(/Demo funds added|once per minute/)).toBeVisible();
    await a.keyboard.press('Escape');
    await expect(topUp).toHaveCount(0);
    await post(a, '/mock/api/replay', { action: 'pause' });
    try {
      // With the market still, A sells into the whole best bid and 0.01 ETH more: the 0.01 rests alone at that price, the new best ask.
      // The book pushed before the pause may be older than the exchange's: read it once it stops changing (pushes every 300 ms).
      let book = await truthBook(a, 'mergedDepth', 'ETHUSDT', 2);
      for (let read = 0; read < 10; read++) {
        await a.waitForTimeout(700);
        const again = await truthBook(a, 'mergedDepth', 'ETHUSDT', 2);
        if (again?.version === book?.version) break;
        book = again;
      }
      const [bidPrice = '', bidQty = '0'] = book!.bids[0]!;
      const price = new Decimal(bidPrice).toFixed(2);
      const qty = new Decimal(bidQty).plus('0.01');
      const ethA = new Decimal(await available(a, 'ETH'));
      const ethB = new Decimal(await available(b, 'ETH'));
      expect(qty.lte(ethA), `the best bid (${bidQty} ETH) is within A's ${ethA.toFixed()} ETH`).toBe(true);
      const formA = a.getByRole('form', { name: 'Order form' });
      await formA.getByRole('button', { name: 'Sell', exact: true }).click();
      await formA.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
      await formA.getByRole('textbox', { name: 'Quantity', exact: true }).fill(qty.toFixed());
      await formA.getByRole('button', { name: 'Sell ETH' }).click();
      const openA = a.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
      await expect(openA).toHaveCount(1);

      // B's page shows A's offer: a sell row at that price holding A's 0.01 only.
      const askRow = b.locator(`.ob-row--sell[data-price="${price}"]`);
      await expect(askRow).toContainText('0.0100', { timeout: 15_000 });

      // B buys 0.01 at that price: the only offer there is A's, so B trades with A.
      const formB = b.getByRole('form', { name: 'Order form' });
      await formB.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
      await formB.getByRole('textbox', { name: 'Quantity', exact: true }).fill('0.01');
      await formB.getByRole('button', { name: 'Buy ETH' }).click();
      await expect(askRow).toHaveCount(0);
      await expect(openA).toHaveCount(0);

      // Both see the trade in their own history, at that price, on their own side.
      for (const [page, side] of [[a, 'Sell'], [b, 'Buy']] as const) {
        const orders = page.getByRole('region', { name: 'My orders' });
        await orders.getByRole('tab', { name: 'Trade history' }).click();
        const row = orders.getByRole('table', { name: 'My trades' }).getByRole('row').filter({ hasText: formatDecimal(price, 2)! }).filter({ hasText: side });
        await expect(row.first()).toBeVisible();
      }
      // The public tape of both shows the print: 0.01 at that price, a buyer taking.
      for (const page of [a, b]) {
        await page.getByRole('tab', { name: 'Latest trades' }).click();
        const newest = page.getByTestId('trade-rows').getByRole('row').first();
        await expect(newest.locator('.trade-cell--price')).toHaveText(formatDecimal(price, 2)!);
        await expect(newest).toHaveAttribute('data-side', 'buy');
        await expect(newest).toContainText('0.0100');
      }
      // And their balances moved by it: A sold all it offered; B holds 0.01 ETH more, less the 0.1 % taker fee.
      await expect.poll(() => available(a, 'ETH')).toBe(ethA.minus(qty).toFixed());
      await expect.poll(() => available(b, 'ETH')).toBe(ethB.plus('0.00999').toFixed());
    } finally {
      await post(a, '/mock/api/replay', { action: 'resume' });
    }
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
    const hosts = async () => ((await (await page.request.get(`${ORIGIN}/mock/api/net`, CONTROL)).json()) as { result: { hosts: { accelerated: { served: number } } } }).result.hosts;
    await expect.poll(async () => (await hosts()).accelerated.served, { timeout: 10_000 }).toBeGreaterThan(0);
    // The first upload cycle is 10 s after the start (real time on this runtime).
    const received = async () => ((await (await page.request.get(`${ORIGIN}/mock/api/net/reports`, CONTROL)).json()) as { result: { reports: { type: string }[] } }).result.reports;
    await expect.poll(async () => (await received()).some((r) => r.type === 'whitelist'), { timeout: 25_000 }).toBe(true);
  });
});

test.describe('server runtime, closed to other sites (issue 31)', () => {
  test('the page trades through the guarded server, its session cookie out of scripts\' reach; another origin\'s simple POST changes nothing', async ({ browser }) => {
    // A sign-in, three page loads and a second page: over 60 s twice in the slow CI run of 2026-11-28 afternoon, the last at its final click.
    test.slow();
    const context = await newContext(browser);
    const page = await context.newPage();
    await closeTradeGuide(page);
    await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/ETH/USDT')}`);
    await page.getByRole('button', { name: /^Classic trader/ }).click();
    await expect(page.getByTestId('account-menu')).toContainText('Classic trader');
    // HttpOnly: the page's scripts never see the session, yet every call and socket carries it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('spot_session');
    // The server's accounts outlive a test: an order left by a failed first try would be counted by the retry.
    expect((await post(page, '/spot/api/order/cancel_all', {})).success).toBe(true);

    const form = page.getByRole('form', { name: 'Order form' });
    const bid = page.locator('.ob-side--buy .ob-row .ob-cell--price').first();
    await expect(bid).toHaveText(/\d/, { timeout: 15_000 });
    // Far under the market: it rests whatever the shared replay does meanwhile.
    const price = (Number(((await bid.textContent()) ?? '').replace(/,/g, '')) * 0.8).toFixed(2);
    await form.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
    await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('0.01');
    await form.getByRole('button', { name: 'Buy ETH' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Buy order for ETH placed' }).last()).toBeVisible();
    const rows = page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(rows).toHaveCount(1, { timeout: COLD_START_MS });

    // Another origin (the demo app's, a different port) sends what any page can send without a preflight.
    const speed = async () => ((await (await page.request.get(`${ORIGIN}/mock/api/replay`, CONTROL)).json()) as { result: { speed: number } }).result.speed;
    const before = await speed();
    const other = await context.newPage();
    await other.goto('/en/trade/spot/BTC/USDT');
    await other.evaluate(async (target) => {
      await fetch(`${target}/mock/api/replay`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"action":"speed","speed":50}' });
      await fetch(`${target}/spot/api/order/cancel_all`, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' });
    }, ORIGIN);
    expect(await speed()).toBe(before);
    // The exchange itself still holds the order (the page's list below shows the same after a reload).
    const open = (await (await page.request.get(`${ORIGIN}/spot/api/order/open_orders?limit=100`)).json()) as { result: { list: unknown[] } };
    expect(open.result.list).toHaveLength(1);
    await page.reload();
    await expect(rows).toHaveCount(1, { timeout: COLD_START_MS });
    await rows.first().getByRole('button', { name: /^Cancel Buy order ETH\/USDT/ }).click();
    await expect(rows).toHaveCount(0);
  });
});
