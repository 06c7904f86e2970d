import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { letterMark, TOKEN_ICON_COINS, tokenIconPath } from './tokenMark';

describe('token thumbnail', () => {
  it('ships an icon for every listed coin, and lists every icon shipped', () => {
    const files = readdirSync(resolve(process.cwd(), 'public/token-icons')).map((f) => f.replace(/\.svg$/, ''));
    expect([...TOKEN_ICON_COINS].sort()).toEqual(files.sort());
  });

  it('a coin with an icon gets its path; others none', () => {
    expect(tokenIconPath('BTC')).toBe('/token-icons/BTC.svg');
    expect(tokenIconPath('PEPE')).toBeNull();
    expect(tokenIconPath('../BTC')).toBeNull();
  });

  it('the letter mark is the first letter or digit, on a colour that is the same every time', () => {
    expect(letterMark('pepe').letter).toBe('P');
    expect(letterMark('1INCH').letter).toBe('1');
    expect(letterMark('').letter).toBe('?');
    expect(letterMark('WIF')).toEqual(letterMark('WIF'));
    expect(letterMark('WIF').hue).not.toBe(letterMark('SUI').hue);
    for (const coin of ['BTC', 'PEPE', 'ZZZZZZZZZZZZ']) expect(letterMark(coin).hue).toBeGreaterThanOrEqual(0);
    for (const coin of ['BTC', 'PEPE', 'ZZZZZZZZZZZZ']) expect(letterMark(coin).hue).toBeLessThan(360);
  });
});
