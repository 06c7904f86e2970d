/**
 * The sign-in page's calls to the simulated exchange (docs/api.md "Sign-in").
 * Plain fetch: the page's own data layer is not the backend's to use.
 */
export interface SignInChoice {
  userId: string;
  nickname: string;
  accountType: 'UTA' | 'CLASSIC';
  isDemo: boolean;
  isSubAccount: boolean;
  copyTradeLeader: boolean;
  eaaRestricted: boolean;
  marginStatus: 'normal' | 'liquidation' | 'overrun';
  registered: boolean;
}

export interface SignedIn {
  userId: string;
  token: string;
  redirect: string;
  expiresInMs: number;
}

/** A refusal with the exchange's code, so the page can pick a translated message. */
export class SignInRefusal extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { code?: unknown; success?: unknown; message?: unknown; result?: unknown };
  if (body.code !== 0 || body.success !== true) {
    throw new SignInRefusal(typeof body.code === 'number' ? body.code : -1, typeof body.message === 'string' ? body.message : 'refused');
  }
  return body.result as T;
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });

export async function fetchChoices(): Promise<SignInChoice[]> {
  const result = await envelope<{ list?: unknown }>(await fetch('/user/api/login/profiles', { credentials: 'same-origin' }));
  if (!Array.isArray(result.list)) throw new SignInRefusal(-1, 'malformed profile list');
  return result.list as SignInChoice[];
}

export async function fetchCurrentUser(): Promise<{ userId: string; nickname: string } | null> {
  const result = await envelope<{ userState?: number; userId?: string; nickname?: string }>(await fetch('/user/api/profile', { credentials: 'same-origin' }));
  return result.userState === 1 && result.userId ? { userId: result.userId, nickname: result.nickname ?? result.userId } : null;
}

export async function signIn(userId: string, redirect: string | null): Promise<SignedIn> {
  return envelope<SignedIn>(await post('/user/api/login', redirect ? { userId, redirect_url: redirect } : { userId }));
}

export async function registerDemo(nickname: string, redirect: string | null): Promise<SignedIn> {
  return envelope<SignedIn>(await post('/user/api/register', redirect ? { nickname, redirect_url: redirect } : { nickname }));
}

/** The storage key the trading page watches for an account switch in another tab (src/data/storage.ts). */
export const ACCOUNT_STORAGE_KEY = 'SPOT_account_id';

/**
 * Keeps the session where the page's requests find it: the cookie (the local
 * server sets it too; the in-page exchange reads document.cookie), then tells
 * other tabs, whose storage event reloads their user data.
 */
export function adoptSession(session: SignedIn): void {
  document.cookie = `spot_session=${session.token}; Path=/; SameSite=Lax; Max-Age=${Math.floor(session.expiresInMs / 1000)}`;
  try {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, session.userId);
  } catch {
    // Storage blocked: other tabs find out on their next reload.
  }
}
