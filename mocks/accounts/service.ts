/**
 * Who a request is: the directory of accounts plus the session store, read
 * through the request's token. Every handler and the private socket ask this
 * one object, so a session means the same thing on every path.
 */
import { createAccountDirectory, type AccountDirectory } from './directory';
import { tokenFromRequest, type AccountProfile } from './profiles';
import { createSessionStore, type SessionStore } from './sessions';

export interface AccountService {
  directory: AccountDirectory;
  sessions: SessionStore;
  /** the request's session token (cookie or Bearer; in-page the page's own cookie) */
  tokenOf(request: Request): string | null;
  /** the signed-in account of a request, null for a visitor or a dead session */
  accountOf(request: Request): AccountProfile | null;
  /** the account of a bare token (the private socket's auth) */
  accountOfToken(token: string | null): AccountProfile | null;
}

export function createAccountService(
  options: { directory?: AccountDirectory; sessions?: SessionStore; tokenOf?: (request: Request) => string | null } = {},
): AccountService {
  const directory = options.directory ?? createAccountDirectory();
  const sessions = options.sessions ?? createSessionStore();
  const tokenOf = options.tokenOf ?? tokenFromRequest;
  const accountOfToken = (token: string | null) => directory.find(sessions.userOf(token));
  return { directory, sessions, tokenOf, accountOfToken, accountOf: (request) => accountOfToken(tokenOf(request)) };
}
