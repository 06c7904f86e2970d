import { getJson, postJson } from '../http';
import { bool, list, num, record, str } from './parse';

/**
 * The replay and fault controls of a simulated exchange (the embedded one or
 * the local server; docs/api.md "Replay and fault controls"). A real exchange
 * does not answer them, and the page then shows no replay panel.
 */
export const REPLAY_PATH = '/mock/api/replay';
export const REPLAY_UPLOAD_PATH = '/mock/api/replay/upload';
export const FAULTS_PATH = '/mock/api/faults';

export interface ReplayState {
  time: number;
  speed: number;
  paused: boolean;
  feedPaused: boolean;
  session: string;
  sessions: string[];
  position: number;
  duration: number;
  loops: number;
  loaded: string[];
  events: number;
  offline: boolean;
  gateway: { connections: number; subscriptions: number; framesSent: number };
}

const strings = (value: unknown, what: string) => list(value, what).filter((v): v is string => typeof v === 'string');

export function parseReplayState(value: unknown): ReplayState {
  const o = record(value, 'replay status');
  const r = record(o.replay, 'replay');
  const g = record(o.gateway, 'gateway');
  return {
    time: num(r, 'time', 'replay'),
    speed: num(r, 'speed', 'replay'),
    paused: bool(r, 'paused'),
    feedPaused: bool(r, 'feedPaused'),
    session: str(r, 'session', 'replay'),
    sessions: strings(r.sessions, 'replay.sessions'),
    position: num(r, 'position', 'replay'),
    duration: num(r, 'duration', 'replay'),
    loops: num(r, 'loops', 'replay'),
    loaded: strings(r.loaded, 'replay.loaded'),
    events: num(r, 'events', 'replay'),
    offline: bool(o, 'offline'),
    gateway: {
      connections: num(g, 'connections', 'gateway'),
      subscriptions: num(g, 'subscriptions', 'gateway'),
      framesSent: num(g, 'framesSent', 'gateway'),
    },
  };
}

export type ReplayAction =
  | { action: 'speed'; speed: number }
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'seek'; position: number }
  | { action: 'session'; name: string };

export type FaultKind =
  | 'dropSockets'
  | 'stallPongs'
  | 'dropFrames'
  | 'duplicateFrames'
  | 'reorderFrames'
  | 'malformedFrame'
  | 'pauseFeed'
  | 'resumeFeed'
  | 'offline'
  | 'online';

export interface FaultRequest {
  kind: FaultKind;
  count?: number;
  ms?: number;
}

export function fetchReplayState(signal?: AbortSignal): Promise<ReplayState> {
  return getJson(REPLAY_PATH, parseReplayState, signal);
}

export function sendReplayAction(action: ReplayAction): Promise<ReplayState> {
  return postJson(REPLAY_PATH, action, parseReplayState);
}

export function sendFault(fault: FaultRequest): Promise<ReplayState> {
  return postJson(FAULTS_PATH, fault, parseReplayState);
}

export function uploadSession(file: Blob, name: string): Promise<ReplayState> {
  return postJson(`${REPLAY_UPLOAD_PATH}?name=${encodeURIComponent(name)}`, file, parseReplayState);
}
