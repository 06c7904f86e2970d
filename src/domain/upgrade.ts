/**
 * The standard → unified (UTA) account upgrade as the page sees it (spec 2
 * §2, §3, §4, §8): where an account stands from its member tags, what the
 * upgrade entry, the one-time tip, the progress mask and the success guide
 * show, what a `user.uta.upgrade` push or the upgrade call's answer does, and
 * the upgrade modal's state machine. Pure: the data layer feeds it answers
 * and pushes, the views read it.
 */

/** Member tag UTA / UTA_INVERSE (spec 2 §3); null is "none". */
export type UpgradeTag = 'FAIL' | 'PROCESS' | 'SUCCESS' | null;

export interface UpgradeAccount {
  loggedIn: boolean;
  accountType: 'UTA' | 'CLASSIC' | null;
  isDemo: boolean;
  /** the UTA member tag (UTA_INVERSE moves with it) */
  tag: UpgradeTag;
}

/**
 * - `none`: nothing to show (a visitor, a demo, the gray flag off)
 * - `offer`: the upgrade entry (tag none or FAIL with the gray flag)
 * - `process`: upgrading: progress mask, ordering blocked
 * - `done`: unified (the success guide may show)
 */
export type UpgradeStage = 'none' | 'offer' | 'process' | 'done';

/**
 * Spec 2 §4. PROCESS wins over everything (an account being converted must
 * not order, whatever the flag); an account that is unified already — by
 * tag or by type — is never offered an upgrade, even with a tag that a real
 * server left empty.
 */
export function upgradeStage(account: UpgradeAccount, grayFlag: boolean): UpgradeStage {
  if (!account.loggedIn) return 'none';
  if (account.tag === 'PROCESS') return 'process';
  if (account.tag === 'SUCCESS' || account.accountType === 'UTA') return 'done';
  if (account.isDemo || !grayFlag) return 'none';
  return 'offer';
}

/**
 * An upgrade seen finishing without its push (the socket was down, the poll
 * read the profile): from PROCESS to unified the page reloads as the push
 * would have made it.
 */
export function reloadsOnStageChange(previous: UpgradeStage, next: UpgradeStage): boolean {
  return previous === 'process' && next === 'done';
}

/** Spec 2 §8 key of "account being upgraded". */
export const UPGRADING_MESSAGE = 'web2_will_update';

/** Spec 2 §5: the first pre-submit gate; every kind of order (form, quick, tools, LT) asks this. */
export function upgradeBlocksOrdering(tag: string | null): boolean {
  return tag === 'PROCESS';
}

/** Device-local flags (spec 2 §4), per user. */
export interface UpgradeSeen {
  tip: boolean;
  guide: boolean;
}

export const NOTHING_SEEN: UpgradeSeen = { tip: false, guide: false };

/** The one-time tip beside the entry: offered and not seen on this device. */
export function showUpgradeTip(stage: UpgradeStage, seen: UpgradeSeen): boolean {
  return stage === 'offer' && !seen.tip;
}

/** Spec 2 §4: SUCCESS without a seen guide, and not demo. */
export function showSuccessGuide(account: UpgradeAccount, seen: UpgradeSeen): boolean {
  return account.loggedIn && account.tag === 'SUCCESS' && !account.isDemo && !seen.guide;
}

/** Push data of a finished upgrade. */
export const UPGRADE_DONE = '0';
/** Spec 2 §8: "Upgrade push data 3400324 means upgrade in progress". */
export const UPGRADE_IN_PROGRESS = '3400324';

export interface UpgradePushItem {
  code: number;
  data: string;
}

export type UpgradeEffect =
  /** unified: reload the page into the UTA account */
  | { kind: 'reload' }
  /** both tags PROCESS, the modal open in progress */
  | { kind: 'progress' }
  /** the modal open with the error code */
  | { kind: 'error'; code: string };

/** Spec 2 §4: code 200 with '0' reloads; '3400324' is progress; other data is the error code. */
export function upgradePushEffect(item: UpgradePushItem): UpgradeEffect {
  if (item.data === UPGRADE_DONE) return item.code === 200 ? { kind: 'reload' } : { kind: 'error', code: String(item.code) };
  if (item.data === UPGRADE_IN_PROGRESS) return { kind: 'progress' };
  return { kind: 'error', code: item.data !== '' ? item.data : String(item.code) };
}

/** The tags the page shows after an effect (spec 2 §4: 3400324 sets both to PROCESS); null: read them again. */
export function tagsAfter(effect: UpgradeEffect): { UTA: UpgradeTag; UTA_INVERSE: UpgradeTag } | null {
  return effect.kind === 'progress' ? { UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' } : null;
}

/** The upgrade call (POST /unified/api/upgrade) answered: started, or refused with a code. */
export type UpgradeCallResult = { ok: true } | { ok: false; code: string };

export function upgradeCallEffect(result: UpgradeCallResult): UpgradeEffect {
  return result.ok ? { kind: 'progress' } : { kind: 'error', code: result.code };
}

/** The page's own code for a start that got no answer (no network, a broken answer). */
export const UPGRADE_NETWORK_CODE = 'network';

/**
 * Spec 2 §8 upgrade result codes → message keys of the 'upgrade' namespace.
 * An unknown code still says something, with the code.
 */
const ERROR_KEYS: Readonly<Record<string, string>> = {
  [UPGRADE_NETWORK_CODE]: 'errorNetwork',
  '3400325': 'errorAlreadyUnified',
  '3400326': 'errorOpenOrders',
  '3400327': 'errorFailed',
  '10007': 'errorLogin',
};

export function upgradeErrorKey(code: string): string {
  return Object.hasOwn(ERROR_KEYS, code) ? ERROR_KEYS[code]! : 'errorGeneric';
}

/** 3400325: the page still shows a classic account that is unified already; reading it again is the way out. */
export function errorNeedsReload(code: string): boolean {
  return code === '3400325';
}

/** Where the status call (GET /unified/api/upgrade/status) says the upgrade stands. */
export type UpgradeStatus = 'NONE' | 'FAIL' | 'PROCESS' | 'SUCCESS';

export type UpgradeModal =
  | { phase: 'closed' }
  /** reading the status (the modal's initialisation) */
  | { phase: 'loading' }
  /** terms, what changes, start */
  | { phase: 'intro' }
  /** the upgrade call is on its way */
  | { phase: 'starting' }
  | { phase: 'progress' }
  /** unified: the page is reloading */
  | { phase: 'done' }
  | { phase: 'error'; code: string }
  /** spec 2 §8 currentOperationFailed: the status could not be read */
  | { phase: 'initFailed' };

export const MODAL_CLOSED: UpgradeModal = { phase: 'closed' };

export type UpgradeModalEvent =
  /** the entry, the tip or the mask asked for the modal */
  | { type: 'open' }
  | { type: 'status'; status: UpgradeStatus }
  | { type: 'statusFailed' }
  /** Start (or Try again) pressed */
  | { type: 'start' }
  | { type: 'effect'; effect: UpgradeEffect }
  | { type: 'retry' }
  | { type: 'close' };

const STATUS_PHASE: Readonly<Record<UpgradeStatus, UpgradeModal>> = {
  NONE: { phase: 'intro' },
  FAIL: { phase: 'intro' },
  PROCESS: { phase: 'progress' },
  SUCCESS: { phase: 'done' },
};

const EFFECT_PHASE = (effect: UpgradeEffect): UpgradeModal =>
  effect.kind === 'reload' ? { phase: 'done' } : effect.kind === 'progress' ? { phase: 'progress' } : { phase: 'error', code: effect.code };

/**
 * The upgrade modal. A push opens it wherever it stands (spec 2 §4); a
 * status answer counts only while the modal waits for it, so a late answer
 * cannot take the modal back from progress to the terms; once the page is
 * reloading nothing changes it.
 */
export function upgradeModalReducer(state: UpgradeModal, event: UpgradeModalEvent): UpgradeModal {
  if (state.phase === 'done') return state;
  switch (event.type) {
    case 'open':
      return state.phase === 'closed' ? { phase: 'loading' } : state;
    case 'retry':
      return state.phase === 'initFailed' ? { phase: 'loading' } : state;
    case 'status':
      return state.phase === 'loading' ? STATUS_PHASE[event.status] : state;
    case 'statusFailed':
      return state.phase === 'loading' ? { phase: 'initFailed' } : state;
    case 'start':
      return state.phase === 'intro' || state.phase === 'error' ? { phase: 'starting' } : state;
    case 'effect':
      return EFFECT_PHASE(event.effect);
    case 'close':
      return MODAL_CLOSED;
  }
}
