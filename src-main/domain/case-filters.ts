// The ways a campaign's stored results can be narrowed, by name: shared by the main process, which
// decides them (results/case-figures.ts), and the results screen, which offers them. Pure.

/** The results list's filters; the follow-up outcomes are three of them. */
export const CASE_FILTERS = ['all', 'contacted', 'not-contacted', 'final', 'non-final', 'promise', 'no-promise'] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];
