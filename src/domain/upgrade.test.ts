import { describe, expect, it } from 'vitest';
import {
  MODAL_CLOSED,
  NOTHING_SEEN,
  errorNeedsReload,
  reloadsOnStageChange,
  showSuccessGuide,
  showUpgradeTip,
  tagsAfter,
  upgradeBlocksOrdering,
  upgradeCallEffect,
  upgradeErrorKey,
  upgradeModalReducer,
  upgradePushEffect,
  upgradeStage,
  type UpgradeAccount,
  type UpgradeModal,
  type UpgradeModalEvent,
} from './upgrade';

const classic = (over: Partial<UpgradeAccount> = {}): UpgradeAccount => ({ loggedIn: true, accountType: 'CLASSIC', isDemo: false, tag: null, ...over });
const unified = (over: Partial<UpgradeAccount> = {}): UpgradeAccount => classic({ accountType: 'UTA', tag: 'SUCCESS', ...over });

describe('upgradeStage (spec 2 §4)', () => {
  it('offers the upgrade for tag none or FAIL with the gray flag', () => {
    expect(upgradeStage(classic(), true)).toBe('offer');
    expect(upgradeStage(classic({ tag: 'FAIL' }), true)).toBe('offer');
  });

  it('offers nothing without the gray flag, to visitors or to demo accounts', () => {
    expect(upgradeStage(classic(), false)).toBe('none');
    expect(upgradeStage(classic({ tag: 'FAIL' }), false)).toBe('none');
    expect(upgradeStage(classic({ loggedIn: false, accountType: null }), true)).toBe('none');
    expect(upgradeStage(classic({ isDemo: true }), true)).toBe('none');
  });

  it('PROCESS is the progress stage whatever the flag', () => {
    expect(upgradeStage(classic({ tag: 'PROCESS' }), true)).toBe('process');
    expect(upgradeStage(classic({ tag: 'PROCESS' }), false)).toBe('process');
  });

  it('a unified account (by tag or by type) is done, never offered', () => {
    expect(upgradeStage(unified(), true)).toBe('done');
    expect(upgradeStage(unified({ tag: null }), true)).toBe('done');
    expect(upgradeStage(unified({ isDemo: true }), true)).toBe('done');
  });
});

describe('an upgrade seen finishing without its push', () => {
  it('reloads only from PROCESS to unified', () => {
    expect(reloadsOnStageChange('process', 'done')).toBe(true);
    expect(reloadsOnStageChange('process', 'offer')).toBe(false);
    expect(reloadsOnStageChange('done', 'done')).toBe(false);
    expect(reloadsOnStageChange('offer', 'done')).toBe(false);
  });
});

describe('ordering while upgrading (spec 2 §5, §8)', () => {
  it('only PROCESS blocks', () => {
    expect(upgradeBlocksOrdering('PROCESS')).toBe(true);
    for (const tag of [null, 'FAIL', 'SUCCESS']) expect(upgradeBlocksOrdering(tag)).toBe(false);
  });
});

describe('the one-time tip and the success guide (device-local seen flags)', () => {
  it('the tip shows with the offer until seen', () => {
    expect(showUpgradeTip('offer', NOTHING_SEEN)).toBe(true);
    expect(showUpgradeTip('offer', { tip: true, guide: false })).toBe(false);
    for (const stage of ['none', 'process', 'done'] as const) expect(showUpgradeTip(stage, NOTHING_SEEN)).toBe(false);
  });

  it('the guide shows for SUCCESS, not demo, until seen', () => {
    expect(showSuccessGuide(unified(), NOTHING_SEEN)).toBe(true);
    expect(showSuccessGuide(unified(), { tip: false, guide: true })).toBe(false);
    expect(showSuccessGuide(unified({ isDemo: true }), NOTHING_SEEN)).toBe(false);
    expect(showSuccessGuide(classic({ tag: 'PROCESS' }), NOTHING_SEEN)).toBe(false);
    expect(showSuccessGuide(unified({ loggedIn: false }), NOTHING_SEEN)).toBe(false);
  });
});

describe('the user.uta.upgrade push (spec 2 §4)', () => {
  it("code 200 with '0' reloads", () => {
    expect(upgradePushEffect({ code: 200, data: '0' })).toEqual({ kind: 'reload' });
  });

  it("'3400324' is progress and sets both tags to PROCESS", () => {
    const effect = upgradePushEffect({ code: 200, data: '3400324' });
    expect(effect).toEqual({ kind: 'progress' });
    expect(tagsAfter(effect)).toEqual({ UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' });
  });

  it('other data is the error code; the tags are read again', () => {
    const effect = upgradePushEffect({ code: 200, data: '3400327' });
    expect(effect).toEqual({ kind: 'error', code: '3400327' });
    expect(tagsAfter(effect)).toBeNull();
    expect(upgradePushEffect({ code: 500, data: '0' })).toEqual({ kind: 'error', code: '500' });
    expect(upgradePushEffect({ code: 500, data: '' })).toEqual({ kind: 'error', code: '500' });
  });
});

describe('the upgrade call and its result codes (spec 2 §8)', () => {
  it('a started upgrade is progress, a refusal its code', () => {
    expect(upgradeCallEffect({ ok: true })).toEqual({ kind: 'progress' });
    expect(upgradeCallEffect({ ok: false, code: '3400325' })).toEqual({ kind: 'error', code: '3400325' });
  });

  it('maps each known code to its message and anything else to the generic one', () => {
    expect(upgradeErrorKey('3400325')).toBe('errorAlreadyUnified');
    expect(upgradeErrorKey('3400326')).toBe('errorOpenOrders');
    expect(upgradeErrorKey('3400327')).toBe('errorFailed');
    expect(upgradeErrorKey('10007')).toBe('errorLogin');
    expect(upgradeErrorKey('network')).toBe('errorNetwork');
    expect(upgradeErrorKey('999')).toBe('errorGeneric');
    expect(upgradeErrorKey('toString')).toBe('errorGeneric');
  });

  it('only "already unified" asks for a reload', () => {
    expect(errorNeedsReload('3400325')).toBe(true);
    expect(errorNeedsReload('3400327')).toBe(false);
  });
});

const run = (events: UpgradeModalEvent[], from: UpgradeModal = MODAL_CLOSED) => events.reduce(upgradeModalReducer, from);

describe('the upgrade modal', () => {
  it('opens by reading the status: none or FAIL → terms; PROCESS → progress; SUCCESS → done', () => {
    expect(run([{ type: 'open' }])).toEqual({ phase: 'loading' });
    expect(run([{ type: 'open' }, { type: 'status', status: 'NONE' }])).toEqual({ phase: 'intro' });
    expect(run([{ type: 'open' }, { type: 'status', status: 'FAIL' }])).toEqual({ phase: 'intro' });
    expect(run([{ type: 'open' }, { type: 'status', status: 'PROCESS' }])).toEqual({ phase: 'progress' });
    expect(run([{ type: 'open' }, { type: 'status', status: 'SUCCESS' }])).toEqual({ phase: 'done' });
  });

  it('currentOperationFailed when the status cannot be read; retry reads again', () => {
    const failed = run([{ type: 'open' }, { type: 'statusFailed' }]);
    expect(failed).toEqual({ phase: 'initFailed' });
    expect(run([{ type: 'retry' }], failed)).toEqual({ phase: 'loading' });
    expect(run([{ type: 'retry' }], { phase: 'intro' })).toEqual({ phase: 'intro' });
  });

  it('start → starting → progress, or the refusal code; Try again from the error', () => {
    const intro: UpgradeModal = { phase: 'intro' };
    expect(run([{ type: 'start' }], intro)).toEqual({ phase: 'starting' });
    expect(run([{ type: 'start' }, { type: 'effect', effect: { kind: 'progress' } }], intro)).toEqual({ phase: 'progress' });
    const refused = run([{ type: 'start' }, { type: 'effect', effect: { kind: 'error', code: '3400325' } }], intro);
    expect(refused).toEqual({ phase: 'error', code: '3400325' });
    expect(run([{ type: 'start' }], refused)).toEqual({ phase: 'starting' });
    // Start means nothing while loading or in progress.
    expect(run([{ type: 'start' }], { phase: 'progress' })).toEqual({ phase: 'progress' });
  });

  it('a push opens the modal in progress or with its error, from any phase', () => {
    expect(run([{ type: 'effect', effect: { kind: 'progress' } }])).toEqual({ phase: 'progress' });
    expect(run([{ type: 'effect', effect: { kind: 'error', code: '3400327' } }], { phase: 'progress' })).toEqual({ phase: 'error', code: '3400327' });
    expect(run([{ type: 'effect', effect: { kind: 'reload' } }], { phase: 'progress' })).toEqual({ phase: 'done' });
  });

  it('a late status answer cannot take the modal back, and nothing leaves done', () => {
    expect(run([{ type: 'status', status: 'NONE' }], { phase: 'progress' })).toEqual({ phase: 'progress' });
    expect(run([{ type: 'statusFailed' }], { phase: 'progress' })).toEqual({ phase: 'progress' });
    expect(run([{ type: 'close' }, { type: 'effect', effect: { kind: 'error', code: '1' } }], { phase: 'done' })).toEqual({ phase: 'done' });
  });

  it('close closes; open on an open modal keeps it', () => {
    expect(run([{ type: 'close' }], { phase: 'progress' })).toEqual(MODAL_CLOSED);
    expect(run([{ type: 'open' }], { phase: 'progress' })).toEqual({ phase: 'progress' });
  });
});
