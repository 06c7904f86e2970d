import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * The Traditional Chinese face, cut to the characters the app can show in zh-TW (issue 33 part 3).
 *
 * A whole Noto Sans TC is 4 MB even as the package's 108 slices; the zh-TW texts use ~700 characters spread over
 * 18 of them (1.2 MB). Each slice is cut to the characters in the translations plus what Intl writes in zh-TW
 * (list and time words), giving ~230 KB that the worker can precache: a system without a CJK font (Debian's
 * Chromium) drew every Chinese character as an empty box. A character outside the cut (a user's own text)
 * falls back to the system font, as before.
 *
 * The cut files and their @font-face rules are written to node_modules/.cache and imported as
 * `virtual:cjk-font.css`, so Vite hashes and bundles the files like any other CSS url().
 */
const VIRTUAL_ID = 'virtual:cjk-font.css';
const FAMILY = 'Noto Sans TC Subset';
const FIRST_CJK = 0x2e80;

interface Slice {
  file: string;
  ranges: Array<[number, number]>;
}

function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)] as [number, number];
  });
}

function readSlices(packageDir: string): Slice[] {
  const css = readFileSync(join(packageDir, 'wght.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap((match) => {
    const body = match[1] ?? '';
    const file = /url\(['"]?\.\/files\/([^)'"]+\.woff2)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    return file && range ? [{ file, ranges: parseRanges(range) }] : [];
  });
}

/**
 * Every CJK character the zh-TW page can write: its translations, the words Intl adds (lists, times), and the
 * language picker's native names (日本語, 简体中文, 繁體中文; a character the TC face lacks is left to the system).
 */
export function zhCharacters(localeDir: string, extraSources: string[]): string[] {
  let text = readdirSync(localeDir).map((name) => readFileSync(join(localeDir, name), 'utf8')).join('');
  text += extraSources.map((file) => readFileSync(file, 'utf8')).join('');
  text += new Intl.ListFormat('zh-TW', { type: 'conjunction' }).format(['a', 'b', 'c']);
  text += new Intl.ListFormat('zh-TW', { type: 'disjunction' }).format(['a', 'b', 'c']);
  text += new Date(Date.UTC(2026, 0, 1, 15)).toLocaleString('zh-TW', { dateStyle: 'full', timeStyle: 'long', hour12: true });
  return [...new Set([...text].filter((char) => char.codePointAt(0)! >= FIRST_CJK))].sort();
}

async function writeSubset(outDir: string, packageDir: string, characters: string[]): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const rules: string[] = [];
  for (const slice of readSlices(packageDir)) {
    const inSlice = characters.filter((char) => slice.ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to));
    if (inSlice.length === 0) continue;
    const cut = await subsetFont(readFileSync(join(packageDir, 'files', slice.file)), inSlice.join(''), { targetFormat: 'woff2' });
    const name = slice.file.replace('noto-sans-tc', 'noto-sans-tc-subset');
    writeFileSync(join(outDir, name), cut);
    const range = inSlice.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`).join(',');
    rules.push(`@font-face{font-family:'${FAMILY}';font-style:normal;font-display:swap;font-weight:100 900;src:url('./${name}') format('woff2-variations');unicode-range:${range};}`);
  }
  writeFileSync(join(outDir, 'cjk-font.css'), `${rules.join('\n')}\n`);
}

export function cjkFontPlugin(root = process.cwd()): Plugin {
  const packageDir = dirname(createRequire(join(root, 'package.json')).resolve('@fontsource-variable/noto-sans-tc/wght.css'));
  const outDir = resolve(root, 'node_modules/.cache/cjk-font');
  return {
    name: 'cjk-font-subset',
    async buildStart() {
      const characters = zhCharacters(resolve(root, 'locales/zh-TW'), [resolve(root, 'src/domain/locale.ts')]);
      const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
      const key = createHash('sha256').update(`${version}\n${characters.join('')}`).digest('hex');
      const keyFile = join(outDir, 'key');
      if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return;
      await writeSubset(outDir, packageDir, characters);
      writeFileSync(keyFile, key);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? join(outDir, 'cjk-font.css') : null;
    },
  };
}
