import { http, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import type { UpgradeDesk } from '../accounts/upgrade';
import { readBody } from '../runtime/body';
import { signedIn, type AccountContext } from './accountContext';
import { Refusal } from './errors';
import { route } from './route';

export const UPGRADE_PATH = '/unified/api/upgrade';
export const UPGRADE_STATUS_PATH = '/unified/api/upgrade/status';
export const UPGRADE_OUTCOME_PATH = '/mock/api/accounts/upgrade_outcome';

export type UpgradeContext = AccountContext & { upgrades: UpgradeDesk };

/**
 * The standard → unified upgrade calls (spec 2 §4; docs/api/private.md): start
 * it (answered PROCESS; the result arrives on the `user.uta.upgrade` push)
 * and read where it stands (the upgrade modal's start).
 */
export function upgradeHandlers(context: UpgradeContext): HttpHandler[] {
  return [
    route(
      context,
      UPGRADE_PATH,
      (request) => {
        const profile = signedIn(context, request);
        const answer = context.upgrades.request(profile.userId);
        if (!answer.ok) throw new Refusal(answer.code, answer.message);
        return ok({ status: answer.status });
      },
      'post',
    ),
    route(context, UPGRADE_STATUS_PATH, (request) => {
      const profile = signedIn(context, request);
      return ok({ status: profile.memberTags.UTA ?? 'NONE', accountType: profile.accountType, memberTags: { ...profile.memberTags } });
    }),
  ];
}

/** Test control (simulated exchanges only): how the user's next upgrade ends. */
export function upgradeControlHandlers(upgrades: UpgradeDesk): HttpHandler[] {
  return [
    http.post(UPGRADE_OUTCOME_PATH, async ({ request }) => {
      const body = await readBody(request);
      const outcome = body?.outcome;
      if (!body || typeof body.userId !== 'string' || (outcome !== 'fail' && outcome !== 'success')) {
        return fail(10002, 'body must be {userId, outcome: "fail" | "success"}');
      }
      if (!upgrades.setNextOutcome(body.userId, outcome)) return fail(10002, 'unknown userId');
      return ok({ userId: body.userId, outcome });
    }),
  ];
}
