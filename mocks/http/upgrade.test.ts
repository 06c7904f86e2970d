// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCookieOptions, signedInSocket, subscribe } from '../gateway/private/runtimeSockets';
import type { TestSocket } from '../gateway/quote/testSocket';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../runtime/contractKit';

const upgradePush = (ws: TestSocket) => ws.next((f) => f.topic === 'user.uta.upgrade' && Array.isArray(f.data));

/** The standard → unified upgrade over both runtimes: the call, the member tags, the `user.uta.upgrade` pushes. */
describe.each(RUNTIMES)('account upgrade (%s)', (kind) => {
  let rt: ContractRuntime;
  beforeAll(async () => {
    rt = await startRuntime(kind, pageCookieOptions);
  });
  afterAll(() => rt.close());

  const profileOf = async (token: string) => (await rt.call('/user/api/profile', { token })).result as Record<string, unknown>;

  it('refuses visitors and unified accounts', async () => {
    expect(await rt.call('/unified/api/upgrade', { method: 'POST' })).toMatchObject({ code: 10007, success: false });
    expect(await rt.call('/unified/api/upgrade/status')).toMatchObject({ code: 10007 });
    const uta = await rt.signIn('u-uta');
    expect(await rt.call('/unified/api/upgrade', { method: 'POST', token: uta })).toEqual(expect.objectContaining({ code: 3400325, success: false, message: expect.any(String) }));
    const standard = await rt.signIn('u-standard');
    expect((await profileOf(standard)).memberTags).toEqual({ UTA: null, UTA_INVERSE: null });
  });

  it('refuses a malformed outcome control', async () => {
    expect(await rt.call('/mock/api/accounts/upgrade_outcome', { body: { userId: 'u-standard', outcome: 'maybe' } })).toMatchObject({ code: 10002 });
    expect(await rt.call('/mock/api/accounts/upgrade_outcome', { body: { userId: 'u-nobody', outcome: 'fail' } })).toMatchObject({ code: 10002 });
  });

  it('fails when told to: PROCESS, "in progress" on a second call, then FAIL and 3400327', async () => {
    const token = await rt.signIn('u-standard');
    const ws = await signedInSocket(rt, token);
    expect(await subscribe(ws, 'user.uta.upgrade')).toMatchObject({ code: '0' });
    expect(await rt.call('/mock/api/accounts/upgrade_outcome', { body: { userId: 'u-standard', outcome: 'fail' } })).toMatchObject({ code: 0 });
    expect(await rt.call('/unified/api/upgrade', { method: 'POST', token })).toMatchObject({ code: 0, success: true, result: { status: 'PROCESS' } });
    expect((await profileOf(token)).memberTags).toEqual({ UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' });
    expect(await rt.call('/unified/api/upgrade', { method: 'POST', token })).toMatchObject({ code: 0, result: { status: 'PROCESS' } });
    expect(await upgradePush(ws)).toEqual({ topic: 'user.uta.upgrade', data: [{ code: 200, data: '3400324' }], sendTime: expect.any(Number) });
    await rt.scheduler.advance(3000);
    expect((await upgradePush(ws)).data).toEqual([{ code: 200, data: '3400327' }]);
    expect(await profileOf(token)).toMatchObject({ accountType: 'CLASSIC', memberTags: { UTA: 'FAIL', UTA_INVERSE: 'FAIL' } });
    expect((await rt.call('/unified/api/upgrade/status', { token })).result).toEqual({ status: 'FAIL', accountType: 'CLASSIC', memberTags: { UTA: 'FAIL', UTA_INVERSE: 'FAIL' } });
    ws.close();
  });

  it('upgrades after 3 s: push "0", the account unified in the profile and the engine, its topics now UTA, its open order kept', async () => {
    const token = await rt.signIn('u-standard');
    const ws = await signedInSocket(rt, token);
    await subscribe(ws, 'user.uta.upgrade');
    const placed = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-standard', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price: '1000' } });
    const orderId = (placed.result as { orderId: string }).orderId;
    expect(await rt.call('/unified/api/upgrade', { method: 'POST', token })).toMatchObject({ code: 0, result: { status: 'PROCESS' } });
    await rt.scheduler.advance(2999);
    expect((await profileOf(token)).accountType).toBe('CLASSIC');
    await rt.scheduler.advance(1);
    expect((await upgradePush(ws)).data).toEqual([{ code: 200, data: '0' }]);
    expect(await profileOf(token)).toMatchObject({ accountType: 'UTA', memberTags: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } });
    expect(rt.backend.exchange.account('u-standard')?.kind).toBe('UTA');
    expect(rt.backend.exchange.openOrders('u-standard').map((o) => o.orderId)).toEqual([orderId]);
    expect(await subscribe(ws, 'user.uta.spot.order')).toMatchObject({ code: '0' });
    expect(await subscribe(ws, 'order_new')).toMatchObject({ code: '-100403' });
    expect(await rt.call('/unified/api/upgrade', { method: 'POST', token })).toMatchObject({ code: 3400325 });
    ws.close();
  });
});
