/**
 * The order book's last-known books in local storage (rules in
 * src/domain/keptBooks.ts): read once per pair when the panel opens, written
 * at most every few seconds while a live book streams and when the page hides,
 * so a reload, an offline start or a slow exchange boot draws the last book at
 * once. Storage that fails or holds junk means "nothing kept".
 */
import { useEffect, useMemo, useRef } from 'react';
import type { DepthBook } from '../domain/depthBook';
import { keepBook, keptBookFor, parseKeptBooks, shouldKeep, type KeptBook } from '../domain/keptBooks';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

export function readKeptBooks(): KeptBook[] {
  return parseKeptBooks(readJson(STORAGE_KEYS.keptBooks));
}

function keep(entry: KeptBook): void {
  writeJson(STORAGE_KEYS.keptBooks, keepBook(readKeptBooks(), entry));
}

/** When each pair was last kept by this page. */
const keptAt = new Map<string, number>();

export interface KeptBookInput {
  pair: string;
  /** the panel's merge step; undefined until the symbol list answered */
  step: string | undefined;
  live: DepthBook | null;
  decimals: KeptBook['decimals'];
}

/**
 * The kept book to draw for `pair` while no live book is there (null once one
 * is, or when nothing usable was kept); keeps the live one as it streams.
 */
export function useKeptBook({ pair, step, live, decimals }: KeptBookInput, now: () => number = Date.now): KeptBook | null {
  const kept = useMemo(() => keptBookFor(readKeptBooks(), pair, step, now()), [pair, step, now]);
  const entry = useMemo<KeptBook | null>(() => (live && step !== undefined ? { pair, step, savedAt: 0, decimals, book: live } : null), [live, pair, step, decimals]);
  const latest = useRef<KeptBook | null>(null);

  useEffect(() => {
    latest.current = entry;
    if (!entry || !shouldKeep(keptAt.get(entry.pair), now())) return;
    keptAt.set(entry.pair, now());
    keep({ ...entry, savedAt: now() });
  }, [entry, now]);

  useEffect(() => {
    // The newest book goes in when the page hides (a reload, a closed tab, the app sent to the background).
    const onHide = () => {
      if (latest.current) keep({ ...latest.current, savedAt: now() });
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [now]);

  return live ? null : kept;
}
