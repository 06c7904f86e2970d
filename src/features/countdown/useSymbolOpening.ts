import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  COUNTDOWN_TICK_MS, initialCountdown, remainingMs, stepCountdown, type CountdownEvent, type CountdownState,
} from '../../domain/countdown';
import type { SymbolNotice } from '../../data/api/notice';
import { useNotice } from '../../data/marketQueries';
import { netErrorStore } from '../../data/netError';
import { pageStatus } from '../../data/pageStatus';
import { queryKeys, useSymbols } from '../../data/queries';

export type OpeningView =
  | { kind: 'open' }
  | { kind: 'loading' }
  | { kind: 'error'; retry: () => void }
  | { kind: 'counting'; notice: SymbolNotice; remainingMs: number }
  /** at zero (or past the window, while the network-error overlay is up): waiting for the exchange */
  | { kind: 'confirming'; notice: SymbolNotice }
  | { kind: 'pending'; notice: SymbolNotice };

const deviceNow = () => Date.now();

/**
 * Spec 1 §4 symbol opening: asks for the notice only when the symbol list
 * marks it visible, runs the domain machine on a 100 ms tick, re-asks when it
 * says so (at zero, every 2 s in the window, after a long hidden spell, on
 * coming back online) and raises the network-error overlay when it fails.
 */
export function useSymbolOpening(symbolId: string, now: () => number = deviceNow): OpeningView {
  const symbols = useSymbols();
  const noticeVisible = symbols.data?.find((s) => s.symbolId === symbolId)?.noticeVisible ?? false;
  const notice = useNotice(symbolId, { enabled: noticeVisible });
  const client = useQueryClient();

  const machine = useRef<CountdownState<SymbolNotice>>(initialCountdown);
  const [state, setState] = useState<CountdownState<SymbolNotice>>(initialCountdown);
  const [tickAt, setTickAt] = useState(now);
  const refetch = useRef(notice.refetch);
  useEffect(() => {
    refetch.current = notice.refetch;
  }, [notice.refetch]);

  const send = useCallback((event: CountdownEvent<SymbolNotice>) => {
    const step = stepCountdown(machine.current, event);
    if (step.state !== machine.current) {
      machine.current = step.state;
      setState(step.state);
    }
    if (step.ask) void refetch.current();
  }, []);

  const { dataUpdatedAt, errorUpdatedAt, status } = notice;
  useEffect(() => {
    // dataUpdatedAt is the device time the answer arrived: the countdown's anchor.
    if (status === 'success' && dataUpdatedAt > 0) send({ type: 'answer', now: dataUpdatedAt, result: notice.data ?? null });
  }, [dataUpdatedAt, status, notice.data, send]);
  useEffect(() => {
    if (errorUpdatedAt > 0) send({ type: 'answer', now: errorUpdatedAt, result: 'error' });
  }, [errorUpdatedAt, send]);

  const ticking = state.kind === 'counting' || state.kind === 'rechecking';
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => {
      const t = now();
      setTickAt(t);
      send({ type: 'tick', now: t });
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [ticking, now, send]);

  useEffect(() => {
    let previous = pageStatus.get();
    const unsubscribe = pageStatus.subscribe(() => {
      const current = pageStatus.get();
      if (current.visible && !previous.visible) send({ type: 'pageShown', now: now(), hiddenFor: current.lastHiddenFor });
      if (current.online && !previous.online) send({ type: 'online', now: now() });
      previous = current;
    });
    return () => void unsubscribe();
  }, [now, send]);

  useEffect(() => {
    if (state.kind === 'failed') netErrorStore.show();
    // The list still says "notice visible, not trading": let it catch up with the opening.
    if (state.kind === 'open' && noticeVisible) void client.invalidateQueries({ queryKey: queryKeys.symbols });
  }, [state.kind, noticeVisible, client]);

  if (!noticeVisible) return { kind: 'open' };
  switch (state.kind) {
    case 'open':
      return { kind: 'open' };
    case 'waiting':
      return notice.isError ? { kind: 'error', retry: () => void notice.refetch() } : { kind: 'loading' };
    case 'counting':
      return { kind: 'counting', notice: state.notice, remainingMs: remainingMs(state.notice, state.receivedAt, Math.max(tickAt, state.receivedAt)) };
    case 'pending':
      return { kind: 'pending', notice: state.notice };
    case 'rechecking':
    case 'failed':
      return { kind: 'confirming', notice: state.notice };
  }
}
