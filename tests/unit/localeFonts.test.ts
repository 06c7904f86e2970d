import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/domain/locale';
import { CJK_FACES, parseRanges } from '../../vite-plugins/cjkFont';

/**
 * Every character of every translation lies in a face the app ships (issue 26 part 1 with issue 33 part 3): Inter's
 * subsets, the Arabic, Hebrew and Thai faces of src/app/fonts.css, and for Chinese, Japanese and Korean the slices
 * of the Noto Sans CJK package their cut is made from. A character outside them would be drawn by whatever font the
 * system has — an empty box on a system without one. The end-to-end font test checks what the pages really load.
 */
const root = resolve(import.meta.dirname, '..', '..');
const requireHere = createRequire(join(root, 'package.json'));
type Range = [number, number];

/** Every unicode-range of a stylesheet, read as the CJK plugin reads its packages' ranges. */
const rangesOf = (css: string): Range[] => [...css.matchAll(/unicode-range:\s*([^;}]+)/g)].flatMap((m) => parseRanges(m[1]!));
const cssOf = (pkg: string) => readFileSync(requireHere.resolve(`${pkg}/wght.css`), 'utf8');
const covered = (ranges: Range[], code: number) => ranges.some(([from, to]) => code >= from && code <= to);

const shared = [...rangesOf(cssOf('@fontsource-variable/inter')), ...rangesOf(readFileSync(join(root, 'src/app/fonts.css'), 'utf8'))];
const cjk = new Map(CJK_FACES.map((face) => [face.locale, rangesOf(cssOf(face.pkg))]));

describe('translations and shipped fonts', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: every character of its texts is in a shipped face`, () => {
      const dir = join(root, 'locales', locale);
      const values = readdirSync(dir).flatMap((file) => Object.values(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>));
      const ranges = [...shared, ...(cjk.get(locale) ?? [])];
      const outside = new Set<string>();
      for (const text of values) {
        for (const char of text) {
          const code = char.codePointAt(0)!;
          if (code >= 0x20 && !covered(ranges, code)) outside.add(`${char} U+${code.toString(16).toUpperCase()}`);
        }
      }
      expect([...outside]).toEqual([]);
    });
  }
});
