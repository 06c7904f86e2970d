import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticePrefs } from '../../domain/orderNotices';
import { useNoticePrefs, useSystemNotices } from '../../data/noticePrefs';

/**
 * The order-notification and confirmation switches (spec 2 §3 `double_confirm`, §4, §5): shown
 * positively (on = notifications shown), stored on the exchange; a failed
 * save says so and the switch goes back. The background (system)
 * notification is this device's choice and the browser's permission.
 */
export function NoticeSettings() {
  const { t } = useTranslation('trade');
  const { prefs: stored, loaded, set } = useNoticePrefs();
  const system = useSystemNotices();
  const [failed, setFailed] = useState(false);
  // The switch follows the click in the same render (a controlled checkbox would otherwise snap back until the
  // save's optimistic update lands); a refused save puts it back and says so.
  const [draft, setDraft] = useState<NoticePrefs | null>(null);
  const prefs = draft ?? stored;
  const change = async (next: NoticePrefs) => {
    setDraft(next);
    const saved = await set(next);
    setFailed(!saved);
    setDraft(null);
  };
  const item = (label: string, checked: boolean, onChange: (on: boolean) => void, disabled = false) => (
    <li>
      <label className="trade-prefs__item">
        <input type="checkbox" checked={checked} disabled={!loaded || disabled} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
    </li>
  );
  return (
    <section className="trade-prefs__group" aria-labelledby="notice-settings-heading">
      <h3 id="notice-settings-heading" className="trade-prefs__heading">{t('notice_heading')}</h3>
      <ul className="trade-prefs__list">
        {item(t('notice_on'), !prefs.notifyClose, (on) => void change({ ...prefs, notifyClose: !on }))}
        {item(t('notice_fills'), !prefs.tradeNotifyClose, (on) => void change({ ...prefs, tradeNotifyClose: !on }), prefs.notifyClose)}
        {item(t('notice_sound'), prefs.successAudio, (on) => void change({ ...prefs, successAudio: on }), prefs.notifyClose || prefs.tradeNotifyClose)}
        {system.supported && item(t('notice_system'), system.on, (on) => void system.request(on), prefs.notifyClose || prefs.tradeNotifyClose)}
      </ul>
      <h3 className="trade-prefs__heading">{t('confirm_heading')}</h3>
      <ul className="trade-prefs__list">
        {item(t('confirm_cancelAll'), !prefs.cancelAllConfirmClose, (on) => void change({ ...prefs, cancelAllConfirmClose: !on }))}
      </ul>
      {failed && <p role="alert" className="trade-prefs__error">{t('pref_saveFailed')}</p>}
    </section>
  );
}
