import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './links';

describe('safe links', () => {
  it('allows same-origin paths and https URLs', () => {
    expect(safeLinkUrl('/announcements/new-listing-wifusdt')).toBe('/announcements/new-listing-wifusdt');
    expect(safeLinkUrl(' https://announcements.bybit.com/en/ ')).toBe('https://announcements.bybit.com/en/');
  });

  it('refuses everything else', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'http://example.com', '//evil.example/x', '/\\evil.example', 'relative/path', '', '   ', 'https://', '/a b', 'https://x.example/\nfoo', 42, null]) {
      expect(safeLinkUrl(bad), String(bad)).toBeNull();
    }
  });

  it('allows mail links only when asked', () => {
    expect(safeLinkUrl('mailto:help@example.com', { mailto: true })).toBe('mailto:help@example.com');
    expect(safeLinkUrl('mailto:help@example.com')).toBeNull();
    expect(safeLinkUrl('/\\evil.example', { mailto: true })).toBeNull();
  });
});
