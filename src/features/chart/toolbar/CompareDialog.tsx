import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_COMPARE, compareCandidates, toggleCompare, type CompareSymbol } from '../../../domain/chartDialogs';
import { ToolDialog } from './ToolDialog';
import { CompareIcon } from './icons';
import './toolbar.css';

export interface CompareDialogProps {
  symbols: CompareSymbol[];
  /** the symbol on the chart, never offered */
  current: string;
  /** symbolIds compared now */
  value: string[];
  onChange: (list: string[]) => void;
}

/**
 * The Compare button and dialog: search the symbols, add up to 3 to overlay
 * in percent, remove them again. OK applies; Cancel or Escape drops changes.
 */
export function CompareDialog({ symbols, current, value, onChange }: CompareDialogProps) {
  const { t } = useTranslation('chart');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const ids = useId();

  const nameOf = (symbolId: string) => {
    const s = symbols.find((x) => x.symbolId === symbolId);
    return s ? `${s.base}/${s.quote}` : symbolId;
  };
  const openDialog = () => {
    // A saved list may name the current symbol, repeat one or hold too many: start from a clean one.
    const clean = value.reduce<string[]>((list, id) => (id === current || list.includes(id) ? list : toggleCompare(list, id)), []);
    setDraft(clean);
    setQuery('');
    setOpen(true);
  };
  const apply = () => {
    onChange(draft);
    setOpen(false);
  };

  const candidates = compareCandidates(symbols, current, query);
  const full = draft.length >= MAX_COMPARE;
  return (
    <ToolDialog
      icon={<CompareIcon />}
      text={t('toolbar.compare')}
      title={t('toolbar.compareTitle')}
      open={open}
      onOpen={openDialog}
      onClose={() => setOpen(false)}
      onApply={apply}
    >
      {() => (
        <div className="ct-dialog ct-compare">
          <section aria-labelledby={`${ids}-chosen`}>
            <h3 id={`${ids}-chosen`} className="ct-dialog__heading">
              {t('toolbar.compared', { n: draft.length, max: MAX_COMPARE })}
            </h3>
            {draft.length === 0 ? (
              <p className="ct-hint">{t('toolbar.compareEmpty')}</p>
            ) : (
              <ul className="ct-chips">
                {draft.map((id) => (
                  <li key={id} className="ct-chip">
                    <span dir="ltr">{nameOf(id)}</span>
                    <button
                      type="button"
                      className="ct-remove"
                      aria-label={t('toolbar.removeNamed', { name: nameOf(id) })}
                      onClick={() => setDraft((list) => toggleCompare(list, id))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {full && <p className="ct-hint" role="status">{t('toolbar.compareFull', { max: MAX_COMPARE })}</p>}
          </section>
          <input
            type="search"
            className="ct-input ct-compare__search"
            aria-label={t('toolbar.searchSymbols')}
            placeholder={t('toolbar.searchSymbols')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {candidates.length === 0 ? (
            <p className="ct-hint">{t('toolbar.noSymbols')}</p>
          ) : (
            <ul className="ct-compare__list" aria-label={t('toolbar.symbols')}>
              {candidates.map((s) => {
                const chosen = draft.includes(s.symbolId);
                return (
                  <li key={s.symbolId}>
                    <button
                      type="button"
                      className="ct-compare__item"
                      aria-pressed={chosen}
                      disabled={!chosen && full}
                      onClick={() => setDraft((list) => toggleCompare(list, s.symbolId))}
                    >
                      <span dir="ltr">{`${s.base}/${s.quote}`}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </ToolDialog>
  );
}
