import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import { record } from './api/parse';
import { useProfile } from './queries';

export const OTC_GUIDED_PATH = '/spot/api/user/otc_guided';

/** Spec 2 §7 OTC guided status: reads `result.guided`; anything but true is "not guided". */
export function fetchOtcGuided(signal?: AbortSignal): Promise<boolean> {
  return getJson(OTC_GUIDED_PATH, (value) => record(value, 'otc guided').guided === true, signal);
}

/**
 * Whether the signed-in trader was guided through OTC, which picks where the
 * OTC tool leads (domain/tools toolLink); null for visitors and
 * until it answers — the link then takes the page that needs no guide.
 */
export function useOtcGuided(): boolean | null {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const query = useQuery({ queryKey: ['user', 'otcGuided'], queryFn: ({ signal }) => fetchOtcGuided(signal), enabled: loggedIn, staleTime: 5 * 60_000 });
  return loggedIn ? (query.data ?? null) : null;
}
