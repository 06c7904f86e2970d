import type { Page } from '@playwright/test';

/**
 * Texts of the given panels that a user could not read whole: cut by an ancestor that hides its overflow (or by
 * an ellipsis), or drawn over another text. Text inside a scrolling container is not clipped: their text is there
 * to scroll to. Each problem reads "panel: what — «text»".
 */
export async function textLayoutProblems(page: Page, panels: Record<string, string>): Promise<string[]> {
  return page.evaluate((roots) => {
    const problems: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
    const snippet = (text: string) => `«${text.trim().slice(0, 40)}»`;
    for (const [panel, selector] of Object.entries(roots)) {
      const root = document.querySelector(selector);
      if (!root) {
        problems.push(`${panel}: ${selector} is not on the page`);
        continue;
      }
      const boxes: Array<{ el: Element; rect: DOMRect; text: string }> = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const el = node.parentElement;
        if (!text.trim() || !el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (el.closest('[aria-hidden="true"], .sr-only, .visually-hidden, script, style')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        if (!rects.length) continue;
        // An ellipsis is a cut the element chose: the text is longer than its box.
        const style = getComputedStyle(el);
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`${panel}: ${describe(el)} ends in an ellipsis — ${snippet(text)}`);
        for (let clip = el as Element | null; clip && clip !== document.documentElement; clip = clip.parentElement) {
          const s = getComputedStyle(clip);
          const hides = (v: string) => v === 'hidden' || v === 'clip';
          // Inside a scroller the text is there to scroll to (a tab row, a toolbar with arrows): not a cut.
          if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowY === 'auto' || s.overflowY === 'scroll') break;
          if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
          const box = clip.getBoundingClientRect();
          // A 1 px clipping box is the visually-hidden pattern: text for screen readers only.
          if (box.width <= 1 || box.height <= 1) {
            rects.length = 0;
            break;
          }
          const cut = rects.some((r) => (hides(s.overflowX) && (r.left < box.left - 1 || r.right > box.right + 1)) || (hides(s.overflowY) && (r.top < box.top - 1 || r.bottom > box.bottom + 1)));
          if (cut) {
            const r = rects[0]!;
            problems.push(`${panel}: ${describe(el)} is cut by ${describe(clip)} (text ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} in ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}) — ${snippet(text)}`);
            break;
          }
        }
        for (const rect of rects) boxes.push({ el, rect, text });
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
          const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
          // Line boxes of neighbouring lines touch; a real overlap covers part of a glyph both ways.
          if (w > 2 && h > 4) problems.push(`${panel}: ${snippet(a.text)} overlaps ${snippet(b.text)}`);
        }
      }
    }
    return [...new Set(problems)];
  }, panels);
}
