import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchReplayState,
  sendFault,
  sendReplayAction,
  uploadSession,
  type FaultRequest,
  type ReplayAction,
  type ReplayState,
} from './api/replay';

const replayKey = ['mock', 'replay'] as const;

/** The replay's state, refreshed every second while someone looks at it. */
export function useReplayState(live: boolean) {
  return useQuery({ queryKey: replayKey, queryFn: ({ signal }) => fetchReplayState(signal), refetchInterval: live ? 1000 : false, retry: false });
}

/**
 * Whether the exchange behind the page is a simulated one with replay
 * controls: a real exchange answers 404 and the panel stays hidden. The same
 * query as the panel's, so an opened panel starts from what the probe read.
 */
export function useReplayAvailable(): boolean {
  return useReplayState(false).data !== undefined;
}

function useReplayMutation<T>(send: (input: T) => Promise<ReplayState>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (state) => client.setQueryData(replayKey, state) });
}

export const useReplayAction = () => useReplayMutation((action: ReplayAction) => sendReplayAction(action));
export const useFault = () => useReplayMutation((fault: FaultRequest) => sendFault(fault));
export const useUploadSession = () => useReplayMutation(({ file, name }: { file: Blob; name: string }) => uploadSession(file, name));
