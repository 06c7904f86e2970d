import { describe, expect, it } from 'vitest';
import { planNameCuts } from '../../vite-plugins/languageNamesFont';
import type { Slice } from '../../vite-plugins/cjkFont';

const cp = (char: string) => char.codePointAt(0)!;
const range = (from: string, to = from): [number, number] => [cp(from), cp(to)];

/** Faces with a few slices each, like the fontsource packages' stylesheets. */
const FACES: Record<string, Slice[]> = {
  inter: [
    { file: 'inter-latin-wght-normal.woff2', ranges: [[0, 0xff]] },
    { file: 'inter-latin-ext-wght-normal.woff2', ranges: [[0x100, 0x24f]] },
    { file: 'inter-cyrillic-wght-normal.woff2', ranges: [[0x400, 0x45f]] },
  ],
  arabic: [{ file: 'arabic.woff2', ranges: [[0x600, 0x6ff]] }],
  hebrew: [],
  thai: [],
  ja: [{ file: 'jp-1.woff2', ranges: [range('日'), range('本'), range('語')] }],
  zh: [{ file: 'sc-1.woff2', ranges: [range('中'), range('文'), range('本'), range('日')] }],
  'zh-TW': [{ file: 'tc-1.woff2', ranges: [range('中'), range('文')] }],
  ko: [],
};
const plan = (names: Record<string, string>) => planNameCuts(names, (source) => FACES[source] ?? []);

describe('the language picker face', () => {
  it('cuts a Japanese or Chinese name from its own language’s face, though another has the characters too', () => {
    const cuts = plan({ ja: '日本語', zh: '中文' });
    expect(cuts).toEqual([
      { source: 'ja', file: 'jp-1.woff2', characters: ['日', '本', '語'] },
      { source: 'zh', file: 'sc-1.woff2', characters: ['中', '文'] },
    ]);
  });

  it('cuts a character two names share once, for the first name', () => {
    const cuts = plan({ zh: '中文', 'zh-TW': '中文' });
    expect(cuts).toEqual([{ source: 'zh', file: 'sc-1.woff2', characters: ['中', '文'] }]);
  });

  it('leaves the Latin every page loads, and spaces, to Inter; other scripts go to the first face that has them', () => {
    const cuts = plan({ fr: 'Français', cs: 'Čeština', ru: 'Русский', ar: 'عربي', id: 'Bahasa Indonesia' });
    expect(cuts).toEqual([
      { source: 'inter', file: 'inter-latin-ext-wght-normal.woff2', characters: ['Č', 'š'] },
      { source: 'inter', file: 'inter-cyrillic-wght-normal.woff2', characters: ['Р', 'у', 'с', 'к', 'и', 'й'] },
      { source: 'arabic', file: 'arabic.woff2', characters: ['ع', 'ر', 'ب', 'ي'] },
    ]);
  });

  it('leaves out a character no face has (the page’s stack then draws it)', () => {
    expect(plan({ ko: '한국어' })).toEqual([]);
  });
});
