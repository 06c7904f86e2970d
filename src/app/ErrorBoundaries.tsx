import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLazyLoadError, panelRecovery } from '../domain/errors';
import { lastLazyReloadAt, markLazyReload } from '../data/reloadGuard';
import { Button } from '../ui/Button';

interface BoundaryState {
  error: unknown;
}

/** Last-resort fallback: something broke outside any panel. Spec: reloadTips + Reload. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <AppErrorFallback /> : this.props.children;
  }
}

export function AppErrorFallback() {
  // i18next may be what failed: the English text is the default value.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="app-error" role="alert">
      <p>{t('reloadTips', 'Something went wrong. Please reload the page.')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('reload', 'Reload')}
      </Button>
    </div>
  );
}

interface PanelBoundaryProps {
  /** Called before the panel re-renders after "refresh", e.g. to refetch its queries. */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Per-panel boundary (spec 1 §2.8): 'failed to load data' + refresh. A chunk
 * that failed to load means a new build is out: reload the page instead.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    const now = Date.now();
    if (panelRecovery(error, lastLazyReloadAt(), now) === 'reload') {
      markLazyReload(now);
      window.location.reload();
    }
  }

  private retry = () => {
    // React.lazy keeps a failed import: only a reload fetches the chunk again.
    if (isLazyLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? <PanelFallback onRetry={this.retry} /> : this.props.children;
  }
}

function PanelFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="panel-fallback" role="alert">
      <p>{t('failedToLoad', 'Failed to load data')}</p>
      <Button onClick={onRetry}>{t('refresh', 'Refresh')}</Button>
    </div>
  );
}
