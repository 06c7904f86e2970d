import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { LOCALE_NATIVE_NAMES, type Locale } from '../src/domain/locale.ts';
import { readSlices, unicodeRange, type Slice } from './cjkFont.ts';

/**
 * The language picker's face: its 27 native names (العربية, 日本語, Русский…) cut from the app's own faces into
 * a few glyphs per script. The picker is on every page, and a closed <select> lays out all of its options: drawn
 * in the page's font stack they made an English page's first visit fetch the Arabic, Hebrew and Thai faces, the
 * CJK cuts and four more Inter subsets, ~540 KB, for eleven words. Cut, they are ~15 KB, and every page still
 * draws the names in the shipped fonts (no empty boxes where the system has no CJK font).
 *
 * Written to node_modules/.cache like the CJK cuts and imported as `virtual:language-names-font.css`.
 */
const VIRTUAL_ID = 'virtual:language-names-font.css';
export const LANGUAGE_NAMES_FAMILY = 'Spot Language Names';

/** The faces the names are cut from, in the order a character is looked for; the CJK names from their own face. */
const SOURCES = {
  inter: '@fontsource-variable/inter',
  arabic: '@fontsource-variable/noto-sans-arabic',
  hebrew: '@fontsource-variable/noto-sans-hebrew',
  thai: '@fontsource-variable/noto-sans-thai',
  ja: '@fontsource-variable/noto-sans-jp',
  ko: '@fontsource-variable/noto-sans-kr',
  zh: '@fontsource-variable/noto-sans-sc',
  'zh-TW': '@fontsource-variable/noto-sans-tc',
} as const;
type Source = keyof typeof SOURCES;
const NON_CJK: readonly Source[] = ['inter', 'arabic', 'hebrew', 'thai'];

/** The Inter subset every page loads anyway (its Latin): characters it has are not cut again. */
const ALWAYS_LOADED = 'inter-latin-wght-normal.woff2';

export interface NameCut {
  source: Source;
  file: string;
  characters: string[];
}

const covers = (slice: Slice, char: string) => slice.ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to);

/**
 * Which slice of which face draws each character of the names: a Chinese, Japanese or Korean name's characters
 * from its own language's face (so 日本語 has Japanese forms), the others from the first face that has them;
 * characters of the always-loaded Latin are left to it. A character the first match already took is not cut twice.
 */
export function planNameCuts(names: Record<string, string>, slicesOf: (source: Source) => Slice[]): NameCut[] {
  const latin = slicesOf('inter').find((slice) => slice.file === ALWAYS_LOADED);
  const taken = new Set<string>();
  const cuts = new Map<string, NameCut>();
  for (const [locale, name] of Object.entries(names)) {
    const order: readonly Source[] = locale in SOURCES && !NON_CJK.includes(locale as Source) ? [locale as Source, ...NON_CJK] : NON_CJK;
    for (const char of name) {
      if (taken.has(char) || (latin && covers(latin, char)) || /\s/.test(char)) continue;
      for (const source of order) {
        const slice = slicesOf(source).find((s) => covers(s, char));
        if (!slice) continue;
        const key = `${source}/${slice.file}`;
        const cut = cuts.get(key) ?? { source, file: slice.file, characters: [] };
        cut.characters.push(char);
        cuts.set(key, cut);
        taken.add(char);
        break;
      }
    }
  }
  return [...cuts.values()];
}

export function languageNamesFontPlugin(root = process.cwd()): Plugin {
  const requireHere = createRequire(join(root, 'package.json'));
  const outDir = resolve(root, 'node_modules/.cache/language-names-font');
  const dirOf = (source: Source) => dirname(requireHere.resolve(`${SOURCES[source]}/wght.css`));
  return {
    name: 'language-names-font',
    async buildStart() {
      const slices = new Map<Source, Slice[]>();
      const slicesOf = (source: Source) => slices.get(source) ?? slices.set(source, readSlices(dirOf(source))).get(source)!;
      const cuts = planNameCuts(LOCALE_NATIVE_NAMES satisfies Record<Locale, string>, slicesOf);
      const versions = Object.keys(SOURCES).map((source) => readFileSync(join(dirOf(source as Source), 'package.json'), 'utf8'));
      const key = createHash('sha256')
        .update(readFileSync(import.meta.filename, 'utf8'))
        .update(JSON.stringify(cuts))
        .update(versions.join('\n'))
        .digest('hex');
      const keyFile = join(outDir, 'key');
      if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return;
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      const rules: string[] = [];
      for (const cut of cuts) {
        const font = await subsetFont(readFileSync(join(dirOf(cut.source), 'files', cut.file)), cut.characters.join(''), { targetFormat: 'woff2' });
        const name = `language-names-${cut.file}`;
        writeFileSync(join(outDir, name), font);
        const range = unicodeRange(cut.characters.map((char) => char.codePointAt(0)!).sort((a, b) => a - b));
        rules.push(`@font-face{font-family:'${LANGUAGE_NAMES_FAMILY}';font-style:normal;font-display:swap;font-weight:100 900;src:url('./${name}') format('woff2-variations');unicode-range:${range};}`);
      }
      writeFileSync(join(outDir, 'language-names-font.css'), `${rules.join('\n')}\n`);
      writeFileSync(keyFile, key);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? join(outDir, 'language-names-font.css') : null;
    },
  };
}
