import { useTranslation } from 'react-i18next';
import { ordersPanelLinks, type OrdersPanelTab } from '../../domain/ordersPanelTabs';
import type { OrderSubTab } from '../../domain/orderSubTabs';
import { useProfile } from '../../data/queries';

/**
 * Spec 2 §2 links out: the site's full list of what the tab shows, and on
 * historical tabs the spot performance page (not for demo accounts). They
 * open beside the trading page, which keeps its state.
 */
export function FullListLinks({ tab, subTab = 'ordinary' }: { tab: OrdersPanelTab; subTab?: OrderSubTab }) {
  const { t } = useTranslation('trade');
  const isDemo = useProfile().data?.isDemo ?? false;
  const links = ordersPanelLinks(tab, subTab, { isDemo });
  if (!links.fullList && !links.performance) return null;
  return (
    <span className="orders__links">
      {links.performance && (
        <a className="orders__link" href={links.performance} target="_blank" rel="noopener">
          {t('performanceLink')}
        </a>
      )}
      {links.fullList && (
        <a className="orders__link" href={links.fullList} target="_blank" rel="noopener">
          {t('viewAll')}
        </a>
      )}
    </span>
  );
}
