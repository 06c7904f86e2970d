import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, supportMessageProblem } from './footerSupport';

describe('support message rule', () => {
  it('refuses an empty or blank message', () => {
    expect(supportMessageProblem('')).toBe('empty');
    expect(supportMessageProblem('   \n')).toBe('empty');
  });

  it('accepts up to 500 characters after trimming, refuses more', () => {
    expect(supportMessageProblem(` ${'a'.repeat(SUPPORT_MESSAGE_MAX)} `)).toBeNull();
    expect(supportMessageProblem('a'.repeat(SUPPORT_MESSAGE_MAX + 1))).toBe('tooLong');
    expect(supportMessageProblem('fees?')).toBeNull();
  });
});
