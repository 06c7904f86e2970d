import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSetAsideText, useDiscardSetAside, useSetAside } from '../../data/storedState';
import { Button } from '../../ui/Button';
import { downloadBlob } from '../../ui/downloadBlob';
import './announcements.css';

const FILE_NAME = 'saved-demo-accounts.json';

/**
 * Saved demo accounts the exchange could not restore (damaged, or written by
 * a newer version): it kept them aside rather than overwrite them and started
 * fresh. Said under the settings bar until the trader lets them go; they can
 * download the old data first. Nothing shows while nothing is set aside.
 */
export function StoredDataBanner() {
  const { t } = useTranslation('notice');
  const setAside = useSetAside();
  const discard = useDiscardSetAside();
  const [failed, setFailed] = useState<'download' | 'discard' | null>(null);
  if (!setAside) return null;

  const download = () => {
    setFailed(null);
    readSetAsideText().then((text) => downloadBlob(new Blob([text], { type: 'application/json' }), FILE_NAME), () => setFailed('download'));
  };
  const letGo = () => {
    setFailed(null);
    discard.mutate(undefined, { onError: () => setFailed('discard') });
  };

  return (
    <section className="stored-data" role="alert" aria-labelledby="stored-data-title">
      <div className="stored-data__text">
        <h2 id="stored-data-title" className="stored-data__title">{t('storedTitle')}</h2>
        <p>{t(`storedWhy_${setAside.kind}`)} {t('storedKept')}</p>
        {failed && <p className="stored-data__error">{t(failed === 'download' ? 'storedDownloadFailed' : 'storedDiscardFailed')}</p>}
      </div>
      <div className="stored-data__actions">
        <Button variant="secondary" onClick={download}>{t('storedDownload')}</Button>
        <Button variant="primary" onClick={letGo} disabled={discard.isPending}>{t('storedDiscard')}</Button>
      </div>
    </section>
  );
}
