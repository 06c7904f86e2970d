import { EMPTY_LEDGER, foldTrades, type FlowLedger, type FlowTrade } from '../../../src/domain/tradeAnalysis';

/** Trades waiting to be folded are folded at once past this many, so memory stays bounded between reads. */
const PENDING_LIMIT = 5_000;

/**
 * One symbol's trade-flow ledger (src/domain/tradeAnalysis.ts) for the trade
 * analysis REST. Publishing a trade only queues it; the queue is folded when
 * the ledger is read or grows long, so a fast replay pays per batch, not per
 * trade.
 */
export class FlowRecorder {
  private ledger: FlowLedger = EMPTY_LEDGER;
  private pending: FlowTrade[] = [];

  add(trade: FlowTrade): void {
    this.pending.push(trade);
    if (this.pending.length >= PENDING_LIMIT) this.fold();
  }

  /**
   * A backward seek replays from `t`: what was counted after it would be
   * counted again, and big trades it pushed out cannot come back. The ledger
   * starts afresh; its `since` tells the page the flow is known from then on.
   */
  reset(): void {
    this.ledger = EMPTY_LEDGER;
    this.pending = [];
  }

  read(): FlowLedger {
    this.fold();
    return this.ledger;
  }

  private fold(): void {
    if (this.pending.length === 0) return;
    this.ledger = foldTrades(this.ledger, this.pending);
    this.pending = [];
  }
}
