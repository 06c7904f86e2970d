import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chartDateTime } from '../../../domain/chartTime';
import type { ChartController } from './chartController';

/**
 * The chart's description for screen readers: which bars are in view. A pan
 * or a pinch changes it on every frame, so the text is written straight into
 * the node (no React render per frame), and it is not a live region: it is
 * read when the chart is, not announced on every move.
 */
export function ChartViewText({ controller, id, timeZone }: { controller: ChartController; id: string; timeZone: string }) {
  const { t } = useTranslation('chart');
  const node = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    controller.onView((view) => {
      if (!node.current) return;
      node.current.textContent = view
        ? t('main.view', { from: chartDateTime(view.from, timeZone), to: chartDateTime(view.to, timeZone), bars: view.bars })
        : t('main.viewEmpty');
    });
    return () => controller.onView(null);
  }, [controller, t, timeZone]);
  return <p ref={node} id={id} className="visually-hidden" data-testid="chart-view" />;
}
