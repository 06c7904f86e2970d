import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_LOCALES, detectLocale, isRtlLocale, localeForBrowserTag, matchSupportedLocale, resolveLocale,
} from './locale';

describe('supported locales', () => {
  it('are the 27 chart locales as URL tags', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(27);
    expect(SUPPORTED_LOCALES).toContain('zh-TW');
    expect(SUPPORTED_LOCALES).toContain('ar-SA');
    expect(new Set(SUPPORTED_LOCALES).size).toBe(27);
  });

  it('match case- and separator-insensitively, ar meaning ar-SA', () => {
    expect(matchSupportedLocale('zh_tw')).toBe('zh-TW');
    expect(matchSupportedLocale('EN')).toBe('en');
    expect(matchSupportedLocale('ar')).toBe('ar-SA');
    expect(matchSupportedLocale('xx')).toBeNull();
    expect(matchSupportedLocale('en-US')).toBeNull();
    expect(matchSupportedLocale('')).toBeNull();
    expect(matchSupportedLocale(null)).toBeNull();
  });
});

describe('browser detection', () => {
  it('maps regional and script variants', () => {
    expect(localeForBrowserTag('pt-BR')).toBe('pt');
    expect(localeForBrowserTag('zh-HK')).toBe('zh-TW');
    expect(localeForBrowserTag('zh-Hant-TW')).toBe('zh-TW');
    expect(localeForBrowserTag('zh-CN')).toBe('zh');
    expect(localeForBrowserTag('ar-EG')).toBe('ar-SA');
    expect(localeForBrowserTag('iw')).toBe('he');
    expect(localeForBrowserTag('xx-YY')).toBeNull();
  });

  it('takes the first supported language in preference order', () => {
    expect(detectLocale(['xx', 'de-AT', 'fr'])).toBe('de');
    expect(detectLocale([])).toBeNull();
  });
});

describe('resolveLocale (stored → detected → en)', () => {
  it('prefers a valid stored locale', () => {
    expect(resolveLocale({ stored: 'ja', browser: ['de'] })).toBe('ja');
  });
  it('ignores a stored value that is not supported', () => {
    expect(resolveLocale({ stored: 'klingon', browser: ['de'] })).toBe('de');
  });
  it('falls back to en', () => {
    expect(resolveLocale({ stored: null, browser: ['xx'] })).toBe('en');
  });
});

describe('direction', () => {
  it('is rtl for ar, ar-SA, fa and he only', () => {
    expect(['ar', 'ar-SA', 'fa', 'he'].every(isRtlLocale)).toBe(true);
    expect(['en', 'zh-TW', 'ru'].some(isRtlLocale)).toBe(false);
  });
});
