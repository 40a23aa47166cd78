// The follow-up dialog opens on an option that holds cases, by the summary's counts; when none does,
// on the result names (and the dialog says why).
import { describe, expect, it } from 'vitest';
import { defaultFollowupChoice } from '../../../../src-renderer/src/components/results/followup-choice';

const counts = (over: Partial<Record<'non-final' | 'not-contacted' | 'no-promise', number>>) => ({
  all: 8,
  contacted: 8,
  'not-contacted': 0,
  final: 8,
  'non-final': 0,
  promise: 8,
  'no-promise': 0,
  ...over,
});

describe('the follow-up dialog opens on', () => {
  it.each([
    ['cases without a final result when there are some', counts({ 'non-final': 3, 'not-contacted': 2 }), 'non-final'],
    ['the cases not contacted when every case ended', counts({ 'not-contacted': 2, 'no-promise': 5 }), 'not-contacted'],
    ['the cases without a promise when those are all that is left', counts({ 'no-promise': 4 }), 'no-promise'],
    ['the result names when no outcome holds a case', counts({}), 'results'],
    ['the result names before the summary is read', null, 'results'],
  ])('%s', (_why, byFilter, expected) => {
    expect(defaultFollowupChoice(byFilter)).toBe(expected);
  });
});
