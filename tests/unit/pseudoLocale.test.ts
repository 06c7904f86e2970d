import { describe, expect, it } from 'vitest';
import { pseudoText } from '../e2e/support/pseudoLocale';

describe('the pseudo-locale of the layout test', () => {
  it('accents every letter, brackets the text and keeps placeholders', () => {
    expect(pseudoText('Buy {{coin}}')).toBe('[Ɓüýē {{coin}}]');
    expect(pseudoText('{{count}} orders')).toMatch(/^\[\{\{count\}\} [^a-z]+\]$/);
  });

  it('makes a text about 30 % longer, as German or Finnish would', () => {
    const english = 'Time in force applies until the order is cancelled';
    const stretched = pseudoText(english).length - 2;
    expect(stretched / english.length).toBeGreaterThan(1.2);
    expect(stretched / english.length).toBeLessThan(1.4);
  });
});
