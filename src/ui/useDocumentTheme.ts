import { useSyncExternalStore } from 'react';

/**
 * The theme the document shows (`<html data-theme>`), kept current. Widgets
 * that paint on canvas read colours from CSS once; they watch this to repaint
 * when the theme changes (the LT page forces light without changing the
 * user's choice, so the attribute, not the stored choice, is the truth).
 */
export function useDocumentTheme(): string {
  return useSyncExternalStore(subscribe, snapshot, () => 'dark');
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const snapshot = () => document.documentElement.dataset.theme ?? 'dark';
