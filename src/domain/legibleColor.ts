/**
 * Text drawn in a line's own colour (the chart legend's indicator values, a compared symbol's name) must still
 * read on the theme's background: WCAG AA asks 4.5:1. An amber MA line is 2:1 on white, so its value in the
 * legend is drawn in a darker amber on light themes (a lighter one on dark), the nearest shade that reaches the
 * ratio; the line itself keeps the trader's colour. Colours that are not #rgb / #rrggbb are returned as given.
 */
export const AA_TEXT_RATIO = 4.5;

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two #hex colours (1 to 21), or null if either is not #hex. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return null;
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, or the nearest shade of it (towards black on a light background, white on a dark one) that reaches `ratio` on `background`. */
export function legibleOn(color: string, background: string, ratio = AA_TEXT_RATIO): string {
  const rgb = parseHex(color);
  const bg = parseHex(background);
  if (!rgb || !bg || (contrastRatio(color, background) ?? 0) >= ratio) return color;
  const target = luminance(bg) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 20; step += 1) {
    const mixed = rgb.map((c) => c + (target - c) * (step / 20)) as Rgb;
    const shade = toHex(mixed);
    if ((contrastRatio(shade, background) ?? 0) >= ratio) return shade;
  }
  return toHex([target, target, target]);
}
