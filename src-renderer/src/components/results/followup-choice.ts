// Which option the follow-up dialog opens on: never one that matches no case. Pure.
import type { CaseFilter, FollowupOutcome } from '../../../../src-main/surface/procedures';

/** The outcomes a follow-up batch can take, in the order the dialog offers them. */
export const FOLLOWUP_CHOICES = ['non-final', 'not-contacted', 'no-promise'] as const satisfies readonly FollowupOutcome[];

/** The first outcome that holds cases (by the summary's own counts); else the result names, with nothing chosen. */
export function defaultFollowupChoice(byFilter: Record<CaseFilter, number> | null | undefined): FollowupOutcome | 'results' {
  return FOLLOWUP_CHOICES.find((c) => (byFilter?.[c] ?? 0) > 0) ?? 'results';
}
