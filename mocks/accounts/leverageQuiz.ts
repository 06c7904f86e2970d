/**
 * The leverage quiz a unified account passes before spot margin can be
 * switched on (spec 1 §5 "a passed test"). The page shows the questions and
 * their options (`src/domain/order-entry/leverage.ts`, texts in the locales);
 * only the exchange knows the answers, and grades them here.
 */
export const LEVERAGE_QUIZ_ANSWERS: Readonly<Record<string, string>> = {
  // What happens when the price moves against a leveraged position: the loss is multiplied by the leverage.
  loss: 'multiplied',
  // What is owed on a loan: the coins borrowed plus the interest, whatever the trade did.
  owe: 'loanAndInterest',
  // When the margin falls too low: the position is liquidated.
  liquidation: 'liquidated',
};

export interface QuizGrade {
  passed: boolean;
  /** question ids answered wrongly or not at all, in the quiz's order */
  wrong: string[];
}

/** Every question must be answered right; anything that is not an object of answers grades as nothing answered. */
export function gradeLeverageQuiz(answers: unknown): QuizGrade {
  const given = typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  const wrong = Object.entries(LEVERAGE_QUIZ_ANSWERS)
    .filter(([id, answer]) => !Object.hasOwn(given, id) || given[id] !== answer)
    .map(([id]) => id);
  return { passed: wrong.length === 0, wrong };
}
