/**
 * The standard → unified account upgrade (spec 2 §4, §8): a classic account
 * asks, its member tags go to PROCESS, and after UPGRADE_DURATION_MS the
 * account is unified (tags SUCCESS) or the upgrade failed (tags FAIL). The
 * outcome reaches the user's private sockets on `user.uta.upgrade` as
 * `{code: 200, data: "<result>"}`: "0" done (the page reloads), "3400324"
 * still in progress, other codes an error the upgrade modal shows.
 *
 * Balances and open orders (ordinary and plan) carry over (issue 23): the
 * engine keeps them per user whatever the account type, and every order a
 * classic account can hold a unified one can hold too, so only the type
 * changes. (Issue 8 refused accounts with open orders, 3400326; the page's
 * upgrade promises to keep them.)
 */
import { UPGRADE_TOPIC } from '../gateway/private/topics';
import type { Scheduler } from '../gateway/types';
import type { AccountDirectory } from './directory';
import type { AccountProfile, MemberTag } from './profiles';

export const UPGRADE_DURATION_MS = 3000;

/** Result codes of the upgrade call and its pushes (docs/api-private.md). */
export const UPGRADE_CODES = {
  /** spec 2 §8: the upgrade is in progress */
  inProgress: 3400324,
  alreadyUnified: 3400325,
  failed: 3400327,
} as const;

/** The push data of a finished upgrade: "0" for success, else the code as text. */
const DONE = '0';

export type UpgradeOutcome = 'success' | 'fail';

export type UpgradeAnswer = { ok: true; status: 'PROCESS' } | { ok: false; code: number; message: string };

/** Where the desk pushes: the private gateway's `push`. */
export type UserPush = (userId: string, topic: string, data: readonly unknown[]) => number;

export interface UpgradeDeskDeps {
  directory: AccountDirectory;
  scheduler: Pick<Scheduler, 'setTimeout'>;
  push: UserPush;
  durationMs?: number;
}

export interface UpgradeDesk {
  /** starts the user's upgrade, or reports the one in progress */
  request(userId: string): UpgradeAnswer;
  /** the outcome of the user's next upgrade (a test control); false for an unknown user */
  setNextOutcome(userId: string, outcome: UpgradeOutcome): boolean;
  /** stops pending completions (the runtime closes) */
  close(): void;
}

const tags = (tag: MemberTag) => ({ UTA: tag, UTA_INVERSE: tag });
const inProgress = (p: AccountProfile) => p.accountType === 'CLASSIC' && p.memberTags.UTA === 'PROCESS';

export function createUpgradeDesk(deps: UpgradeDeskDeps): UpgradeDesk {
  const { directory, scheduler, push } = deps;
  const durationMs = deps.durationMs ?? UPGRADE_DURATION_MS;
  const timers = new Map<string, () => void>();
  const nextOutcome = new Map<string, UpgradeOutcome>();

  const tell = (userId: string, data: string) => push(userId, UPGRADE_TOPIC, [{ code: 200, data }]);

  function complete(userId: string): void {
    timers.delete(userId);
    const outcome = nextOutcome.get(userId) ?? 'success';
    nextOutcome.delete(userId);
    const profile = directory.find(userId);
    if (!profile || !inProgress(profile)) return;
    if (outcome === 'fail') {
      directory.update(userId, { memberTags: tags('FAIL') });
      tell(userId, String(UPGRADE_CODES.failed));
      return;
    }
    directory.update(userId, { accountType: 'UTA', memberTags: tags('SUCCESS') });
    tell(userId, DONE);
  }

  const schedule = (userId: string) => {
    if (!timers.has(userId)) timers.set(userId, scheduler.setTimeout(() => complete(userId), durationMs));
  };

  // An upgrade that was running when the exchange stopped finishes after a restart.
  for (const profile of directory.list()) if (inProgress(profile)) schedule(profile.userId);

  return {
    request(userId) {
      const profile = directory.find(userId);
      if (!profile) return { ok: false, code: 10007, message: 'Login required' };
      if (inProgress(profile)) {
        schedule(userId);
        tell(userId, String(UPGRADE_CODES.inProgress));
        return { ok: true, status: 'PROCESS' };
      }
      if (profile.accountType === 'UTA') return { ok: false, code: UPGRADE_CODES.alreadyUnified, message: 'The account is already unified' };
      directory.update(userId, { memberTags: tags('PROCESS') });
      schedule(userId);
      return { ok: true, status: 'PROCESS' };
    },
    setNextOutcome(userId, outcome) {
      if (!directory.find(userId)) return false;
      nextOutcome.set(userId, outcome);
      return true;
    },
    close() {
      for (const stop of timers.values()) stop();
      timers.clear();
    },
  };
}
