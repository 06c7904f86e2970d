import { ok } from '../envelope';
import { profileView, VISITOR_VIEW } from '../accounts/profiles';
import { preferenceValueError, type UserStore } from '../accounts/userStore';
import { signedIn as signedInOf, type AccountContext } from './accountContext';
import type { SiteConfig } from '../site';
import { badParam } from './errors';
import { jsonObjectBody } from './params';
import { route } from './route';

export const PROFILE_PATH = '/user/api/profile';
export const FAVORITES_PATH = '/spot/api/user/favorites';
export const PREFERENCES_PATH = '/spot/api/user/preferences';
export const SITE_CONFIG_PATH = '/spot/api/basic/site_config';
/** Spec 2 §7 "OTC guided status: method and path not shown; reads result.guided". */
export const OTC_GUIDED_PATH = '/spot/api/user/otc_guided';

export interface UserContext extends AccountContext {
  users: UserStore;
  site: () => SiteConfig;
}

/** Symbol ids are short upper-case tokens; anything else is a client bug answered as such. */
const SYMBOL_ID = /^[A-Z0-9]{2,24}$/;

export function userHandlers(context: UserContext) {
  const signedIn = (request: Request) => signedInOf(context, request);
  return [
    route(context, PROFILE_PATH, (request) => {
      const profile = context.accounts.accountOf(request);
      return ok(profile ? profileView(profile) : VISITOR_VIEW);
    }),
    route(context, SITE_CONFIG_PATH, () => ok(context.site())),
    route(context, FAVORITES_PATH, (request) => ok({ list: context.users.favorites(signedIn(request).userId) })),
    route(
      context,
      FAVORITES_PATH,
      async (request) => {
        const { userId } = signedIn(request);
        const { symbolIds } = await jsonObjectBody(request);
        if (!Array.isArray(symbolIds) || !symbolIds.every((s) => typeof s === 'string' && SYMBOL_ID.test(s))) {
          throw badParam('symbolIds must be a list of symbol ids');
        }
        return ok({ list: context.users.setFavorites(userId, symbolIds as string[]) });
      },
      'post',
    ),
    route(context, PREFERENCES_PATH, (request) => ok({ values: context.users.preferences(signedIn(request).userId) })),
    route(
      context,
      PREFERENCES_PATH,
      async (request) => {
        const { userId } = signedIn(request);
        const { upsert_keys: upsert } = await jsonObjectBody(request);
        if (typeof upsert !== 'object' || upsert === null || Array.isArray(upsert)) throw badParam('upsert_keys must be an object');
        const entries = Object.entries(upsert as Record<string, unknown>);
        if (entries.length === 0 || entries.length > 50) throw badParam('upsert_keys must hold 1 to 50 keys');
        const values: Record<string, string> = {};
        for (const [key, value] of entries) {
          if (!/^[\w.-]{1,64}$/.test(key) || typeof value !== 'string' || value.length > 4096) {
            throw badParam(`upsert_keys.${key.slice(0, 64)} must be a string of at most 4096 characters`);
          }
          const wrong = preferenceValueError(key, value);
          if (wrong) throw badParam(`upsert_keys.${wrong}`);
          values[key] = value;
        }
        return ok({ values: context.users.upsertPreferences(userId, values) });
      },
      'post',
    ),
    route(context, OTC_GUIDED_PATH, (request) => ok({ guided: context.users.otcGuided(signedIn(request).userId) })),
    // The OTC page records that its introduction was gone through (the trading page only reads it).
    route(
      context,
      OTC_GUIDED_PATH,
      async (request) => {
        const { userId } = signedIn(request);
        const { guided } = await jsonObjectBody(request);
        if (typeof guided !== 'boolean') throw badParam('guided must be true or false');
        return ok({ guided: context.users.setOtcGuided(userId, guided) });
      },
      'post',
    ),
  ];
}
