import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CountdownOverlay } from './CountdownOverlay';
import { useSymbolOpening } from './useSymbolOpening';

/**
 * Shows the symbol's opening countdown instead of the chart (spec 1 §2.3,
 * §2.8, §4). Keyed by symbol: a new symbol starts its own flow from scratch.
 */
export function SymbolNoticeGate({ base, quote, children }: { base: string; quote: string; children: ReactNode }) {
  const symbolId = `${base}${quote}`;
  return (
    <NoticeGate key={symbolId} symbolId={symbolId} symbolName={`${base}/${quote}`}>
      {children}
    </NoticeGate>
  );
}

function NoticeGate({ symbolId, symbolName, children }: { symbolId: string; symbolName: string; children: ReactNode }) {
  const { t } = useTranslation('notice');
  const view = useSymbolOpening(symbolId);
  switch (view.kind) {
    case 'open':
      return <>{children}</>;
    case 'loading':
      return (
        <div className="countdown">
          <Spinner label={t('loadingNotice')} />
        </div>
      );
    case 'error':
      return (
        <div className="countdown" role="alert">
          <p>{t('noticeFailed')}</p>
          <Button onClick={view.retry}>{t('refresh')}</Button>
        </div>
      );
    case 'pending':
      return <CountdownOverlay symbolName={symbolName} notice={view.notice} remainingMs={null} />;
    case 'counting':
      return <CountdownOverlay symbolName={symbolName} notice={view.notice} remainingMs={view.remainingMs} />;
    case 'confirming':
      return <CountdownOverlay symbolName={symbolName} notice={view.notice} remainingMs={0} confirming />;
  }
}
