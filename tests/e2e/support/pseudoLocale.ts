/**
 * A pseudo-locale made from English (issue 26 part 1): every letter accented and every word about 30 % longer,
 * the text bracketed, so that a screen shows at a glance where a longer language would be clipped (a missing
 * bracket) or overlap, and where a text is not translatable at all (no accents). Placeholders stay as they are.
 */
const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ', g: 'ğ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ʠ', r: 'ř', s: 'š', t: 'ť', u: 'ü', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ď', E: 'É', F: 'Ƒ', G: 'Ğ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ř', S: 'Š', T: 'Ť', U: 'Ü', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
const FILLER = 'ēĩõūȳ';

function stretchWord(word: string): string {
  const extra = Math.round(word.length * 0.3);
  let out = [...word].map((char) => ACCENTED[char] ?? char).join('');
  for (let i = 0; i < extra; i++) out += FILLER[i % FILLER.length];
  return out;
}

/** One English text in the pseudo-locale; `{{name}}` placeholders are kept. */
export function pseudoText(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\})/);
  const body = parts.map((part) => (part.startsWith('{{') ? part : part.replace(/[A-Za-z]+/g, stretchWord))).join('');
  return `[${body}]`;
}

/** A namespace file of English texts in the pseudo-locale. */
export function pseudoNamespace(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, pseudoText(text)]));
}
