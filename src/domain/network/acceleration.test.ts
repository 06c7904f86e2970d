import { describe, expect, it } from 'vitest';
import {
  accelerationState,
  autoCdnOn,
  choosePath,
  parseForcedPath,
  parseProbeAnswer,
  parseSdkLevel,
  type AccelerationState,
  type NetPath,
  type PathInputs,
  type ProbeAnswer,
} from './acceleration';

const probe = (errCode: number, resCode: number | null, monitorSwitch = true): ProbeAnswer => ({ errCode, resCode, monitorSwitch });
const WHITELISTED = probe(0, 1);

describe('parseProbeAnswer', () => {
  it('reads a good answer', () => {
    expect(parseProbeAnswer({ err_code: 0, result: { res_code: 1, monitor_switch: 1 } })).toEqual({ errCode: 0, resCode: 1, monitorSwitch: true });
    expect(parseProbeAnswer({ err_code: 0, result: { res_code: 8, monitor_switch: 0 } })).toEqual({ errCode: 0, resCode: 8, monitorSwitch: false });
    expect(parseProbeAnswer({ err_code: 0, result: { res_code: 0, monitor_switch: 1 } })).toEqual({ errCode: 0, resCode: 0, monitorSwitch: true });
  });

  it('an answer without a result has no res_code and the switch off', () => {
    expect(parseProbeAnswer({ err_code: 10001 })).toEqual({ errCode: 10001, resCode: null, monitorSwitch: false });
    expect(parseProbeAnswer({ err_code: 10001, result: null })).toEqual({ errCode: 10001, resCode: null, monitorSwitch: false });
    expect(parseProbeAnswer({ err_code: 0, result: 'yes' })).toEqual({ errCode: 0, resCode: null, monitorSwitch: false });
  });

  it('non-integer codes are not codes', () => {
    expect(parseProbeAnswer({ err_code: '0', result: { res_code: 1 } })).toBeNull();
    expect(parseProbeAnswer({ err_code: 0.5 })).toBeNull();
    expect(parseProbeAnswer({ err_code: Number.NaN })).toBeNull();
    expect(parseProbeAnswer({ err_code: 0, result: { res_code: '1', monitor_switch: 1 } })).toEqual({ errCode: 0, resCode: null, monitorSwitch: true });
    expect(parseProbeAnswer({ err_code: 0, result: { res_code: 1.5, monitor_switch: true } })).toEqual({ errCode: 0, resCode: null, monitorSwitch: false });
  });

  it('junk is no answer', () => {
    for (const body of [null, undefined, 0, 'ok', [], {}, { result: { res_code: 1 } }, { code: 0, result: { res_code: 1 } }]) {
      expect(parseProbeAnswer(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('parseSdkLevel / parseForcedPath / autoCdnOn', () => {
  it('parseSdkLevel: 1 and 2 as they are, anything else the default 0', () => {
    expect(parseSdkLevel(1)).toBe(1);
    expect(parseSdkLevel(2)).toBe(2);
    for (const value of [0, 3, -1, '1', '2', 1.5, null, undefined, {}]) expect(parseSdkLevel(value)).toBe(0);
  });

  it('parseForcedPath: the three paths, anything else auto', () => {
    expect(parseForcedPath('accelerated')).toBe('accelerated');
    expect(parseForcedPath('cdn')).toBe('cdn');
    expect(parseForcedPath('origin')).toBe('origin');
    for (const value of ['auto', 'CDN', 'h3', '', null, undefined, 1]) expect(parseForcedPath(value)).toBe('auto');
  });

  it('autoCdnOn: absent or "auto" is on, any other stored value off', () => {
    expect(autoCdnOn(null)).toBe(true);
    expect(autoCdnOn(undefined)).toBe(true);
    expect(autoCdnOn('auto')).toBe(true);
    for (const value of ['origin', 'off', '', 'AUTO', false, 0]) expect(autoCdnOn(value)).toBe(false);
  });
});

describe('accelerationState', () => {
  it('SDK level 2 closes it even for a whitelisted user', () => {
    expect(accelerationState(2, WHITELISTED, true)).toEqual({ allowed: false, reason: 'sdkClosed' });
    expect(accelerationState(2, null, true)).toEqual({ allowed: false, reason: 'sdkClosed' });
  });

  it('res_code 8 disables it even at level 1 and for a whitelisted user', () => {
    expect(accelerationState(1, probe(0, 8), true)).toEqual({ allowed: false, reason: 'disabledByProbe' });
    expect(accelerationState(0, probe(0, 8), true)).toEqual({ allowed: false, reason: 'disabledByProbe' });
  });

  it('level 1 opens it to everyone, without a probe answer', () => {
    expect(accelerationState(1, null, true)).toEqual({ allowed: true, reason: 'openToAll' });
    expect(accelerationState(1, probe(0, 0), true)).toEqual({ allowed: true, reason: 'openToAll' });
    expect(accelerationState(1, probe(10001, null), true)).toEqual({ allowed: true, reason: 'openToAll' });
  });

  it('level 0 needs err_code 0 with res_code 1', () => {
    expect(accelerationState(0, WHITELISTED, true)).toEqual({ allowed: true, reason: 'whitelisted' });
    expect(accelerationState(0, null, true)).toEqual({ allowed: false, reason: 'probePending' });
    expect(accelerationState(0, probe(0, 0), true)).toEqual({ allowed: false, reason: 'notWhitelisted' });
    expect(accelerationState(0, probe(10001, 1), true)).toEqual({ allowed: false, reason: 'notWhitelisted' });
    expect(accelerationState(0, probe(0, null), true)).toEqual({ allowed: false, reason: 'notWhitelisted' });
  });

  it('h3 down: an allowed client is not accelerated, reason h3Down', () => {
    expect(accelerationState(0, WHITELISTED, false)).toEqual({ allowed: false, reason: 'h3Down' });
    expect(accelerationState(1, null, false)).toEqual({ allowed: false, reason: 'h3Down' });
    // a client that is not allowed anyway keeps its own reason
    expect(accelerationState(0, probe(0, 0), false)).toEqual({ allowed: false, reason: 'notWhitelisted' });
    expect(accelerationState(2, WHITELISTED, false)).toEqual({ allowed: false, reason: 'sdkClosed' });
  });
});

describe('choosePath', () => {
  const ALLOWED: AccelerationState = { allowed: true, reason: 'whitelisted' };
  const NOT_ALLOWED: AccelerationState = { allowed: false, reason: 'notWhitelisted' };
  const inputs = (over: Partial<PathInputs> = {}): PathInputs => ({
    eligible: true,
    acceleration: ALLOWED,
    autoCdn: true,
    forced: 'auto',
    hosts: { accelerated: 'https://h3.sim.invalid', cdn: 'https://cdn.sim.invalid' },
    down: new Set<NetPath>(),
    ...over,
  });

  it('a path that is not eligible stays on the origin, whatever else holds', () => {
    expect(choosePath(inputs({ eligible: false }))).toBe('origin');
    expect(choosePath(inputs({ eligible: false, forced: 'accelerated' }))).toBe('origin');
    expect(choosePath(inputs({ eligible: false, forced: 'cdn' }))).toBe('origin');
  });

  it('accelerated when allowed and its host is usable', () => {
    expect(choosePath(inputs())).toBe('accelerated');
    expect(choosePath(inputs({ autoCdn: false }))).toBe('accelerated');
  });

  it('the CDN when acceleration is off and auto CDN on; the origin when auto CDN is off', () => {
    expect(choosePath(inputs({ acceleration: NOT_ALLOWED }))).toBe('cdn');
    expect(choosePath(inputs({ acceleration: NOT_ALLOWED, autoCdn: false }))).toBe('origin');
  });

  it('down paths are skipped', () => {
    expect(choosePath(inputs({ down: new Set<NetPath>(['accelerated']) }))).toBe('cdn');
    expect(choosePath(inputs({ down: new Set<NetPath>(['accelerated']), autoCdn: false }))).toBe('origin');
    expect(choosePath(inputs({ down: new Set<NetPath>(['accelerated', 'cdn']) }))).toBe('origin');
    expect(choosePath(inputs({ acceleration: NOT_ALLOWED, down: new Set<NetPath>(['cdn']) }))).toBe('origin');
    expect(choosePath(inputs({ down: new Set<NetPath>(['cdn']) }))).toBe('accelerated');
  });

  it('a missing host cannot be used', () => {
    expect(choosePath(inputs({ hosts: { accelerated: null, cdn: 'https://cdn.sim.invalid' } }))).toBe('cdn');
    expect(choosePath(inputs({ hosts: { accelerated: null, cdn: null } }))).toBe('origin');
  });

  it('a forced path is taken when its host exists, even down or not allowed', () => {
    expect(choosePath(inputs({ forced: 'accelerated', acceleration: NOT_ALLOWED }))).toBe('accelerated');
    expect(choosePath(inputs({ forced: 'accelerated', down: new Set<NetPath>(['accelerated']) }))).toBe('accelerated');
    expect(choosePath(inputs({ forced: 'cdn', autoCdn: false, down: new Set<NetPath>(['cdn']) }))).toBe('cdn');
    expect(choosePath(inputs({ forced: 'origin' }))).toBe('origin');
  });

  it('a forced path without a host falls back to the origin', () => {
    expect(choosePath(inputs({ forced: 'accelerated', hosts: { accelerated: null, cdn: 'https://cdn.sim.invalid' } }))).toBe('origin');
    expect(choosePath(inputs({ forced: 'cdn', hosts: { accelerated: 'https://h3.sim.invalid', cdn: null } }))).toBe('origin');
  });
});
