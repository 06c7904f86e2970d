import { describe, expect, it } from 'vitest';
import { readLocaleFiles } from '../../vite-plugins/locales';
import { SUPPORTED_LOCALES } from '../../src/domain/locale';

type Tree = Record<string, unknown>;
const files = readLocaleFiles();
const byPath = new Map(files.map((f) => [f.path, JSON.parse(f.json) as Tree]));
const english = files.filter((f) => f.path.startsWith('locales/en/'));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  it('exist only for supported languages', () => {
    for (const file of files) expect(SUPPORTED_LOCALES).toContain(file.path.split('/')[1]);
  });

  // en is the source; zh-TW and ar-SA are kept complete (the rest fall back to en for now).
  for (const lng of ['zh-TW', 'ar-SA']) {
    it(`${lng} translates every English key with the same placeholders`, () => {
      for (const source of english) {
        const ns = source.path.split('/')[2];
        const target = byPath.get(`locales/${lng}/${ns}`);
        expect(target, `${lng}/${ns}`).toBeDefined();
        const en = JSON.parse(source.json) as Record<string, string>;
        for (const [key, text] of Object.entries(en)) {
          const translated = target?.[key];
          expect(typeof translated, `${lng}/${ns}:${key}`).toBe('string');
          expect((translated as string).trim(), `${lng}/${ns}:${key}`).not.toBe('');
          expect(placeholders(translated as string), `${lng}/${ns}:${key}`).toEqual(placeholders(text));
        }
      }
    });
  }
});
