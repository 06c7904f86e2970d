import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { rebuildAfterAbsence } from '../../domain/chartKind';
import type { Interval } from '../../domain/intervals';
import { pageStatus } from '../../data/pageStatus';

/**
 * Spec 1 §4: the chart is rebuilt after a remote settings sync and when the
 * page was hidden or offline for at least one interval period. The key
 * changes on each of those; symbol and interval changes rebuild by keying.
 */
export function useRebuildKey(interval: Interval, remoteRevision: number): number {
  const status = useSyncExternalStore(pageStatus.subscribe, pageStatus.get, pageStatus.get);
  const [absences, setAbsences] = useState(0);
  const offlineFrom = useRef<number | null>(null);

  useEffect(() => {
    if (status.visible && rebuildAfterAbsence(status.lastHiddenFor, interval)) setAbsences((n) => n + 1);
    // Only the moment of becoming visible counts, not later renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.visible]);

  useEffect(() => {
    if (!status.online) {
      offlineFrom.current = status.offlineSince;
      return;
    }
    const from = offlineFrom.current;
    offlineFrom.current = null;
    if (from !== null && rebuildAfterAbsence(Date.now() - from, interval)) setAbsences((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.online]);

  return absences + remoteRevision;
}
