import { createAccountService, type AccountService } from './service';

/**
 * For tests that call handlers through a client without cookies (the page's
 * own fetch under msw/node): every request is the given user's, through a
 * real session opened for them; null is a visitor.
 */
export function serviceSignedInAs(userId: string | null): AccountService {
  const base = createAccountService();
  const token = userId === null ? null : base.sessions.open(userId);
  return createAccountService({ directory: base.directory, sessions: base.sessions, tokenOf: () => token });
}

/** Opens a session for a user and answers the Cookie header that carries it. */
export function sessionCookie(accounts: AccountService, userId: string): string {
  return `spot_session=${accounts.sessions.open(userId)}`;
}
