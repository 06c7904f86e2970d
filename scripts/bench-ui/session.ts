import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LAUNCH_ARGS } from './page';
import { CHROMIUM, freePort, startPreview } from './setup';

/** Cores and the 1 / 5 / 15 min load averages: printed beside each step, so a reader can judge a run's figures. */
export const machineLoad = () => `${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`;

export interface BenchSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** the page's uncaught errors */
  errors: string[];
  /** prints a step with the seconds since the session opened */
  step: (what: string) => void;
}

/**
 * A preview of `dist` on a free port near `port`, headless Chromium and one
 * page on it at `viewport`; everything is closed once `run` ends, thrown or not.
 */
export async function withBenchPage(options: { port: number; dist: string; viewport: { width: number; height: number } }, run: (session: BenchSession) => Promise<void>): Promise<void> {
  const t0 = Date.now();
  const step = (what: string) => console.log(`  [${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${what}`);
  const preview = await startPreview(await freePort(options.port), options.dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    step(`Chromium ${browser.version()} headless on ${preview.url}, ${options.viewport.width}×${options.viewport.height}; ${machineLoad()}`);
    const context = await browser.newContext({ viewport: options.viewport, locale: 'en-US', baseURL: preview.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await run({ browser, context, page, errors, step });
  } finally {
    await browser.close().catch(() => undefined);
    await preview.stop();
  }
}
