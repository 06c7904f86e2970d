import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewardsHubLink } from './RewardsHubLink';
import { RoutePicker } from './RoutePicker';
import { NetworkButton } from './network/NetworkButton';
import './network/network.css';
import { SupportPanel } from './SupportPanel';
import { SymbolStrip } from './SymbolStrip';
import { useFooterSymbols } from './useFooterSymbols';
import './footer.css';

/** Footer bar (spec 1 §2.7): favorites and recents, the rewards hub, the route picker and customer service. */
export function FooterBar({ locale, base, quote }: { locale: string; base: string; quote: string }) {
  const { t } = useTranslation('footer');
  const { favorites, recents, ready, select } = useFooterSymbols(locale, base, quote);
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <footer id="footer-bar" className="footer-bar" data-symbol={`${base}${quote}`}>
      <div className="footer-bar__strips">
        <SymbolStrip
          title={t('favorites')}
          emptyTitle={t('favoritesEmpty')}
          emptyHint={t('favoritesEmptyHint')}
          items={favorites}
          ready={ready}
          onSelect={select}
        />
        <SymbolStrip
          title={t('recents')}
          emptyTitle={t('recentsEmpty')}
          emptyHint={t('recentsEmptyHint')}
          items={recents}
          ready={ready}
          onSelect={select}
        />
      </div>
      <div className="footer-bar__tools">
        <RewardsHubLink />
        <RoutePicker />
        <NetworkButton />
        <button type="button" className="footer-button" aria-haspopup="dialog" onClick={() => setSupportOpen(true)}>
          {t('customerService')}
        </button>
      </div>
      <SupportPanel open={supportOpen} onClose={() => setSupportOpen(false)} />
    </footer>
  );
}
