/**
 * What the soak benchmark does inside the page and through the DevTools
 * protocol: a trader's steady activity (fills and resting orders through the
 * exchange's order control, the orders panel's tabs clicked through), and the
 * readings of one sample: heaps after a forced GC, DOM and detached nodes,
 * listeners, the origin's storage. Functions passed to page.evaluate stay
 * self-contained (Playwright serialises them).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

/**
 * Every `everyMs`: a market buy and sell of 0.0001 BTC (fills, trade history,
 * execution marks) and a limit buy 5 % under the last fill (a resting order in
 * the open orders tab); the oldest resting ones are cancelled beyond `keepOpen`.
 */
export const startActivity = (page: Page, everyMs: number, keepOpen: number) =>
  page.evaluate(
    ([every, keep]) => {
      const post = (path: string, body: object) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'u-demo', ...body }) }).then(
          (r) => r.json() as Promise<{ code: number; result?: { orderId?: string; avgPrice?: string; price?: string } }>,
        );
      const tally = { orders: 0, refused: 0, cancels: 0 };
      const open: string[] = [];
      let last = 0;
      const round = async () => {
        for (const side of ['Buy', 'Sell']) {
          const a = await post('/mock/api/exchange/orders', { symbol: 'BTCUSDT', side, orderType: 'Market', qty: '0.0001', marketUnit: 'baseCoin' });
          tally.orders++;
          if (a.code !== 0) tally.refused++;
          const price = Number(a.result?.avgPrice ?? a.result?.price);
          if (price > 0) last = price;
        }
        // A fill that has not been priced yet: the book's best row, as the trader reads it.
        if (last === 0) last = Number(document.querySelector('.ob-row .ob-cell--price')?.textContent?.replace(/[^\d.]/g, '') ?? 0);
        if (last > 0) {
          const a = await post('/mock/api/exchange/orders', { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.0001', price: (last * 0.95).toFixed(2) });
          tally.orders++;
          if (a.code === 0 && a.result?.orderId) open.push(a.result.orderId);
          else tally.refused++;
        }
        while (open.length > keep) {
          await post('/mock/api/exchange/cancel', { orderId: open.shift() });
          tally.cancels++;
        }
      };
      const timer = setInterval(() => void round().catch(() => tally.refused++), every);
      Object.assign(window, { soakActivity: { tally, stop: () => clearInterval(timer) } });
    },
    [everyMs, keepOpen] as const,
  );

export const activityTally = (page: Page) =>
  page.evaluate(() => (window as unknown as { soakActivity: { tally: { orders: number; refused: number; cancels: number } } }).soakActivity.tally);

/** The orders panel's tabs, clicked through as a trader looks at them: each mounts and unmounts its table. */
export async function browseOrdersTabs(page: Page): Promise<void> {
  const tabs = page.locator('#orders-panel').getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < Math.min(count, 4); i++) {
    await tabs.nth(i).click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
  }
  await tabs.first().click({ timeout: 5_000 }).catch(() => undefined);
}

/** The origin's storage in use and the kline cache's rows (IndexedDB is shared with the exchange's worker). */
export const storageUse = (page: Page) =>
  page.evaluate(async () => {
    const usage = (await navigator.storage.estimate()).usage ?? 0;
    let klineRows: number | null = null;
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase | null>((done) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => done(open.result);
        open.onerror = () => done(null);
      });
      if (!db) continue;
      const store = [...db.objectStoreNames].find((n) => /kline/i.test(n));
      if (store) {
        klineRows = (klineRows ?? 0) + (await new Promise<number>((done) => {
          const req = db.transaction(store, 'readonly').objectStore(store).count();
          req.onsuccess = () => done(req.result);
          req.onerror = () => done(0);
        }));
      }
      db.close();
    }
    return { usage, klineRows };
  });

/** The page after a forced GC: heap in use, live DOM nodes, listeners, and nodes no longer in the document that something still holds. */
export async function pageMemory(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const detached = (await cdp.send('DOM.getDetachedDomNodes')) as { detachedNodes: unknown[] };
  return { heap: heap.usedSize, nodes: counters.nodes, listeners: counters.jsEventListeners, detached: detached.detachedNodes.length };
}

/**
 * The exchange's shared worker, reached through the browser's protocol
 * session (Playwright has no handle on shared workers): its heap after a
 * forced GC, or null where it is not there.
 */
export async function workerHeapReader(browser: Browser): Promise<() => Promise<number | null>> {
  const cdp = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? null);
  });
  let sessionId: string | null = null;
  const call = (method: string) =>
    new Promise<unknown>((done) => {
      const id = nextId++;
      waiting.set(id, done);
      void cdp.send('Target.sendMessageToTarget', { sessionId: sessionId!, message: JSON.stringify({ id, method }) }).catch(() => done(null));
      setTimeout(() => done(null), 10_000);
    });
  return async () => {
    if (!sessionId) {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const worker = targetInfos.find((t) => t.type === 'shared_worker');
      if (!worker) return null;
      sessionId = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })).sessionId;
    }
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize?: number } | null;
    return usage?.usedSize ?? null;
  };
}
