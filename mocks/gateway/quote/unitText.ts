import { fromUnits } from '../../../src/domain/units';

/** Entries kept per step before the memo starts over (prices cluster, so this is rarely reached). */
const MEMO_LIMIT = 16_384;

/**
 * Decimal strings of integer units of one step, memoised: a book renders the
 * same prices tick after tick, and the exact BigInt conversion is the most
 * expensive part of a depth frame.
 */
export class UnitText {
  private readonly memo = new Map<number, string>();

  constructor(readonly step: string) {}

  of(units: number): string {
    let text = this.memo.get(units);
    if (text === undefined) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      text = fromUnits(units, this.step);
      this.memo.set(units, text);
    }
    return text;
  }
}

/** One memo per step string, shared by every symbol with that step. */
export class UnitTexts {
  private readonly byStep = new Map<string, UnitText>();

  of(step: string): UnitText {
    let text = this.byStep.get(step);
    if (!text) this.byStep.set(step, (text = new UnitText(step)));
    return text;
  }
}
