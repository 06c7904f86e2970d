// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../market/hub';
import { createAccountDirectory } from './directory';
import { memoryPersistence } from './perUserRecords';
import { createUpgradeDesk, UPGRADE_CODES, UPGRADE_DURATION_MS } from './upgrade';

/** A desk over a directory and a push recorder. */
function setup(persistence = memoryPersistence()) {
  const directory = createAccountDirectory(persistence);
  const scheduler = new ManualScheduler(0);
  const pushed: Array<[string, string, unknown]> = [];
  const desk = createUpgradeDesk({
    directory,
    scheduler,
    push: (userId, topic, data) => (pushed.push([userId, topic, data[0]]), 1),
  });
  return { directory, scheduler, pushed, desk, persistence };
}

describe('upgrade desk', () => {
  it('unifies the account after UPGRADE_DURATION_MS and pushes "0"', async () => {
    const { desk, scheduler, directory, pushed } = setup();
    expect(desk.request('u-standard')).toEqual({ ok: true, status: 'PROCESS' });
    expect(directory.find('u-standard')?.memberTags).toEqual({ UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' });
    await scheduler.advance(UPGRADE_DURATION_MS - 1);
    expect(pushed).toEqual([]);
    await scheduler.advance(1);
    expect(directory.find('u-standard')).toMatchObject({ accountType: 'UTA', memberTags: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } });
    expect(pushed).toEqual([['u-standard', 'user.uta.upgrade', { code: 200, data: '0' }]]);
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

  it('refuses unified accounts without touching their tags', () => {
    const { desk, directory } = setup();
    expect(desk.request('u-demo')).toMatchObject({ ok: false, code: UPGRADE_CODES.alreadyUnified });
    expect(directory.find('u-demo')?.memberTags.UTA).toBe('SUCCESS');
  });
});
