// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Order } from '../exchange';
import { ManualScheduler } from '../market/hub';
import { createAccountDirectory } from './directory';
import { memoryPersistence } from './perUserRecords';
import { createUpgradeDesk, UPGRADE_CODES, UPGRADE_DURATION_MS } from './upgrade';

/** A desk over a directory, an engine stand-in whose open orders the test sets, and a push recorder. */
function setup(persistence = memoryPersistence()) {
  const directory = createAccountDirectory(persistence);
  const scheduler = new ManualScheduler(0);
  const open = { orders: [] as Order[] };
  const pushed: Array<[string, string, unknown]> = [];
  const desk = createUpgradeDesk({
    directory,
    exchange: { openOrders: (_userId: string, filter?: { plan?: boolean }) => (filter?.plan ? [] : open.orders) },
    scheduler,
    push: (userId, topic, data) => (pushed.push([userId, topic, data[0]]), 1),
  });
  return { directory, scheduler, open, pushed, desk, persistence };
}

describe('upgrade desk', () => {
  it('fails an upgrade that found open orders when it completes (orders placed while it ran)', async () => {
    const { desk, open, scheduler, directory, pushed } = setup();
    expect(desk.request('u-standard')).toEqual({ ok: true, status: 'PROCESS' });
    open.orders = [{} as Order];
    await scheduler.advance(UPGRADE_DURATION_MS);
    expect(directory.find('u-standard')).toMatchObject({ accountType: 'CLASSIC', memberTags: { UTA: 'FAIL', UTA_INVERSE: 'FAIL' } });
    expect(pushed).toEqual([['u-standard', 'user.uta.upgrade', { code: 200, data: String(UPGRADE_CODES.openOrders) }]]);
  });

  it('uses a "fail" outcome once; the next upgrade succeeds', async () => {
    const { desk, scheduler, directory, pushed } = setup();
    expect(desk.setNextOutcome('u-nobody', 'fail')).toBe(false);
    expect(desk.setNextOutcome('u-standard', 'fail')).toBe(true);
    desk.request('u-standard');
    await scheduler.advance(UPGRADE_DURATION_MS);
    desk.request('u-standard');
    await scheduler.advance(UPGRADE_DURATION_MS);
    expect(pushed.map(([, , d]) => (d as { data: string }).data)).toEqual(['3400327', '0']);
    expect(directory.find('u-standard')?.accountType).toBe('UTA');
  });

  it('finishes an upgrade that was in progress when the exchange stopped', async () => {
    const first = setup();
    first.desk.request('u-standard');
    first.desk.close();
    await first.scheduler.advance(UPGRADE_DURATION_MS);
    expect(first.directory.find('u-standard')?.memberTags.UTA).toBe('PROCESS');
    const restarted = setup(first.persistence);
    await restarted.scheduler.advance(UPGRADE_DURATION_MS);
    expect(restarted.directory.find('u-standard')).toMatchObject({ accountType: 'UTA', memberTags: { UTA: 'SUCCESS' } });
  });

  it('refuses unified accounts, and a classic one with open orders without touching its tags', () => {
    const { desk, open, directory } = setup();
    expect(desk.request('u-demo')).toMatchObject({ ok: false, code: UPGRADE_CODES.alreadyUnified });
    open.orders = [{} as Order];
    expect(desk.request('u-standard')).toMatchObject({ ok: false, code: UPGRADE_CODES.openOrders });
    expect(directory.find('u-standard')?.memberTags.UTA).toBeNull();
  });
});
