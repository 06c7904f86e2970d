import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import tradeEn from '../../../../locales/en/trade.json';
import upgradeEn from '../../../../locales/en/upgrade.json';
import { englishTexts } from '../../../ui/englishTexts.testkit';

/** Renders with the English texts of the upgrade (and trade, for web2_will_update). */
export function renderWithTexts(ui: ReactElement) {
  const i18n = englishTexts({ upgrade: upgradeEn, trade: tradeEn });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
