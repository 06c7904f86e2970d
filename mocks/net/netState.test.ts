import { describe, expect, it } from 'vitest';
import { createNetState } from './netState';

describe('network layer state', () => {
  it('starts with the documented defaults', () => {
    expect(createNetState().snapshot()).toEqual({
      hosts: {
        accelerated: { url: 'https://h3.sim.invalid', latencyMs: 10, down: false, served: 0 },
        cdn: { url: 'https://cdn.sim.invalid', latencyMs: 30, down: false, served: 0 },
      },
      sdkLevel: 0,
      whitelist: ['u-uta'],
      resCode: null,
      monitorSwitch: 1,
      excludes: ['/spot/api/order/pnl'],
    });
  });

  it('changes a host profile and the probe answers; resCode null goes back to the whitelist rule', () => {
    const net = createNetState();
    expect(net.resCodeFor('u-uta')).toBe(1);
    expect(net.resCodeFor('u-demo')).toBe(0);
    expect(net.resCodeFor(null)).toBe(0);
    const changed = net.change({ host: 'cdn', latencyMs: 400, down: true, sdkLevel: 2, whitelist: ['u-demo', 'u-demo'], resCode: 8, monitorSwitch: 0, excludes: [] });
    expect(changed).toMatchObject({ hosts: { cdn: { latencyMs: 400, down: true }, accelerated: { latencyMs: 10, down: false } }, sdkLevel: 2, whitelist: ['u-demo'], resCode: 8, monitorSwitch: 0, excludes: [] });
    expect(net.resCodeFor('u-uta')).toBe(8);
    net.change({ resCode: null });
    expect(net.resCodeFor('u-demo')).toBe(1);
    expect(net.resCodeFor('u-uta')).toBe(0);
  });

  it('refuses a hostile body with a reason and changes nothing', () => {
    const net = createNetState();
    const before = net.snapshot();
    const refused: Array<Record<string, unknown>> = [
      {},
      { sdkLevel: 1, extra: true },
      { __proto__: null, constructor: 1 },
      { latencyMs: 5 },
      { host: 'cdn' },
      { host: 'origin', down: true },
      { host: 'cdn', latencyMs: -1 },
      { host: 'cdn', latencyMs: Number.NaN },
      { host: 'cdn', latencyMs: '5' },
      { host: 'cdn', down: 'yes' },
      { sdkLevel: 3 },
      { whitelist: 'u-uta' },
      { whitelist: [1] },
      { whitelist: [''] },
      { whitelist: ['x'.repeat(257)] },
      { resCode: 1.5 },
      { resCode: '1' },
      { monitorSwitch: true },
      { excludes: ['spot/api'] },
      // one good field and one bad: nothing applied
      { sdkLevel: 1, monitorSwitch: 2 },
    ];
    for (const body of refused) expect(typeof net.change(body), JSON.stringify(body)).toBe('string');
    expect(net.snapshot()).toEqual(before);
  });

  it('hands out copies, but counts served on the live profile the forwarders read', () => {
    const net = createNetState();
    net.snapshot().hosts.cdn.served = 99;
    net.snapshot().whitelist.push('u-demo');
    net.host('cdn').served += 1;
    net.setHostUrl('accelerated', 'http://127.0.0.1:4181/');
    expect(net.snapshot()).toMatchObject({ hosts: { cdn: { served: 1 }, accelerated: { url: 'http://127.0.0.1:4181' } }, whitelist: ['u-uta'] });
  });
});
