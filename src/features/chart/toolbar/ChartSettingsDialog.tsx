import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHART_TIMEZONES,
  normalizeChartSettings,
  parseHexColor,
  timezoneOffsetMinutes,
  utcOffsetLabel,
} from '../../../domain/chartDialogs';
import { DEFAULT_CHART_SETTINGS, type ChartSettings, type CrosshairMode, type PriceScaleMode } from '../../../domain/chartModel';
import { Button } from '../../../ui/Button';
import { ToolDialog } from './ToolDialog';
import { ColorField } from './ColorField';
import { SettingsIcon } from './icons';
import './toolbar.css';

export interface ChartSettingsDialogProps {
  value: ChartSettings;
  onChange: (settings: ChartSettings) => void;
}

/** The settings being edited; colours stay text until they are valid. */
interface Draft extends Omit<ChartSettings, 'upColor' | 'downColor'> {
  upText: string;
  downText: string;
}

const toDraft = ({ upColor, downColor, ...rest }: ChartSettings): Draft => ({ ...rest, upText: upColor, downText: downColor });

function Choice<T extends string>({ legend, name, options, value, onChange }: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="ct-choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="ct-choice__option">
          <input type="radio" name={name} checked={o.value === value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The chart settings button and dialog (spec 1 §2.3): up/down colours, grid
 * lines, crosshair, price scale and timezone (UTC by default, spec 1 §9).
 * Reset fills in the defaults; OK applies; Cancel or Escape drops changes.
 */
export function ChartSettingsDialog({ value, onChange }: ChartSettingsDialogProps) {
  const { t } = useTranslation('chart');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => toDraft(DEFAULT_CHART_SETTINGS));
  // Offsets are labelled for the moment the dialog opened (daylight saving moves them).
  const [openedAt, setOpenedAt] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);
  const name = useId();

  const openDialog = () => {
    setDraft(toDraft(normalizeChartSettings(value)));
    setOpenedAt(Date.now());
    setOpen(true);
  };
  const set = <K extends keyof Draft>(key: K, v: Draft[K]) => setDraft((d) => ({ ...d, [key]: v }));

  const apply = () => {
    const upColor = parseHexColor(draft.upText);
    const downColor = parseHexColor(draft.downText);
    if (!upColor || !downColor) {
      bodyRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const { gridVertical, gridHorizontal, crosshair, priceScale, timezone } = draft;
    onChange({ upColor, downColor, gridVertical, gridHorizontal, crosshair, priceScale, timezone });
    setOpen(false);
  };

  const zones: readonly string[] = CHART_TIMEZONES.includes(draft.timezone as (typeof CHART_TIMEZONES)[number])
    ? CHART_TIMEZONES
    : [...CHART_TIMEZONES, draft.timezone];
  const zoneLabel = (zone: string) => {
    if (zone === 'UTC') return 'UTC';
    const offset = timezoneOffsetMinutes(zone, openedAt);
    return offset === null ? zone : `(${utcOffsetLabel(offset)}) ${zone.replace(/_/g, ' ')}`;
  };

  return (
    <ToolDialog
      icon={<SettingsIcon />}
      ariaLabel={t('toolbar.settings')}
      title={t('toolbar.settings')}
      open={open}
      onOpen={openDialog}
      onClose={() => setOpen(false)}
      onApply={apply}
      extraActions={
        <Button variant="ghost" className="ct-actions__start" onClick={() => setDraft(toDraft(DEFAULT_CHART_SETTINGS))}>
          {t('toolbar.resetDefaults')}
        </Button>
      }
    >
      {() => (
        <div className="ct-dialog ct-settings" ref={bodyRef}>
          <ColorField label={t('toolbar.upColor')} text={draft.upText} fallback={DEFAULT_CHART_SETTINGS.upColor} onText={(v) => set('upText', v)} />
          <ColorField label={t('toolbar.downColor')} text={draft.downText} fallback={DEFAULT_CHART_SETTINGS.downColor} onText={(v) => set('downText', v)} />
          <fieldset className="ct-choice">
            <legend>{t('toolbar.grid')}</legend>
            <label className="ct-choice__option">
              <input type="checkbox" checked={draft.gridVertical} onChange={(e) => set('gridVertical', e.target.checked)} />
              {t('toolbar.gridVertical')}
            </label>
            <label className="ct-choice__option">
              <input type="checkbox" checked={draft.gridHorizontal} onChange={(e) => set('gridHorizontal', e.target.checked)} />
              {t('toolbar.gridHorizontal')}
            </label>
          </fieldset>
          <Choice<CrosshairMode>
            legend={t('toolbar.crosshair')}
            name={`${name}-crosshair`}
            value={draft.crosshair}
            onChange={(v) => set('crosshair', v)}
            options={[
              { value: 'normal', label: t('toolbar.crosshair_normal') },
              { value: 'magnet', label: t('toolbar.crosshair_magnet') },
            ]}
          />
          <Choice<PriceScaleMode>
            legend={t('toolbar.priceScale')}
            name={`${name}-scale`}
            value={draft.priceScale}
            onChange={(v) => set('priceScale', v)}
            options={[
              { value: 'normal', label: t('toolbar.priceScale_normal') },
              { value: 'log', label: t('toolbar.priceScale_log') },
              { value: 'percent', label: t('toolbar.priceScale_percent') },
            ]}
          />
          <div className="ct-field">
            <label htmlFor={`${name}-tz`}>{t('toolbar.timezone')}</label>
            <select id={`${name}-tz`} className="ct-input" value={draft.timezone} onChange={(e) => set('timezone', e.target.value)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </ToolDialog>
  );
}
