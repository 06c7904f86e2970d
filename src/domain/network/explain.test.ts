import { describe, expect, it } from 'vitest';
import type { AccelerationReason, NetPath } from './acceleration';
import { explainPath, type ExplainInputs } from './explain';

const inputs = (over: Partial<ExplainInputs> = {}): ExplainInputs => ({
  path: 'origin',
  forced: 'auto',
  configured: true,
  acceleration: { allowed: false, reason: 'notWhitelisted' },
  autoCdn: true,
  down: new Set<NetPath>(),
  ...over,
});
const allowed = (reason: AccelerationReason) => ({ allowed: true, reason });
const refused = (reason: AccelerationReason) => ({ allowed: false, reason });

describe('explainPath: the first rule that decided, in choosePath order', () => {
  it('the switch comes first, even without a config', () => {
    expect(explainPath(inputs({ forced: 'cdn', path: 'cdn' }))).toBe('forced');
    expect(explainPath(inputs({ forced: 'origin', configured: false }))).toBe('forced');
    expect(explainPath(inputs({ forced: 'accelerated', path: 'accelerated', acceleration: refused('sdkClosed'), autoCdn: false }))).toBe('forced');
  });

  it('then a missing config, before acceleration or the CDN', () => {
    expect(explainPath(inputs({ configured: false, autoCdn: false, down: new Set<NetPath>(['cdn']) }))).toBe('noConfig');
    expect(explainPath(inputs({ configured: false, acceleration: allowed('whitelisted') }))).toBe('noConfig');
  });

  it('accelerated: the reason acceleration is allowed', () => {
    expect(explainPath(inputs({ path: 'accelerated', acceleration: allowed('whitelisted') }))).toBe('whitelisted');
    expect(explainPath(inputs({ path: 'accelerated', acceleration: allowed('openToAll'), autoCdn: false }))).toBe('openToAll');
  });

  it('CDN: the reason acceleration is not used', () => {
    for (const reason of ['sdkClosed', 'disabledByProbe', 'notWhitelisted', 'probePending', 'h3Down'] as const) {
      expect(explainPath(inputs({ path: 'cdn', acceleration: refused(reason) }))).toBe(reason);
    }
  });

  it('origin: auto CDN off, then the CDN down, then the acceleration reason', () => {
    expect(explainPath(inputs({ autoCdn: false, down: new Set<NetPath>(['cdn']), acceleration: refused('h3Down') }))).toBe('autoCdnOff');
    expect(explainPath(inputs({ down: new Set<NetPath>(['cdn', 'accelerated']), acceleration: refused('h3Down') }))).toBe('cdnDown');
    expect(explainPath(inputs({ acceleration: refused('sdkClosed') }))).toBe('sdkClosed');
    // the accelerated path down alone does not explain the origin: the CDN rules come first
    expect(explainPath(inputs({ down: new Set<NetPath>(['accelerated']), acceleration: refused('h3Down') }))).toBe('h3Down');
  });
});
