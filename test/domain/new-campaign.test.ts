import { describe, expect, it } from 'vitest';
import { NewCampaign, newCampaignRuleIssues } from '../../src-main/domain/new-campaign';

describe('a new campaign’s dialing rules', () => {
  it('are the contract’s, said with the surface’s field names', () => {
    expect(newCampaignRuleIssues({ dialingType: 'VERTICAL', minPhonePriority: 0, maxPhonePriority: 1 })).toEqual([
      { rule: 'vertical-same-priority', path: ['maxPhonePriority'], problem: { problem: 'same_as', field: 'minPhonePriority', value: 0 } },
    ]);
    expect(newCampaignRuleIssues({ callFrom: '10:00', callTo: '09:00' })).toEqual([
      { rule: 'window-order', path: ['callTo'], problem: { problem: 'order', after: 'callFrom' } },
    ]);
    expect(newCampaignRuleIssues({ dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2 })).toEqual([]);
  });

  it('refuse the campaign by its rule, at the field in our names', () => {
    const parsed = NewCampaign.safeParse({ botId: 1, name: 'x', minPhonePriority: 2, maxPhonePriority: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['maxPhonePriority'], params: expect.objectContaining({ rule: 'max-below-min' }) }),
    ]);
  });
});
