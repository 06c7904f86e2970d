import { describe, expect, it } from 'vitest';
import { isThemeChoice, resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('keeps the user\'s stored choice whatever the system prefers', () => {
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('follows the system on a first visit', () => {
    expect(resolveTheme(null, true)).toBe('light');
    expect(resolveTheme(null, false)).toBe('dark');
  });

  it('treats an unreadable stored value as no choice', () => {
    expect(resolveTheme('LIGHT', false)).toBe('dark');
    expect(resolveTheme('{"theme":"light"}', true)).toBe('light');
    expect(isThemeChoice('blue')).toBe(false);
    expect(isThemeChoice('light')).toBe(true);
  });
});
