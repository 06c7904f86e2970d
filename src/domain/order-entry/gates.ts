/**
 * Pre-submit gates (spec 2 §5, "Pre-submit gates, in order"): what stands
 * between a valid order form and the create call. The first gate that applies
 * decides; the form asks again after each acceptance, so a symbol that needs
 * two notices (e.g. a leveraged token in the innovation zone) shows them one
 * after the other, in the spec's order.
 */

// The upgrade block is the upgrade's rule (domain/upgrade.ts); the gates ask it first.
import { UPGRADING_MESSAGE, upgradeBlocksOrdering } from '../upgrade';

/** Notices the user must accept once per account before a first order on such a symbol. */
export type GateId = 'suiTerms' | 'ltRiskTest' | 'mntDisclaimer' | 'bitDisclaimer' | 'innovationRisk' | 'adventureRisk';

export type GateStep =
  /** no order now; show the message (a spec key) */
  | { kind: 'block'; messageKey: string }
  /** show the gate's dialog; ask again once it is accepted */
  | { kind: 'accept'; gate: GateId }
  | { kind: 'pass' };

export interface GateSymbol {
  baseTokenName: string;
  quoteTokenName: string;
  mark: readonly string[];
}

export interface GateInput {
  symbol: GateSymbol;
  /** the member tag UTA (spec 2 §3): PROCESS means the account is being upgraded */
  upgradeTag: string | null;
  /** account info riskState: 'liquidation' and 'overrun' block ordering */
  riskState: string | null;
  accepted: ReadonlySet<GateId>;
}

/** Every gate in the order the spec lists them. */
export const GATE_ORDER: readonly GateId[] = ['suiTerms', 'ltRiskTest', 'mntDisclaimer', 'bitDisclaimer', 'innovationRisk', 'adventureRisk'];

export const LIQUIDATION_MESSAGE = 'liquidationErrorInfo';
export const OVERRUN_MESSAGE = 'overrunErrorInfo';

function trades(symbol: GateSymbol, token: string): boolean {
  return symbol.baseTokenName.toUpperCase() === token || symbol.quoteTokenName.toUpperCase() === token;
}

const APPLIES: Record<GateId, (symbol: GateSymbol) => boolean> = {
  suiTerms: (s) => trades(s, 'SUI'),
  ltRiskTest: (s) => s.mark.includes('leveraged'),
  mntDisclaimer: (s) => trades(s, 'MNT'),
  bitDisclaimer: (s) => trades(s, 'BIT'),
  innovationRisk: (s) => s.mark.includes('innovation'),
  adventureRisk: (s) => s.mark.includes('adventure'),
};

/** The gates a symbol carries, in the spec's order, accepted or not. */
export function gatesFor(symbol: GateSymbol): GateId[] {
  return GATE_ORDER.filter((gate) => APPLIES[gate](symbol));
}

export function isGateId(value: unknown): value is GateId {
  return typeof value === 'string' && (GATE_ORDER as readonly string[]).includes(value);
}

/**
 * The next step before submitting. The upgrade block comes first: nothing
 * may be accepted for an account that is being converted. The margin checks
 * come last, after the notices, as the spec orders them.
 */
export function nextGate(input: GateInput): GateStep {
  if (upgradeBlocksOrdering(input.upgradeTag)) return { kind: 'block', messageKey: UPGRADING_MESSAGE };
  const open = gatesFor(input.symbol).find((gate) => !input.accepted.has(gate));
  if (open) return { kind: 'accept', gate: open };
  if (input.riskState === 'liquidation') return { kind: 'block', messageKey: LIQUIDATION_MESSAGE };
  if (input.riskState === 'overrun') return { kind: 'block', messageKey: OVERRUN_MESSAGE };
  return { kind: 'pass' };
}
