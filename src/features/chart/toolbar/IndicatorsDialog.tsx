import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_INDICATORS,
  addIndicator,
  checkIndicatorParam,
  normalizeIndicators,
  type IndicatorParamRule,
} from '../../../domain/chartDialogs';
import { INDICATOR_IDS, type IndicatorConfig, type IndicatorId } from '../../../domain/chartModel';
import { ToolDialog } from './ToolDialog';
import { IndicatorsIcon } from './icons';
import { IndicatorRow, type IndicatorDraft } from './IndicatorRow';
import './toolbar.css';

/** One parameter as the indicator module defines it. */
export interface IndicatorParamDefinition extends IndicatorParamRule {
  /** the input's step arrows */
  step: number;
}

/** The parameter definitions of every indicator, passed in by the chart (the indicator module owns them). */
export type IndicatorDefinitions = Record<IndicatorId, { params: IndicatorParamDefinition[] }>;

export interface IndicatorsDialogProps {
  value: IndicatorConfig[];
  definitions: IndicatorDefinitions;
  onChange: (list: IndicatorConfig[]) => void;
}

const toDraft = (config: IndicatorConfig): IndicatorDraft => ({ config, texts: config.params.map(String) });

/**
 * The Indicators button and dialog: add any of the 8 indicators (the same one
 * more than once, up to 10 in all), edit parameters, remove. A parameter that
 * breaks its rule shows why next to the field, and OK is refused until it is
 * fixed; Cancel or Escape drops every change.
 */
export function IndicatorsDialog({ value, definitions, onChange }: IndicatorsDialogProps) {
  const { t } = useTranslation('chart');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<IndicatorDraft[]>([]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const rulesOf = (id: IndicatorId) => definitions[id]?.params ?? [];

  const openDialog = () => {
    setDraft(normalizeIndicators(value, rulesOf).map(toDraft));
    setOpen(true);
  };
  const add = (id: IndicatorId) => {
    setDraft((rows) => {
      const next = addIndicator(rows.map((r) => r.config), id, rulesOf(id));
      return next.length === rows.length ? rows : [...rows, toDraft(next[next.length - 1] as IndicatorConfig)];
    });
  };
  const update = (key: string, texts: string[]) =>
    setDraft((rows) => rows.map((r) => (r.config.key === key ? { ...r, texts } : r)));
  const remove = (key: string) => setDraft((rows) => rows.filter((r) => r.config.key !== key));

  const apply = () => {
    const list: IndicatorConfig[] = [];
    for (const row of draft) {
      const params: number[] = [];
      for (const [i, rule] of rulesOf(row.config.id).entries()) {
        const check = checkIndicatorParam(row.texts[i] ?? '', rule);
        if (!check.ok) {
          bodyRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
          return;
        }
        params.push(check.value);
      }
      list.push({ ...row.config, params });
    }
    onChange(list);
    setOpen(false);
  };

  const full = draft.length >= MAX_INDICATORS;
  return (
    <ToolDialog
      icon={<IndicatorsIcon />}
      text={t('toolbar.indicators')}
      title={t('toolbar.indicators')}
      open={open}
      onOpen={openDialog}
      onClose={() => setOpen(false)}
      onApply={apply}
    >
      {() => (
        <div className="ct-dialog ct-indicators" ref={bodyRef}>
          <section aria-labelledby={`${headingId}-add`}>
            <h3 id={`${headingId}-add`} className="ct-dialog__heading">{t('toolbar.addIndicator')}</h3>
            <ul className="ct-indicators__catalog">
              {INDICATOR_IDS.map((id) => (
                <li key={id}>
                  <button
                    type="button"
                    className="ct-button ct-indicators__add"
                    disabled={full}
                    aria-label={t('toolbar.addNamed', { name: t(`toolbar.indicatorName_${id}`) })}
                    onClick={() => add(id)}
                  >
                    <span className="ct-indicators__id" dir="ltr">{id}</span>
                    <span>{t(`toolbar.indicatorName_${id}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {full && <p className="ct-hint" role="status">{t('toolbar.indicatorsFull', { max: MAX_INDICATORS })}</p>}
          </section>
          <section aria-labelledby={`${headingId}-active`}>
            <h3 id={`${headingId}-active`} className="ct-dialog__heading">
              {t('toolbar.activeIndicators', { n: draft.length, max: MAX_INDICATORS })}
            </h3>
            {draft.length === 0 ? (
              <p className="ct-hint">{t('toolbar.noIndicators')}</p>
            ) : (
              <ul className="ct-indicators__active">
                {draft.map((row) => (
                  <IndicatorRow
                    key={row.config.key}
                    row={row}
                    rules={rulesOf(row.config.id)}
                    onTexts={(texts) => update(row.config.key, texts)}
                    onRemove={() => remove(row.config.key)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </ToolDialog>
  );
}
