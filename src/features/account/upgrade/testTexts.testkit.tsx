import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import tradeEn from '../../../../locales/en/trade.json';
import upgradeEn from '../../../../locales/en/upgrade.json';

/** Renders with the English texts of the upgrade (and trade, for web2_will_update). */
export function renderWithTexts(ui: ReactElement) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en', ns: ['upgrade', 'trade'], defaultNS: 'upgrade', resources: { en: { upgrade: upgradeEn, trade: tradeEn } },
    initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

/** jsdom has <dialog> without showModal/close. */
export function polyfillDialog(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
