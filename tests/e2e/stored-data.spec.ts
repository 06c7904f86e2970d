import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { COLD_START_MS } from './support/orderForm';

/**
 * Saved demo accounts the exchange cannot restore (issue 25 part 2): kept
 * aside, never overwritten; the page says so, offers them as a download and
 * lets the trader let them go.
 */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
/** A state cut off mid-write. */
const CUT_OFF = '{"format":"exchange-snapshot","version":1,"orders":[{"orderId":"1';

/** Writes the exchange's saved state from a page of the origin that does not start the exchange (its icon). */
async function storeExchangeState(page: Page, text: string) {
  await page.goto('/icons/favicon.svg');
  await page.evaluate(
    (saved) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('spot-mock-exchange', 2);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('state');
          open.result.createObjectStore('texts');
        };
        open.onsuccess = () => {
          const tx = open.result.transaction('state', 'readwrite');
          tx.objectStore('state').put(saved, 'exchange');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    text,
  );
}

/**
 * What the exchange says it keeps aside, asked from inside the page (its in-page interception answers;
 * until it is up, the static server answers the page instead: 'no answer').
 */
const setAside = (page: Page) =>
  page.evaluate(async () => {
    try {
      const answer = (await (await fetch('/mock/api/storage')).json()) as { result?: { setAside?: unknown } };
      return answer.result && 'setAside' in answer.result ? answer.result.setAside : 'no answer';
    } catch {
      return 'no answer';
    }
  });

test('saved accounts that do not restore are kept aside, offered as a download, and let go', async ({ page }) => {
  await storeExchangeState(page, CUT_OFF);
  await page.goto(TRADE_PATH);
  const banner = page.getByRole('alert').filter({ hasText: 'Your saved demo accounts could not be restored' });
  await expect(banner).toBeVisible({ timeout: COLD_START_MS });
  await expect(banner).toContainText('cut off or damaged');
  await expect(banner).toContainText('Nothing was overwritten');

  const download = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Download the saved accounts' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('saved-demo-accounts.json');
  expect(readFileSync(await file.path(), 'utf8')).toBe(CUT_OFF);

  // Kept across a reload until the trader lets it go.
  await page.reload();
  await expect(banner).toBeVisible({ timeout: COLD_START_MS });
  await banner.getByRole('button', { name: 'Let them go' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect.poll(() => setAside(page), { timeout: COLD_START_MS }).toBeNull();
  await expect(banner).toHaveCount(0);
});

test('on a phone the notice fits the screen and its buttons are reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await storeExchangeState(page, '{"format":"exchange-snapshot","version":9}');
  await page.goto(TRADE_PATH);
  const banner = page.getByRole('alert').filter({ hasText: 'Your saved demo accounts could not be restored' });
  await expect(banner).toBeVisible({ timeout: COLD_START_MS });
  await expect(banner).toContainText('newer version of this page');
  await page.screenshot({ path: test.info().outputPath('stored-data-phone.png') });
  const box = (await banner.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await banner.getByRole('button', { name: 'Let them go' }).click();
  await expect(banner).toHaveCount(0);
});
