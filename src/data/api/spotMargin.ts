import type { LeverageSettings, MarginMode } from '../../domain/order-entry/leverage';
import { getJson, MalformedResponseError, postJson } from '../http';
import { bool, list, num, record, str } from './parse';

/** A unified account's spot-margin settings, the leverage confirmation and quiz (docs/api/assets.md). */
export const SPOT_MARGIN_API = {
  settings: '/unified/api/spot_margin/settings',
  confirm: '/unified/api/spot_margin/confirm',
  quiz: '/unified/api/spot_margin/quiz',
} as const;

const MODES: readonly MarginMode[] = ['REGULAR_MARGIN', 'ISOLATED_MARGIN'];

export function parseLeverageSettings(value: unknown): LeverageSettings {
  const o = record(value, 'spot margin settings');
  const marginMode = str(o, 'marginMode', 'spot margin settings');
  if (!(MODES as readonly string[]).includes(marginMode)) throw new MalformedResponseError(`spot margin settings.marginMode is not a margin mode (${marginMode})`);
  return {
    spotMargin: bool(o, 'spotMargin'),
    leverage: num(o, 'leverage', 'spot margin settings'),
    confirmed: bool(o, 'confirmed'),
    quizPassed: bool(o, 'quizPassed'),
    marginMode: marginMode as MarginMode,
  };
}

export interface QuizGrade {
  passed: boolean;
  /** question ids answered wrongly */
  wrong: string[];
  settings: LeverageSettings;
}

function parseQuizGrade(value: unknown): QuizGrade {
  const o = record(value, 'quiz grade');
  return {
    passed: bool(o, 'passed'),
    wrong: list(o.wrong, 'quiz grade.wrong').map((id) => String(id)),
    settings: parseLeverageSettings(o.settings),
  };
}

export const fetchLeverageSettings = (signal?: AbortSignal) => getJson(SPOT_MARGIN_API.settings, parseLeverageSettings, signal);
export const changeLeverageSettings = (change: { spotMargin?: boolean; leverage?: number }) => postJson(SPOT_MARGIN_API.settings, change, parseLeverageSettings);
export const confirmLeverage = () => postJson(SPOT_MARGIN_API.confirm, {}, parseLeverageSettings);
export const submitLeverageQuiz = (answers: Record<string, string>) => postJson(SPOT_MARGIN_API.quiz, { answers }, parseQuizGrade);
