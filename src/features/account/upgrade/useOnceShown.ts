import { useEffect, useState } from 'react';

/**
 * A one-time notice (spec 2 §4 seen flags): once `due`, it is marked seen at
 * once — a reload will not bring it back — but stays on screen for this
 * visit until dismissed, although the seen flag now says it is not due.
 */
export function useOnceShown(due: boolean, markSeen: () => void): { shown: boolean; dismiss: () => void } {
  const [latched, setLatched] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // Latched while rendering (React's "state from the previous render" pattern): the seen flag must not hide it in between.
  if (due && !latched) setLatched(true);
  useEffect(() => {
    if (latched) markSeen();
  }, [latched, markSeen]);
  return { shown: latched && !dismissed, dismiss: () => setDismissed(true) };
}
