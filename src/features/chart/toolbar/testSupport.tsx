/**
 * Test support for the toolbar's jsdom tests (imported by *.test.tsx only):
 * the real English texts through an i18next instance, and the parts of
 * <dialog> jsdom lacks.
 */
import { act, render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import chartEn from '../../../../locales/en/chart.json';

export function renderWithTexts(ui: ReactElement) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['chart'],
    resources: { en: { chart: chartEn } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

/** jsdom has <dialog> but not showModal/close: enough of them for open/close and the close event. */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** What the browser does on Escape in a modal dialog: a cancel event, then close. */
export function pressEscapeIn(dialog: HTMLElement) {
  act(() => {
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    (dialog as HTMLDialogElement).close();
  });
}
