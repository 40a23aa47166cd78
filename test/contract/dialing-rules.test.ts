// The dialing rules a campaign must keep carry a stable code: the screens word them by it.
import { describe, expect, it } from 'vitest';
import { CreateCampaignRequest, dialingRuleIssues } from '../../src-main/contract';

const BODY = {
  client_id: 101,
  name: 'Mora temprana',
  start_date: '2026-12-01',
  dialing_type: 'VERTICAL' as const,
  call_from: '09:00',
  call_to: '18:00',
  min_phone_priority: 0,
  max_phone_priority: 0,
  max_calls_per_case: 2,
};

describe('dialing rules', () => {
  it.each([
    [{ max_phone_priority: 2 }, 'vertical-same-priority', 'max_phone_priority', { problem: 'same_as', field: 'min_phone_priority', value: 0 }],
    [
      { dialing_type: 'HORIZONTAL_VERTICAL', min_phone_priority: 2, max_phone_priority: 1 },
      'max-below-min',
      'max_phone_priority',
      { problem: 'too_small', measure: 'value', bound: 'at_least', limit: 2 },
    ],
    [{ call_to: '08:00' }, 'window-order', 'call_to', { problem: 'order', after: 'call_from' }],
  ] as const)('%o breaks %s, said as an input problem too', (change, rule, field, problem) => {
    const body = { ...BODY, ...change };
    expect(dialingRuleIssues(body)).toEqual([expect.objectContaining({ rule, path: [field], problem })]);
    const parsed = CreateCampaignRequest.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((i) => i.code === 'custom')).toMatchObject({ path: [field], params: { rule, ...problem } });
  });

  it('a body that keeps them has none', () => {
    expect(dialingRuleIssues(BODY)).toEqual([]);
  });
});
