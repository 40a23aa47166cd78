// The contract reads what a real server sends: unknown fields are kept, never fatal.
import { describe, expect, it } from 'vitest';
import { Bot, Campaign, CampaignListItem, caseKeyedJson, CreateCampaignRequest, UploadBody, UploadRejectionsBody } from '../../src-main/contract';
import { aBotBody } from '../support/wire-bodies';

const campaign = {
  id: 7,
  name: 'Mora',
  description: '',
  bot: 101,
  conversation_type: 'OUTBOUND_VOICE',
  closes_eod: false,
  params: {
    call_from: '09:00:00',
    call_to: '20:00:00',
    max_calls_per_case: 2,
    dialing_type: 'VERTICAL',
    workers: 5,
    max_phone_priority: 0,
    min_phone_priority: 0,
    start_date: '2026-11-23',
  },
  case_stats: { q_loaded_cases: 0, q_filtered_cases: 0, q_resting_cases: 0, q_final_cases: 0 },
  metrics: { status: 'PAUSED', percentage_completed: 0, percentage_called: 0, success_rate: '0.00%', contactability_rate: 0, bot_duration: null, hours: 0 },
  created_at: '2026-11-22T18:00:00.123Z',
};

describe('tolerant parsing', () => {
  it('keeps fields the spec does not list, at any depth', () => {
    const parsed = Campaign.parse({ ...campaign, owner: 'x', metrics: { ...campaign.metrics, eta: 12 } });
    expect(parsed).toMatchObject({ owner: 'x', metrics: { eta: 12 } });
  });

  it('accepts states the spec does not name and an offset in created_at', () => {
    expect(Campaign.parse({ ...campaign, metrics: { ...campaign.metrics, status: 'FINISHED' }, created_at: '2026-11-22T15:00:00-03:00' }).metrics.status).toBe(
      'FINISHED',
    );
  });

  it('reads the empty objects of a bot with no campaign', () => {
    const bot = Bot.parse(aBotBody());
    expect(bot.last_campaign).toEqual({});
  });

  it('accepts null times in a campaign list item that has no call yet', () => {
    const item = {
      id: 1,
      name: 'x',
      status: 'PAUSED',
      bot_duration: null,
      dialing_type: 'VERTICAL',
      created_at: 'x',
      first_call_time: null,
      end_time: null,
      hours: 0,
      percentage_completed: 0,
      max_calls_per_case: 1,
      max_phone_priority: 0,
      q_final_cases: 0,
      contactability: 0,
      first_call_date: null,
      end_date: null,
    };
    expect(CampaignListItem.safeParse(item).success).toBe(true);
  });

  it('reports a mismatch with its JSON path', () => {
    const result = Campaign.safeParse({ ...campaign, params: { ...campaign.params, call_from: '9am' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['params', 'call_from']);
  });
});

describe('case-keyed bodies', () => {
  it('keep "__proto__" and "constructor" as case codes, both ways', () => {
    const json = caseKeyedJson([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['toString', 'c'],
    ]);
    expect(json).toBe('{"__proto__":"a","constructor":"b","toString":"c"}');
    const parsed = UploadRejectionsBody.parse({ message: 'm', Errors: [JSON.parse(json)] });
    expect(parsed.Errors.flat()).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['toString', 'c'],
    ]);
    expect(Object.prototype).not.toHaveProperty('a');
  });

  it('report a bad case under its code', () => {
    const result = UploadBody.safeParse(JSON.parse('{"__proto__": {"first_name": 1}}'));
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((i) => i.path[0] === '__proto__' && i.path[1] === 'first_name')).toBe(true);
  });

  it('refuse arrays and non-objects', () => {
    expect(UploadBody.safeParse([]).success).toBe(false);
    expect(UploadBody.safeParse('x').success).toBe(false);
  });
});

describe('CreateCampaignRequest', () => {
  it('says why VERTICAL needs min = max priority and why the window must not be reversed', () => {
    const result = CreateCampaignRequest.safeParse({
      client_id: 1,
      name: 'x',
      dialing_type: 'VERTICAL',
      min_phone_priority: 0,
      max_phone_priority: 2,
      call_from: '20:00',
      call_to: '09:00',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['max_phone_priority', 'call_to']);
    expect(
      CreateCampaignRequest.safeParse({ client_id: 1, name: 'x', dialing_type: 'HORIZONTAL_VERTICAL', min_phone_priority: 0, max_phone_priority: 2 }).success,
    ).toBe(true);
  });
});
