import { HttpResponse } from 'msw';
import { SESSION_COOKIE, type AccountProfile } from '../accounts/profiles';
import { DEFAULT_AFTER_SIGN_IN, sameOriginPath } from '../accounts/redirect';
import { SESSION_TTL_MS } from '../accounts/sessions';
import type { AccountContext } from './accountContext';
import { badParam, Refusal } from './errors';
import { jsonObjectBody } from './params';
import { route } from './route';

export const LOGIN_PROFILES_PATH = '/user/api/login/profiles';
export const LOGIN_PATH = '/user/api/login';
export const REGISTER_PATH = '/user/api/register';
export const LOGOUT_PATH = '/logout';

/** Refusals of the sign-in calls (docs/api.md). */
export const AUTH_ERRORS = {
  unknownAccount: 10010,
  /** redirect_url is not a path on this site */
  foreignRedirect: 10011,
  /** the exchange holds as many registered demo users as it takes */
  registrationClosed: 10012,
} as const;

const NICKNAME = /^[\p{L}\p{N} ._-]{1,32}$/u;

function entry(p: AccountProfile) {
  return { userId: p.userId, nickname: p.nickname, accountType: p.accountType, isDemo: p.isDemo, isSubAccount: p.isSubAccount,
    copyTradeLeader: p.copyTradeLeader, eaaRestricted: p.eaaRestricted, marginStatus: p.marginStatus, registered: p.registered };
}

function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

/** The redirect of a sign-in body: absent → the trading page; present but foreign → refused. */
function redirectOf(body: Record<string, unknown>, origin: string): string {
  const raw = body.redirect_url;
  if (raw === undefined || raw === null || raw === '') return DEFAULT_AFTER_SIGN_IN;
  if (typeof raw !== 'string') throw badParam('redirect_url must be a string');
  const path = sameOriginPath(raw, origin);
  if (path === null) throw new Refusal(AUTH_ERRORS.foreignRedirect, 'redirect_url must be a path on this site');
  return path;
}

export function authHandlers(context: AccountContext & { onSessionEnded?: (token: string) => void }, newUserId: () => string) {
  const { directory, sessions } = context.accounts;
  const signIn = (profile: AccountProfile, redirect: string) => {
    const token = sessions.open(profile.userId);
    const answer = HttpResponse.json({ code: 0, success: true, result: { userId: profile.userId, token, redirect, expiresInMs: SESSION_TTL_MS } });
    answer.headers.append('set-cookie', sessionCookie(token, SESSION_TTL_MS / 1000));
    return answer;
  };
  return [
    // The sign-in page's choices: every built-in profile, then registered demo users, newest first.
    route(context, LOGIN_PROFILES_PATH, () => {
      const registered = directory.list().filter((p) => p.registered).reverse().slice(0, 20);
      return HttpResponse.json({ code: 0, success: true, result: { list: [...directory.builtIn(), ...registered].map(entry) } });
    }),
    route(
      context,
      LOGIN_PATH,
      async (request) => {
        const body = await jsonObjectBody(request);
        const redirect = redirectOf(body, new URL(request.url).origin);
        if (typeof body.userId !== 'string') throw badParam('userId is required');
        const profile = directory.find(body.userId);
        if (!profile) throw new Refusal(AUTH_ERRORS.unknownAccount, `Unknown account: ${body.userId.slice(0, 64)}`);
        return signIn(profile, redirect);
      },
      'post',
    ),
    route(
      context,
      REGISTER_PATH,
      async (request) => {
        const body = await jsonObjectBody(request);
        const redirect = redirectOf(body, new URL(request.url).origin);
        const nickname = typeof body.nickname === 'string' ? body.nickname.trim() : '';
        if (!NICKNAME.test(nickname)) throw badParam('nickname must be 1 to 32 letters, digits, spaces, dots, dashes or underscores');
        const profile = directory.registerDemo(nickname, newUserId);
        if (!profile) throw new Refusal(AUTH_ERRORS.registrationClosed, 'No more demo users can be registered on this exchange');
        return signIn(profile, redirect);
      },
      'post',
    ),
    // Spec 2 §7: POST /logout with an empty body. Ending a session twice is not an error.
    route(
      context,
      LOGOUT_PATH,
      (request) => {
        const token = context.accounts.tokenOf(request);
        if (token !== null) context.onSessionEnded?.(token);
        sessions.close(token);
        const answer = HttpResponse.json({ code: 0, success: true, result: null });
        answer.headers.append('set-cookie', sessionCookie('', 0));
        return answer;
      },
      'post',
    ),
  ];
}
