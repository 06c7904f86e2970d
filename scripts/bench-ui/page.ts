/** What the browser benchmarks share: Chromium's flags here and the replay upload made from inside the page. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Without the background-networking flags Chromium floods this machine's closed network (TOOLCHAIN.md). */
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Posts a session file from inside the page, where the exchange lives, which selects it; throws when refused. */
export async function uploadSession(page: Page, file: string, name: string): Promise<void> {
  const body = await page.evaluate(
    async ([base64, sessionName]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const response = await fetch(`/mock/api/replay/upload?name=${encodeURIComponent(sessionName)}`, { method: 'POST', body: bytes });
      return (await response.json()) as { success: boolean; message?: string; result?: { replay: { session: string } } };
    },
    [readFileSync(file).toString('base64'), name] as const,
  );
  if (!body.success || body.result?.replay.session !== name) throw new Error(`upload refused: ${body.message ?? JSON.stringify(body)}`);
}
