// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startRuntime, type ContractRuntime } from '../runtime/contractKit';

/** Sign-in, registration and log-out, the same in msw/node and the local server. */
describe.each(RUNTIMES)('accounts and sessions (%s)', (kind) => {
  let rt: ContractRuntime;
  beforeAll(async () => {
    rt = await startRuntime(kind);
  });
  afterAll(() => rt.close());

  it('lists the built-in profiles for the sign-in page', async () => {
    const answer = await rt.call('/user/api/login/profiles');
    const ids = (answer.result as { list: Array<{ userId: string }> }).list.map((p) => p.userId);
    expect(ids).toEqual(['u-standard', 'u-uta', 'u-demo', 'u-eaa', 'u-sub', 'u-leader', 'u-liquidation', 'u-overrun']);
  });

  it('signs in with a random token (cookie and body), answers the profile, and logs out', async () => {
    const answer = await rt.call('/user/api/login', { body: { userId: 'u-standard', redirect_url: '/en/trade/spot/ETH/USDT' } });
    const result = answer.result as { token: string; redirect: string; userId: string };
    expect(answer).toMatchObject({ code: 0, success: true });
    expect(result.token).toMatch(/^[0-9a-f]{48}$/);
    expect(result.redirect).toBe('/en/trade/spot/ETH/USDT');
    expect(answer.headers.get('set-cookie')).toContain(`spot_session=${result.token}`);
    const profile = await rt.call('/user/api/profile', { token: result.token });
    expect(profile.result).toMatchObject({ userState: 1, userId: 'u-standard', accountType: 'CLASSIC', memberTags: { UTA: null } });
    expect(await rt.call('/logout', { method: 'POST', token: result.token })).toMatchObject({ code: 0, success: true });
    expect((await rt.call('/user/api/profile', { token: result.token })).result).toMatchObject({ userState: 0 });
  });

  it('refuses a redirect_url of another origin (and tricks that look like a path)', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      expect(await rt.call('/user/api/login', { body: { userId: 'u-uta', redirect_url: redirect } })).toMatchObject({ code: 10011, success: false });
    }
  });

  it('refuses unknown accounts and malformed bodies', async () => {
    expect(await rt.call('/user/api/login', { body: { userId: 'u-nobody' } })).toMatchObject({ code: 10010 });
    expect(await rt.call('/user/api/login', { body: 'not json' })).toMatchObject({ code: 10001 });
    expect(await rt.call('/user/api/register', { body: { nickname: '' } })).toMatchObject({ code: 10001 });
  });

  it('registers a demo user that is signed in, unified, demo, and listed for the next sign-in', async () => {
    const answer = await rt.call('/user/api/register', { body: { nickname: 'Ada' } });
    const { token, userId } = answer.result as { token: string; userId: string };
    expect(userId).toMatch(/^u-demo-[0-9a-f]{10}$/);
    expect((await rt.call('/user/api/profile', { token })).result).toMatchObject({ userState: 1, userId, nickname: 'Ada', isDemo: true, accountType: 'UTA' });
    const listed = (await rt.call('/user/api/login/profiles')).result as { list: Array<{ userId: string }> };
    expect(listed.list.map((p) => p.userId)).toContain(userId);
  });

  it('takes a user id in place of a token as nobody', async () => {
    expect((await rt.call('/user/api/profile', { headers: { cookie: 'spot_session=u-uta' } })).result).toMatchObject({ userState: 0 });
  });
});
