import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocaleFiles } from '../../vite-plugins/locales';
import { SUPPORTED_LOCALES } from '../../src/domain/locale';

type Texts = Record<string, string>;
const files = readLocaleFiles();
const byPath = new Map(files.map((f) => [f.path, JSON.parse(f.json) as Texts]));
const english = files.filter((f) => f.path.startsWith('locales/en/'));
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Whether a text has words a translator would translate: what is left once
 * placeholders and all-capital tokens (tickers, OCO, TP/SL, 24h figures) are
 * taken out still has a run of letters.
 */
function hasWords(text: string): boolean {
  const rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/\s+/)
    .filter((token) => !/^[\p{Lu}\p{N}\p{P}\p{S}]+$/u.test(token));
  return rest.some((token) => /\p{L}{2,}/u.test(token));
}

/**
 * Keys a language writes exactly as English does on purpose (a loanword such
 * as "Limit" in German, a brand), with the reason, in
 * tests/unit/locale-cognates/{lng}.json. Anything else unchanged is a gap.
 */
function cognates(lng: string): Record<string, string> {
  const path = resolve(import.meta.dirname, 'locale-cognates', `${lng}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
}

describe('translation files', () => {
  it('exist only for supported languages', () => {
    for (const file of files) expect(SUPPORTED_LOCALES).toContain(file.path.split('/')[1]);
  });

  it('tell words from codes', () => {
    expect(hasWords('Limit')).toBe(true);
    expect(hasWords('{{count}} orders')).toBe(true);
    expect(hasWords('TP/SL')).toBe(false);
    expect(hasWords('{{base}}/{{quote}}')).toBe(false);
    expect(hasWords('OCO · {{side}}')).toBe(false);
  });

  for (const lng of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const plurals = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const allowed = cognates(lng);

      it('translates every English key, with its placeholders and every plural form the language has', () => {
        const gaps: string[] = [];
        for (const source of english) {
          const ns = source.path.split('/')[2]!;
          const target = byPath.get(`locales/${lng}/${ns}`) ?? {};
          const en = JSON.parse(source.json) as Texts;
          const bases = new Set(Object.keys(en).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
          for (const [key, text] of Object.entries(en)) {
            if (PLURAL.test(key)) continue;
            const translated = target[key];
            if (typeof translated !== 'string' || !translated.trim()) gaps.push(`${ns}:${key} missing`);
            else if (placeholders(translated).join() !== placeholders(text).join()) gaps.push(`${ns}:${key} placeholders ${placeholders(translated).join()} ≠ ${placeholders(text).join()}`);
          }
          for (const base of bases) {
            const wanted = placeholders(en[`${base}_other`] ?? '').filter((p) => p !== 'count');
            for (const form of plurals) {
              const translated = target[`${base}_${form}`];
              if (typeof translated !== 'string' || !translated.trim()) gaps.push(`${ns}:${base}_${form} missing`);
              // A form may spell its number out ("one order"), so {{count}} is optional; every other placeholder is not.
              else if (!wanted.every((p) => placeholders(translated).includes(p))) gaps.push(`${ns}:${base}_${form} placeholders`);
            }
          }
          for (const key of Object.keys(target)) {
            const known = key in en || (PLURAL.test(key) && bases.has(key.replace(PLURAL, '')));
            if (!known) gaps.push(`${ns}:${key} is not an English key`);
          }
        }
        expect(gaps).toEqual([]);
      });

      it('leaves no English text unchanged where it has words', () => {
        const unchanged: string[] = [];
        for (const source of english) {
          const ns = source.path.split('/')[2]!.replace(/\.json$/, '');
          const target = byPath.get(`locales/${lng}/${ns}.json`) ?? {};
          for (const [key, text] of Object.entries(JSON.parse(source.json) as Texts)) {
            if (target[key] === text && hasWords(text) && !(`${ns}:${key}` in allowed)) unchanged.push(`${ns}:${key} "${text}"`);
          }
        }
        expect(unchanged).toEqual([]);
      });

      it('lists as cognates only keys that are unchanged', () => {
        for (const id of Object.keys(allowed)) {
          const [ns, key] = id.split(':') as [string, string];
          const en = byPath.get(`locales/en/${ns}.json`)?.[key];
          expect(en, `${lng} cognate ${id} is an English key`).toBeDefined();
          expect(byPath.get(`locales/${lng}/${ns}.json`)?.[key], `${lng} cognate ${id}`).toBe(en);
        }
      });
    });
  }
});
