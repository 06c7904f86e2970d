import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * The Chinese, Japanese and Korean faces, each cut to the characters the app can show in its language (issue 33
 * part 3; Simplified Chinese, Japanese and Korean since issue 26 translated them).
 *
 * A whole Noto Sans CJK face is 4–6 MB even as its package's ~100 variable slices; one language's texts use
 * ~700–1,000 characters spread over a score of them. Each slice is cut to the characters in that language's
 * translations plus what Intl writes in it (list and time words) and the language picker's native names, giving
 * ~150–300 KB per language, fetched only when a character of its ranges is on the page: a system without a CJK
 * font (Debian's Chromium) drew every such character as an empty box. A character outside the cut (a user's own
 * text) falls back to the next face of the stack, then the system font.
 *
 * The four languages get four families, so each page draws its shared Han characters in its own regional forms
 * (src/app/styles.css puts the page language's face first). The cut files and their @font-face rules are written
 * to node_modules/.cache and imported as `virtual:cjk-font.css`, so Vite hashes and bundles the files like any
 * other CSS url().
 */
const VIRTUAL_ID = 'virtual:cjk-font.css';
const FIRST_CJK = 0x2e80;

/** A language's face: the fontsource package it is cut from and the family name the stylesheet uses. */
interface CjkFace {
  locale: string;
  pkg: string;
  family: string;
}

export const CJK_FACES: readonly CjkFace[] = [
  { locale: 'zh-TW', pkg: '@fontsource-variable/noto-sans-tc', family: 'Noto Sans TC Subset' },
  { locale: 'zh', pkg: '@fontsource-variable/noto-sans-sc', family: 'Noto Sans SC Subset' },
  { locale: 'ja', pkg: '@fontsource-variable/noto-sans-jp', family: 'Noto Sans JP Subset' },
  { locale: 'ko', pkg: '@fontsource-variable/noto-sans-kr', family: 'Noto Sans KR Subset' },
];

export interface Slice {
  file: string;
  ranges: Array<[number, number]>;
}

/** A unicode-range value ("U+4E00-4E8C,U+3041") as [from, to] code point pairs. */
export function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)] as [number, number];
  });
}

export function readSlices(packageDir: string): Slice[] {
  const css = readFileSync(join(packageDir, 'wght.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap((match) => {
    const body = match[1] ?? '';
    const file = /url\(['"]?\.\/files\/([^)'"]+\.woff2)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    return file && range ? [{ file, ranges: parseRanges(range) }] : [];
  });
}

/**
 * Every CJK character a language's page can write: its translations, the words Intl adds (lists, times), and the
 * language picker's native names (日本語, 한국어, 简体中文, 繁體中文; a character the face lacks is left to the next).
 */
export function cjkCharacters(locale: string, localeDir: string, extraSources: string[]): string[] {
  let text = existsSync(localeDir) ? readdirSync(localeDir).map((name) => readFileSync(join(localeDir, name), 'utf8')).join('') : '';
  text += extraSources.map((file) => readFileSync(file, 'utf8')).join('');
  text += new Intl.ListFormat(locale, { type: 'conjunction' }).format(['a', 'b', 'c']);
  text += new Intl.ListFormat(locale, { type: 'disjunction' }).format(['a', 'b', 'c']);
  // Every weekday and month name, morning and afternoon, as the chart's axis and the tables write dates.
  for (let day = 0; day < 7; day++) text += new Date(Date.UTC(2026, 0, 1 + day, 3)).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'long', hour12: true });
  for (let month = 0; month < 12; month++) text += new Date(Date.UTC(2026, month, 9, 15)).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'long', hour12: true });
  return [...new Set([...text].filter((char) => char.codePointAt(0)! >= FIRST_CJK))].sort();
}

/** Sorted code points as a unicode-range, consecutive ones as one run (U+3041-3096), to keep the stylesheet small. */
export function unicodeRange(codes: readonly number[]): string {
  const hex = (code: number) => code.toString(16).toUpperCase();
  const runs: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    runs.push(j > i ? `U+${hex(codes[i]!)}-${hex(codes[j]!)}` : `U+${hex(codes[i]!)}`);
    i = j + 1;
  }
  return runs.join(',');
}

/** The face's slices cut to its characters, written to outDir; returns the @font-face rules. */
async function cutFace(outDir: string, packageDir: string, face: CjkFace, characters: string[]): Promise<string[]> {
  const rules: string[] = [];
  const stem = face.pkg.split('/')[1]!;
  for (const slice of readSlices(packageDir)) {
    const inSlice = characters.filter((char) => slice.ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to));
    if (inSlice.length === 0) continue;
    const cut = await subsetFont(readFileSync(join(packageDir, 'files', slice.file)), inSlice.join(''), { targetFormat: 'woff2' });
    const name = slice.file.replace(stem, `${stem}-subset`);
    writeFileSync(join(outDir, name), cut);
    const range = unicodeRange(inSlice.map((char) => char.codePointAt(0)!).sort((a, b) => a - b));
    rules.push(`@font-face{font-family:'${face.family}';font-style:normal;font-display:swap;font-weight:100 900;src:url('./${name}') format('woff2-variations');unicode-range:${range};}`);
  }
  return rules;
}

export function cjkFontPlugin(root = process.cwd()): Plugin {
  const requireHere = createRequire(join(root, 'package.json'));
  const faces = CJK_FACES.map((face) => ({ face, packageDir: dirname(requireHere.resolve(`${face.pkg}/wght.css`)) }));
  const outDir = resolve(root, 'node_modules/.cache/cjk-font');
  return {
    name: 'cjk-font-subset',
    async buildStart() {
      const extra = [resolve(root, 'src/domain/locale.ts')];
      const cuts = faces.map(({ face, packageDir }) => ({
        face,
        packageDir,
        characters: cjkCharacters(face.locale, resolve(root, 'locales', face.locale), extra),
        version: (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version,
      }));
      const key = createHash('sha256')
        // The plugin's own file is part of the key: a change to how it cuts or writes invalidates the cache.
        .update(readFileSync(import.meta.filename, 'utf8'))
        .update(cuts.map((c) => `${c.face.pkg}@${c.version}\n${c.characters.join('')}`).join('\n'))
        .digest('hex');
      const keyFile = join(outDir, 'key');
      if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return;
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      const rules: string[] = [];
      for (const cut of cuts) rules.push(...(await cutFace(outDir, cut.packageDir, cut.face, cut.characters)));
      writeFileSync(join(outDir, 'cjk-font.css'), `${rules.join('\n')}\n`);
      writeFileSync(keyFile, key);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? join(outDir, 'cjk-font.css') : null;
    },
  };
}
