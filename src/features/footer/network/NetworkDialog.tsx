import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ForcedPath } from '../../../domain/network/acceleration';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useRoutePicker } from '../useRoutePicker';
import { Sparkline } from './Sparkline';
import { SPARK_BUCKETS, SPARK_BUCKET_SECONDS, useNetworkView, type NetworkView } from './useNetworkView';
import { ArrowForwardIcon } from '../../../ui/icons';

const FORCED: readonly ForcedPath[] = ['auto', 'accelerated', 'cdn', 'origin'];

function Status({ view }: { view: NetworkView }) {
  const { t } = useTranslation('network');
  const { probe, h3, config } = view.state;
  return (
    <dl className="net-status">
      <dt>{t('currentPath')}</dt>
      <dd data-testid="net-current-path">
        <strong>{t(`path_${view.path}`)}</strong> — {t(`reason_${view.reason}`)}
      </dd>
      <dt>{t('sdkLevel')}</dt>
      <dd>{config ? t(`sdk_${config.sdkLevel}`) : t('unknown')}</dd>
      <dt>{t('probe')}</dt>
      <dd data-testid="net-probe">
        {probe
          ? t('probeAnswer', { err: probe.errCode, res: probe.resCode ?? '—', monitor: probe.monitorSwitch ? t('on') : t('off') }) + (probe.cached ? ` · ${t('cached')}` : '')
          : t('probePending')}
      </dd>
      <dt>{t('h3')}</dt>
      <dd>{h3 === null ? t('h3NotChecked') : h3.up ? t('h3Up', { ms: h3.ms ?? 0 }) : t('h3Down')}</dd>
    </dl>
  );
}

function PathTable({ view }: { view: NetworkView }) {
  const { t } = useTranslation('network');
  return (
    <table className="net-paths">
      <caption className="visually-hidden">{t('pathsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('pathHeader')}</th>
          <th scope="col">{t('latencyHeader')}</th>
          <th scope="col">{t('failuresHeader', { minutes: (SPARK_BUCKETS * SPARK_BUCKET_SECONDS) / 60 })}</th>
          <th scope="col">{t('trendHeader')}</th>
        </tr>
      </thead>
      <tbody>
        {view.rows.map((row) => (
          <tr key={row.path} data-path={row.path} data-down={row.down || undefined}>
            <th scope="row">
              {t(`path_${row.path}`)}
              {row.down && <span className="net-paths__down"> · {t('down')}</span>}
              <div className="net-paths__host" dir="ltr">{row.host ?? t('noHost')}</div>
            </th>
            <td dir="ltr" data-testid={`net-latency-${row.path}`}>{row.latencyMs === null ? '—' : t('ms', { ms: row.latencyMs })}</td>
            <td data-testid={`net-failures-${row.path}`}>{row.failures}</td>
            <td>
              <Sparkline points={row.points} label={t('trendLabel', { path: t(`path_${row.path}`) })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const SHOWN_SWITCHES = 5;

/** The last path changes, newest first: when a call moved to another path, and why. */
function Switches({ view }: { view: NetworkView }) {
  const { t, i18n } = useTranslation('network');
  const titleId = useId();
  const recent = view.state.switches.slice(-SHOWN_SWITCHES).reverse();
  return (
    <section className="net-switches" aria-labelledby={titleId}>
      <h3 id={titleId} className="net-switches__title">{t('switchesTitle')}</h3>
      {recent.length === 0 ? (
        <p className="net-switches__none">{t('switchesNone')}</p>
      ) : (
        <ol className="net-switches__list" data-testid="net-switches">
          {recent.map((change) => (
            <li key={`${change.at}-${change.from}-${change.to}`}>
              <time dir="ltr" dateTime={new Date(change.at).toISOString()}>{new Date(change.at).toLocaleTimeString(i18n.language, { hour12: false })}</time>{' '}
              {t(`path_${change.from}`)} <ArrowForwardIcon label={t('switchedTo')} /> {t(`path_${change.to}`)} — {t(`why_${change.why}`)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RouteChoices() {
  const { t } = useTranslation('network');
  const { t: tf } = useTranslation('footer');
  const { options, choose } = useRoutePicker();
  const name = useId();
  return (
    <fieldset className="net-choices">
      <legend>{t('route')}</legend>
      {options.map((option) => (
        <label key={option.key}>
          <input type="radio" name={name} checked={option.selected} onChange={() => choose(option.choice)} />
          {option.number === null ? tf('auto') : tf('routeN', { n: option.number })}
          <span dir="ltr" className="net-choices__ms">{option.latencyMs === null ? '' : ` ${tf('latencyMs', { ms: option.latencyMs })}`}</span>
        </label>
      ))}
    </fieldset>
  );
}

function PathSwitch({ view }: { view: NetworkView }) {
  const { t } = useTranslation('network');
  const name = useId();
  return (
    <fieldset className="net-choices">
      <legend>{t('forceLegend')}</legend>
      {FORCED.map((path) => (
        <label key={path}>
          <input type="radio" name={name} checked={view.state.forced === path} onChange={() => view.force(path)} />
          {path === 'auto' ? t('forceAuto') : t(`path_${path}`)}
        </label>
      ))}
      <label className="net-choices__cdn">
        <input type="checkbox" checked={view.state.autoCdn} onChange={(event) => view.setAutoCdn(event.target.checked)} />
        {t('autoCdn')}
      </label>
    </fieldset>
  );
}

/** The network view (issue 24): the path calls take and why, each path's latency and failures, the route and the testing switch. */
export function NetworkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('network');
  const view = useNetworkView(open);
  return (
    <Dialog open={open} title={t('title')} onClose={onClose} wide actions={<Button onClick={onClose}>{t('close')}</Button>}>
      {open && (
        <div className="net-view">
          <Status view={view} />
          <PathTable view={view} />
          <Switches view={view} />
          <div className="net-view__controls">
            <RouteChoices />
            <PathSwitch view={view} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
