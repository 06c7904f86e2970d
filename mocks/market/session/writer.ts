import { L2Book } from '../book';
import type { MarketEvent, SessionEvent, SessionHeader } from '../types';
import { serializeEvent, serializeHeader } from './format';

export type LineSink = (line: string) => void | Promise<void>;

/** What a producer hands the writer: everything but the sequence number. */
export type DraftEvent = MarketEvent extends infer E ? (E extends MarketEvent ? Omit<E, 'seq'> : never) : never;

/**
 * Writes a session: numbers events, keeps each symbol's book, and inserts a
 * checkpoint (the full book) every `checkpointIntervalMs` so replay can seek
 * without starting from the top. Events must come in time order.
 */
export class SessionWriter {
  private seq = 0;
  private lastT = -Infinity;
  private nextCheckpoint: number;
  private readonly books = new Map<string, L2Book>();
  private readonly synced = new Set<string>();

  constructor(private readonly header: SessionHeader, private readonly sink: LineSink) {
    this.nextCheckpoint = header.start + header.checkpointIntervalMs;
    for (const s of header.symbols) this.books.set(s.symbol, new L2Book(s.symbol));
  }

  async begin(): Promise<void> {
    await this.sink(serializeHeader(this.header));
  }

  async write(draft: DraftEvent): Promise<void> {
    if (draft.t < this.lastT) throw new Error(`event at ${draft.t} is before the previous one at ${this.lastT}`);
    while (draft.t >= this.nextCheckpoint) {
      await this.checkpoint(this.nextCheckpoint);
      this.nextCheckpoint += this.header.checkpointIntervalMs;
    }
    this.lastT = draft.t;
    const event = { ...draft, seq: ++this.seq } as SessionEvent;
    this.track(event);
    await this.sink(serializeEvent(event));
  }

  private track(event: SessionEvent): void {
    const book = this.books.get(event.msg.s);
    if (!book) throw new Error(`symbol ${event.msg.s} is not in the header`);
    if (event.ch === 'snapshot') {
      book.replace(event.msg);
      this.synced.add(event.msg.s);
    } else if (event.ch === 'book') {
      book.apply(event.msg);
    } else if (event.ch === 'gap') {
      this.synced.delete(event.msg.s);
    }
  }

  /** Only books that are in sync are worth a checkpoint; after a gap a seek must wait for the snapshot. */
  private async checkpoint(t: number): Promise<void> {
    for (const [symbol, book] of this.books) {
      if (!this.synced.has(symbol)) continue;
      const { b, a } = book.snapshot();
      await this.sink(serializeEvent({ t, seq: ++this.seq, ch: 'checkpoint', msg: { s: symbol, b, a } }));
    }
  }
}

/** Writes a whole session into a string (small sessions, tests, fixtures). */
export async function sessionToText(header: SessionHeader, events: Iterable<DraftEvent>): Promise<string> {
  const lines: string[] = [];
  const writer = new SessionWriter(header, (line) => void lines.push(line));
  await writer.begin();
  for (const e of events) await writer.write(e);
  return `${lines.join('\n')}\n`;
}
