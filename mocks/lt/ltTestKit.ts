/**
 * What the LT desk tests share (vitest only): an engine on BTCUSDT and the
 * BTC leveraged tokens, one funded user, BTCUSDT trades fed to the engine and
 * then to the desk (as the runtime's feed does), and time passed as the
 * replay's pump passes it.
 */
import { amount, instrumentsFor } from '../exchange/testKit';
import { Exchange } from '../exchange/exchange';
import type { MarketEvent } from '../market/types';
import { createLtDesk } from './ltDesk';
import { LT_SPECS, ltRegistry } from './registry';

export const USER = 'u1';
/** Noon of a UTC day, far from its midnights. */
export const NOON = Date.UTC(2026, 0, 5, 12, 0, 0);

/** The BTC tokens (the fixtures list them from the start); their pairs are instruments of the engine. */
export const BTC_SPECS = LT_SPECS.filter((s) => s.underlying === 'BTCUSDT');

export function ltSetUp(options: { start?: number; state?: unknown } = {}) {
  const start = options.start ?? NOON;
  const symbols = ['BTCUSDT', ...BTC_SPECS.map((s) => s.symbolId)];
  const ex = new Exchange({ instruments: instrumentsFor(symbols), startTime: start });
  ex.addAccount({ userId: USER, kind: 'UTA', demo: false }, { USDT: amount('100000') });
  const clock = { t: start };
  const desk = createLtDesk(ex, { state: options.state, now: () => clock.t, registry: ltRegistry(BTC_SPECS) });
  let seq = 0;
  /** A BTCUSDT trade at `price` (text), `ms` after the last event. */
  const trade = (price: string, ms = 1) => {
    clock.t += ms;
    seq += 1;
    const event = { t: clock.t, seq, ch: 'trade', msg: { s: 'BTCUSDT', id: seq, p: Math.round(Number(price) * 100), q: 1000, m: true } } as MarketEvent;
    ex.onMarket(event, clock.t);
    desk.onTrade('BTCUSDT', clock.t);
  };
  /** `ms` of exchange time pass (the pump's advance). */
  const pass = (ms: number, paused = false) => {
    clock.t += ms;
    desk.advance(clock.t, paused);
  };
  const line = (token: string) => ex.ledger.line(USER, token);
  const nav = (symbolId = 'BTC3LUSDT') => Number(desk.info(symbolId, clock.t).nav);
  return { ex, desk, clock, trade, pass, line, nav };
}

export const created = <T>(result: { ok: true; value: T } | { ok: false; error: { code: number; message: string } }): T => {
  if (!result.ok) throw new Error(`refused ${result.error.code}: ${result.error.message}`);
  return result.value;
};

export const codeOf = (result: { ok: boolean; error?: { code: number } }) => (result.ok ? 0 : result.error!.code);
