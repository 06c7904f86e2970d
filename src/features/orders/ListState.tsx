import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SkeletonRows } from '../../ui/SkeletonRows';

interface ListQuery<T> {
  data: readonly T[] | undefined;
  isError: boolean;
  refetch: () => unknown;
}

interface ListStateProps<T> {
  query: ListQuery<T>;
  emptyText: string;
  /** the rows this view shows of the list (a sub-tab, a pair); an empty selection says emptyText */
  select?: (rows: readonly T[]) => readonly T[];
  children: (rows: readonly T[]) => ReactNode;
}

/**
 * Loading, failure and empty states of one list (spec 2 §2 'failed to load
 * data' + refresh). A failed background poll keeps the rows it has: only a
 * list with nothing to show reports the failure.
 */
export function ListState<T>({ query, emptyText, select, children }: ListStateProps<T>) {
  const { t } = useTranslation('trade');
  if (query.data) {
    const rows = select ? select(query.data) : query.data;
    return rows.length === 0 ? <p className="orders__empty">{emptyText}</p> : <>{children(rows)}</>;
  }
  if (query.isError) {
    return (
      <div className="orders__failed" role="alert">
        <p>{t('failedToLoad')}</p>
        <Button onClick={() => void query.refetch()}>{t('refresh')}</Button>
      </div>
    );
  }
  return <SkeletonRows rows={5} label={t('loadingOrders')} />;
}

/** The button under a paged list while it has more: reads the next page. */
export function LoadMore({ query }: { query: { data: readonly unknown[] | undefined; hasMore: boolean; loadingMore: boolean; loadMore: () => void } }) {
  const { t } = useTranslation('trade');
  if (!query.data || !query.hasMore) return null;
  return (
    <div className="orders__more">
      <Button disabled={query.loadingMore} onClick={query.loadMore}>
        {query.loadingMore ? t('loadingMore') : t('loadMore')}
      </Button>
    </div>
  );
}
