import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeverageSettings } from '../domain/order-entry/leverage';
import { changeLeverageSettings, confirmLeverage, fetchLeverageSettings, submitLeverageQuiz } from './api/spotMargin';
import { useProfile } from './queries';

export type { QuizGrade } from './api/spotMargin';

/** Under 'user': an account switch drops it with the rest. */
export const leverageQueryKey = ['user', 'spotMargin'] as const;

/** A unified account's spot-margin settings (spec 1 §5: "leverage info is fetched"); null for other accounts. */
export function useLeverageSettings() {
  const profile = useProfile().data;
  const unified = (profile?.loggedIn ?? false) && profile?.accountType === 'UTA';
  const query = useQuery({ queryKey: leverageQueryKey, queryFn: ({ signal }) => fetchLeverageSettings(signal), enabled: unified });
  return { settings: unified ? (query.data ?? null) : null, query };
}

/**
 * The calls that change the settings: the confirmation, the quiz, the switch
 * and the leverage. Each answer is the settings the exchange stored (it
 * answers once they are durable); the maxima of account info follow them.
 */
export function useLeverageActions() {
  const client = useQueryClient();
  const stored = (settings: LeverageSettings) => {
    client.setQueryData(leverageQueryKey, settings);
    void client.invalidateQueries({ queryKey: ['user', 'accountInfo'] });
  };
  return {
    confirm: useMutation({ mutationFn: confirmLeverage, onSuccess: stored }),
    quiz: useMutation({ mutationFn: submitLeverageQuiz, onSuccess: (grade) => stored(grade.settings) }),
    change: useMutation({ mutationFn: changeLeverageSettings, onSuccess: stored }),
  };
}
