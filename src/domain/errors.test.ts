import { describe, expect, it } from 'vitest';
import { isLazyLoadError, panelRecovery } from './errors';

describe('panel error recovery', () => {
  const chunk = new TypeError('Failed to fetch dynamically imported module: /assets/Chart-abc.js');
  it('recognises lazy-load failures of the main browsers', () => {
    expect(isLazyLoadError(chunk)).toBe(true);
    expect(isLazyLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLazyLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isLazyLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
  it('reloads for a lazy-load failure and retries anything else', () => {
    expect(panelRecovery(chunk, null, 100_000)).toBe('reload');
    expect(panelRecovery(new Error('boom'), null, 100_000)).toBe('retry');
  });
  it('does not reload in a loop', () => {
    expect(panelRecovery(chunk, 95_000, 100_000)).toBe('retry');
    expect(panelRecovery(chunk, 80_000, 100_000)).toBe('reload');
  });
});
