import type { AccelerationReason, ForcedPath, NetPath } from './acceleration';

/** Why the page's calls take the path they take: one reason the network view names. */
export type PathReason =
  | AccelerationReason
  | 'forced'
  | 'noConfig'
  | 'autoCdnOff'
  | 'cdnDown';

export interface ExplainInputs {
  /** the path Auto (or the switch) picks for an accelerable call now */
  path: NetPath;
  forced: ForcedPath;
  configured: boolean;
  acceleration: { allowed: boolean; reason: AccelerationReason };
  autoCdn: boolean;
  down: ReadonlySet<NetPath>;
}

/**
 * The first thing that decided the path, in the order choosePath applies
 * its rules: the switch, a missing config, then acceleration, then the CDN.
 */
export function explainPath(inputs: ExplainInputs): PathReason {
  if (inputs.forced !== 'auto') return 'forced';
  if (!inputs.configured) return 'noConfig';
  if (inputs.path === 'accelerated') return inputs.acceleration.reason;
  if (inputs.path === 'cdn') return inputs.acceleration.reason;
  if (!inputs.autoCdn) return 'autoCdnOff';
  if (inputs.down.has('cdn')) return 'cdnDown';
  return inputs.acceleration.reason;
}
