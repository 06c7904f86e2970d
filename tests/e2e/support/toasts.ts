import type { Page } from '@playwright/test';

interface SeenToast {
  text: string;
  /** 'status' for information and success, 'alert' for errors */
  role: string | null;
}

/**
 * Records every toast as it appears, before the page loads. A toast lives
 * 2.5 s of page time: on a busy machine, or once the test has moved the
 * clock, it can be gone before an assertion looks; the record keeps it.
 * Each toast element counts once, so a toast shown twice is seen twice.
 */
export async function recordToasts(page: Page): Promise<() => Promise<SeenToast[]>> {
  await page.addInitScript(() => {
    const seen: { text: string; role: string | null }[] = [];
    const counted = new WeakSet<Element>();
    Object.assign(window, { recordedToasts: seen });
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.toast')) {
        if (counted.has(el) || !el.textContent) continue;
        counted.add(el);
        seen.push({ text: el.textContent, role: el.getAttribute('role') });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { recordedToasts: SeenToast[] }).recordedToasts);
}

/** The texts of the recorded toasts that match. */
export const matching = (toasts: readonly SeenToast[], text: RegExp | string) =>
  toasts.filter((t) => (typeof text === 'string' ? t.text === text : text.test(t.text))).map((t) => t.text);
