import { describe, expect, it } from 'vitest';
import { MalformedResponseError } from '../http';
import { parseSupportReply } from './support';

describe('support reply parsing', () => {
  it('drops unsafe or malformed links and suggestions, refuses an answer without a reply', () => {
    const parsed = parseSupportReply({
      reply: 'hi',
      links: [
        { label: 'ok', url: '/help' },
        { label: 'mail', url: 'mailto:a@b.c' },
        { label: 'bad', url: 'javascript:alert(1)' },
        { label: 'other host', url: '//evil.example' },
        { label: '', url: '/x' },
        'nope',
      ],
      suggestions: ['a', 3, ' ', 'b'],
    });
    expect(parsed).toEqual({ reply: 'hi', links: [{ label: 'ok', url: '/help' }, { label: 'mail', url: 'mailto:a@b.c' }], suggestions: ['a', 'b'] });
    expect(parseSupportReply({ reply: 'x' })).toEqual({ reply: 'x', links: [], suggestions: [] });
    expect(() => parseSupportReply({ links: [] })).toThrow(MalformedResponseError);
  });
});
