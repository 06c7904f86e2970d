import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayState } from '../../data/api/replay';
import { useReplayAction, useUploadSession } from '../../data/replayQueries';
import { Button } from '../../ui/Button';
import { SPEEDS, formatPosition } from './format';

const SEEK_SETTLE_MS = 400;

/** Play/pause, speed, seek and session choice of the simulated exchange's replay. */
export function ReplayControls({ state }: { state: ReplayState }) {
  const { t } = useTranslation('replay');
  const action = useReplayAction();
  const upload = useUploadSession();
  const [seekTo, setSeekTo] = useState<number | null>(null);
  const ids = { speed: useId(), seek: useId(), session: useId(), file: useId() };
  const shownPosition = seekTo ?? state.position;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate({ file, name: file.name });
  };
  // A seek replays everything up to the target: send one when the user stops moving the slider, not one per key.
  const seekTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitSeek = (position: number | null = seekTo) => {
    if (seekTimer.current !== null) clearTimeout(seekTimer.current);
    seekTimer.current = null;
    if (position === null) return;
    action.mutate({ action: 'seek', position }, { onSettled: () => setSeekTo(null) });
  };
  const moveSlider = (position: number) => {
    setSeekTo(position);
    if (seekTimer.current !== null) clearTimeout(seekTimer.current);
    seekTimer.current = setTimeout(() => commitSeek(position), SEEK_SETTLE_MS);
  };
  useEffect(() => () => void (seekTimer.current !== null && clearTimeout(seekTimer.current)), []);
  const problem = action.error ?? upload.error;

  return (
    <section className="replay__section" aria-label={t('controls')}>
      <div className="replay__row">
        <Button variant="primary" onClick={() => action.mutate({ action: state.paused ? 'resume' : 'pause' })} data-testid="replay-play">
          {state.paused ? t('play') : t('pause')}
        </Button>
        <label htmlFor={ids.speed}>{t('speed')}</label>
        <select id={ids.speed} value={state.speed} onChange={(e) => action.mutate({ action: 'speed', speed: Number(e.target.value) })}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>{`${s}×`}</option>
          ))}
        </select>
      </div>
      <div className="replay__row">
        <label htmlFor={ids.seek}>{t('position')}</label>
        <input
          id={ids.seek}
          type="range"
          min={0}
          max={state.duration}
          step={1000}
          value={shownPosition}
          aria-valuetext={`${formatPosition(shownPosition)} / ${formatPosition(state.duration)}`}
          onChange={(e) => moveSlider(Number(e.target.value))}
          onPointerUp={() => commitSeek()}
        />
        <output dir="ltr" className="replay__num">{`${formatPosition(shownPosition)} / ${formatPosition(state.duration)}`}</output>
      </div>
      <div className="replay__row">
        <label htmlFor={ids.session}>{t('session')}</label>
        <select id={ids.session} value={state.session} onChange={(e) => action.mutate({ action: 'session', name: e.target.value })}>
          {state.sessions.map((name) => (
            <option key={name} value={name}>{name === 'demo' ? t('demoSession') : name}</option>
          ))}
        </select>
        <label className="btn btn--secondary" htmlFor={ids.file}>{t('loadFile')}</label>
        <input id={ids.file} className="visually-hidden" type="file" accept=".gz,.jsonl,application/gzip" onChange={onFile} />
      </div>
      {upload.isPending && <p role="status">{t('loadingFile')}</p>}
      {problem && <p role="alert" className="replay__error">{t('controlFailed', { message: problem.message })}</p>}
    </section>
  );
}
