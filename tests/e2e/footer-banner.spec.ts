import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { SERVER_RUNTIME_PORT } from './support/ports';
import { installClock, runExchangeInPage } from './support/clock';
import { contextsClosedAfterEach } from './support/contexts';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Footer announcement banner (spec 2 §2, §4, §5; issue 23 parts 3 and 5),
 * on fixtures/footer-announcements.json. Newer than the one it must show are
 * a maintenance notice (another category) and a derivatives listing
 * (another topic); the next one down has a title that is markup.
 */
const URL = '/en/trade/spot/BTC/USDT';
const NEWEST = 'New listing: TON/USDT opens for spot trading';
const MARKUP = '<img src=x onerror=alert(1)>';
const ARTICLE = 'https://announcements.bybit.com/en/article/new-listing-ton-usdt-spot/';
const MIN = 60_000;
/** A page boots its in-page exchange first: on a busy two-core machine the banner's answer can take this long. */
const LOAD = 30_000;
const DAY = 24 * 60 * MIN;

const banner = (page: Page) => page.getByRole('region', { name: 'Latest announcement' });

/** The page's clock starts at REPLAY_START (runs on by itself); every dialog (an alert from injected markup) is recorded. */
async function open(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await installClock(page, { time: REPLAY_START });
  await page.goto(URL);
  return dialogs;
}

/** Leaves the page, moves the clock and opens it again: a fresh page on the later time (no replay to catch up). */
async function reopenAt(page: Page, time: number) {
  await page.goto('about:blank');
  await page.clock.setSystemTime(time);
  await page.goto(URL);
}

/** The banner's answer is in (search answered, account known) and nothing is on show. */
async function expectNoBanner(page: Page) {
  await expect(page.locator('.footer-banner-slot')).toHaveAttribute('data-state', 'none', { timeout: LOAD });
  await expect(banner(page)).toHaveCount(0);
}

test.describe('footer announcement banner (spec 2 §2, §4, §5)', () => {
  test('shows the newest allowed announcement with its article link; the strip keeps its height', async ({ page }) => {
    test.setTimeout(90_000);
    const dialogs = await open(page);
    await expect(banner(page)).toContainText(NEWEST, { timeout: LOAD });
    await expect(banner(page)).toContainText('New listing');
    await expect(banner(page)).not.toContainText('maintenance');
    await expect(banner(page).getByRole('link', { name: /Details/ })).toHaveAttribute('href', ARTICLE);
    await expect(banner(page).getByRole('link', { name: /Details/ })).toHaveAttribute('target', '_blank');
    const slot = await page.locator('.footer-banner-slot').boundingBox();
    expect(Math.round(slot?.height ?? 0)).toBe(36);
    // A visitor's "don't show again" stays on this device: after a reload nothing older shows either.
    await banner(page).getByRole('button', { name: "Don't show again" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('SPOT_footer_banner_v1') ?? '{}').watermark?.id)).toBe('fa-ton-spot-listing');
    const held = await page.locator('.footer-banner-slot').boundingBox();
    expect(Math.round(held?.height ?? 0)).toBe(36);
    await page.reload();
    await expectNoBanner(page);
    expect(dialogs).toEqual([]);
  });

  test('following the link hides it 5 min; then the next one shows, its markup title as text', async ({ page, context }) => {
    test.setTimeout(150_000);
    const dialogs = await open(page);
    await context.route('https://announcements.bybit.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Article</title>' }));
    await expect(banner(page)).toContainText(NEWEST, { timeout: LOAD });
    const popup = page.waitForEvent('popup');
    await banner(page).getByRole('link', { name: /Details/ }).click();
    const article = await popup;
    expect(article.url()).toBe(ARTICLE);
    await article.close();
    await expect(banner(page)).toHaveCount(0);

    await reopenAt(page, REPLAY_START + 4 * MIN);
    await expectNoBanner(page);

    await reopenAt(page, REPLAY_START + 5 * MIN + 1_000);
    const title = banner(page).locator('.footer-banner__title');
    await expect(title).toHaveText(MARKUP, { timeout: LOAD });
    await expect(banner(page).locator('img')).toHaveCount(0);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('closed with × it stays closed after a reload and comes back after 24 h', async ({ page }) => {
    test.setTimeout(150_000);
    await open(page);
    await expect(banner(page)).toContainText(NEWEST, { timeout: LOAD });
    await banner(page).getByRole('button', { name: 'Close the announcement' }).click();
    await expect(banner(page)).toHaveCount(0);

    await page.reload();
    await expectNoBanner(page);

    await reopenAt(page, REPLAY_START + DAY - MIN);
    await expectNoBanner(page);

    await reopenAt(page, REPLAY_START + DAY + MIN);
    await expect(banner(page)).toContainText(NEWEST, { timeout: LOAD });
  });
});

test.describe('footer banner of a signed-in user (server runtime: the exchange outlives the page)', () => {
  const ORIGIN = `http://127.0.0.1:${SERVER_RUNTIME_PORT}`;
  const newContext = contextsClosedAfterEach();

  /** A fresh demo user of its own, so no other test's preferences (or this test's last run) are in the way. */
  async function openSignedIn(page: Page, userId?: string): Promise<string> {
    // The trade guide, then (for a unified account) the leverage switch's tour.
    const tour = page.locator('dialog.tour[open]');
    await page.addLocatorHandler(tour, () => tour.getByRole('button', { name: 'Skip' }).click());
    const answer = userId
      ? await page.request.post(`${ORIGIN}/user/api/login`, { data: { userId } })
      : await page.request.post(`${ORIGIN}/user/api/register`, { data: { nickname: 'Banner reader' } });
    const body = (await answer.json()) as { success: boolean; result: { userId: string } };
    expect(body.success).toBe(true);
    await page.goto(`${ORIGIN}${URL}`);
    return body.result.userId;
  }

  test('"don\'t show again" is stored on the exchange: it holds after a reload and in a new browser context', async ({ browser }) => {
    test.setTimeout(150_000);
    const first = await newContext(browser);
    const page = await first.newPage();
    const userId = await openSignedIn(page);
    await expect(banner(page)).toContainText(NEWEST, { timeout: LOAD });
    await banner(page).getByRole('button', { name: "Don't show again" }).click();
    await expect(banner(page)).toHaveCount(0);
    // setPrefSetting: the announcement date JSON, stored before the banner went.
    const prefs = (await (await page.request.get(`${ORIGIN}/spot/api/user/preferences`)).json()) as { result: { values: Record<string, string> } };
    expect(JSON.parse(prefs.result.values.spot_announcement_date ?? '{}')).toMatchObject({ id: 'fa-ton-spot-listing', date: expect.any(Number) });

    await page.reload();
    await expectNoBanner(page);
    await first.close();

    // A new context: no local storage of the first; the same user signs in again.
    const second = await newContext(browser);
    const again = await second.newPage();
    await openSignedIn(again, userId);
    await expect(again.getByTestId('account-menu')).toContainText('Banner reader', { timeout: LOAD });
    await expectNoBanner(again);
    // A visitor in that context still gets the banner: it is the account's choice that hides it.
    await second.clearCookies();
    await again.reload();
    await expect(banner(again)).toContainText(NEWEST, { timeout: LOAD });
  });
});
