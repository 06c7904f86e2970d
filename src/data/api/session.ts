import { postJson } from '../http';

export const LOGOUT_PATH = '/logout';
export const DEMO_RESET_PATH = '/spot/api/demo/reset';

/** Spec 2 §7: POST /logout with an empty body; the exchange ends the session and clears its cookie. */
export function logout(): Promise<void> {
  return postJson(LOGOUT_PATH, {}, () => undefined);
}

/** The demo account back to its starting balances, with no orders or history. */
export function resetDemoAccount(): Promise<void> {
  return postJson(DEMO_RESET_PATH, {}, () => undefined);
}
