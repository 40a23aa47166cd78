import { describe, expect, it } from 'vitest';
import { Bot, Call, Campaign, CampaignCase, CampaignListItem, InboundCase } from '../../src-main/contract';
import { BotView, CampaignListItemView, CampaignView, InboundCaseView, ResultCallView, ResultCaseView } from '../../src-main/domain/service-views';
import {
  botView,
  campaignListItemView,
  campaignView,
  createCampaignRequest,
  inboundCaseView,
  resultCallView,
  resultCaseView,
} from '../../src-main/surface/service-views';

const BOT = Bot.parse({
  id: 7,
  name: 'Cobranzas',
  alias: 'cobranzas',
  business_group_name: 'Banco del Sur',
  internal_tags: [],
  external_tags: ['x'],
  bot_type: 'OUTBOUND',
  conversation_type: 'VOICE',
  last_campaign: { name: 'Marzo', status: 'ONGOING', percentage_completed: 42.5, q_final_cases: 3, call_from: '09:00:00' },
  bot_status_last: { cases_in_progress: 2, total_cases: 10, case_distribution: { ended_without_error: 7, ended_with_error: 1 } },
  error: 0,
  active_wks: 2,
  inactive_wks: 1,
  a_field_a_real_server_added: true,
});

const CAMPAIGN = Campaign.parse({
  id: 12,
  name: 'Marzo',
  description: 'Cartera de marzo',
  bot: 7,
  conversation_type: 'OUTBOUND_VOICE',
  closes_eod: true,
  params: {
    call_from: '09:00:00',
    call_to: '20:00:00',
    max_calls_per_case: 3,
    dialing_type: 'VERTICAL',
    workers: 4,
    max_phone_priority: 1,
    min_phone_priority: 0,
    start_date: '2026-03-02',
  },
  case_stats: { q_loaded_cases: 100, q_filtered_cases: 5, q_resting_cases: 20, q_final_cases: 75 },
  metrics: {
    status: 'ONGOING',
    percentage_completed: 75,
    percentage_called: 80,
    success_rate: '42.5%',
    contactability_rate: 61.2,
    bot_duration: null,
    hours: 3.5,
  },
  created_at: '2026-03-01T10:00:00Z',
});

const LIST_ITEM = CampaignListItem.parse({
  id: 12,
  name: 'Marzo',
  status: 'PAUSED',
  bot_duration: null,
  dialing_type: 'HORIZONTAL_VERTICAL',
  created_at: '2026-03-01T10:00:00Z',
  first_call_time: null,
  end_time: null,
  hours: 0,
  percentage_completed: 0,
  max_calls_per_case: 2,
  max_phone_priority: 3,
  q_final_cases: 0,
  contactability: 0,
  first_call_date: null,
  end_date: '2026-03-09',
});

const INBOUND = InboundCase.parse({
  id: 3,
  bot: { id: 9, name: 'Atención', alias: 'atencion', type: 'INBOUND' },
  case_uuid: 'u-1',
  phone: '5491100000000',
  first_name: 'Ana',
  last_name: 'Pérez',
  code: 'C-1',
  case_result: { result_id: 4, name: 'PROMESA', is_final: true, contacted: true },
  case_duration: '00:01:10',
  case_log: { responses: [{ text: 'sí' }], transcription: [{ text: 'hola', time: 1 }] },
  extra_metadata: { sucursal: 'Centro' },
  recording: 'https://example.test/r.mp3',
  is_complete: true,
  status: 'CLOSED',
  last_updated: '2026-03-02T11:00:00Z',
  is_active: false,
});

describe('service views', () => {
  it('names a bot in camelCase and leaves behind what the surface does not name', () => {
    const view = botView(BOT);
    expect(BotView.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      businessGroupName: 'Banco del Sur',
      botType: 'OUTBOUND',
      lastCampaign: { name: 'Marzo', status: 'ONGOING', percentageCompleted: 42.5, finalCases: 3, callFrom: '09:00:00' },
      status: { casesInProgress: 2, totalCases: 10, endedWithoutError: 7, endedWithError: 1 },
      activeWorkers: 2,
      inactiveWorkers: 1,
    });
    expect(Object.keys(view.lastCampaign)).toEqual(['name', 'status', 'percentageCompleted', 'finalCases', 'callFrom']);
    expect(JSON.stringify(view)).not.toContain('a_field_a_real_server_added');
  });

  it('keeps a bot without a last campaign nor a status empty', () => {
    const view = botView({ ...BOT, last_campaign: {}, bot_status_last: {} });
    expect(view.lastCampaign).toEqual({});
    expect(view.status).toEqual({});
  });

  it('maps a campaign, its params, case stats and metrics', () => {
    const view = campaignView(CAMPAIGN);
    expect(CampaignView.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      botId: 7,
      kind: 'OUTBOUND_VOICE',
      closesEod: true,
      params: { callFrom: '09:00:00', minPhonePriority: 0, maxPhonePriority: 1, startDate: '2026-03-02' },
      caseStats: { loaded: 100, filtered: 5, resting: 20, final: 75 },
      metrics: { successRate: '42.5%', contactabilityRate: 61.2, botDuration: null },
      createdAt: '2026-03-01T10:00:00Z',
    });
  });

  it('maps a campaign of the list', () => {
    const view = campaignListItemView(LIST_ITEM);
    expect(CampaignListItemView.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({ dialingType: 'HORIZONTAL_VERTICAL', finalCases: 0, firstCallDate: null, endDate: '2026-03-09', maxPhonePriority: 3 });
  });

  it('maps an inbound case and keeps its metadata whole', () => {
    const view = inboundCaseView(INBOUND);
    expect(InboundCaseView.parse(view)).toBeTruthy();
    expect(view).toMatchObject({
      caseUuid: 'u-1',
      firstName: 'Ana',
      lastName: 'Pérez',
      result: { id: 4, name: 'PROMESA', isFinal: true, contacted: true },
      duration: '00:01:10',
      log: { transcription: [{ text: 'hola', time: 1 }] },
      lastUpdated: '2026-03-02T11:00:00Z',
    });
    expect(view.extraMetadata).toEqual({ sucursal: 'Centro' });
  });

  it('maps a result case, naming what screens read of its params and keeping the params as loaded', () => {
    const found = CampaignCase.parse({
      id: 5,
      phone: 1,
      call_count: 2,
      last_updated: '2026-03-02T11:00:00Z',
      case_result: { result_id: 3, name: 'PROMESA', is_final: true },
      call_duration: '00:02:00',
      params: { code: 'C-5', first_name: 'Ana', last_name: 'Pérez', got_promise: true, sucursal: 'Centro' },
    });
    const view = resultCaseView(found);
    expect(ResultCaseView.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      callCount: 2,
      result: { id: 3, isFinal: true },
      code: 'C-5',
      firstName: 'Ana',
      lastName: 'Pérez',
      commitment: '',
      gotPromise: true,
    });
    expect(view.params).toMatchObject({ sucursal: 'Centro' });
    expect(resultCaseView({ ...found, params: {} })).toMatchObject({ code: null, firstName: '', gotPromise: null });
  });

  it('maps a call and what was said in it', () => {
    const call = Call.parse({
      id: 9,
      case_result: 3,
      result: 'PROMESA',
      gateway_id: 1,
      gateway_status: 'ANSWERED',
      duration: '00:01:00',
      data: { transcription: [{ text: 'BOT: hola', confidence: 0.9, time: 1 }], responses: [], result_id: 3, got_promise: true, commitment: '2026-03-10' },
      extra_metadata: {},
      update_url: 'https://example.test/u',
      result_url: 'https://example.test/r',
      is_final: true,
      recording: '',
      phone: '5491100000000',
      last_updated: '2026-03-02T11:00:00Z',
    });
    const view = resultCallView(call);
    expect(ResultCallView.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      resultId: 3,
      gatewayStatus: 'ANSWERED',
      gotPromise: true,
      commitment: '2026-03-10',
      transcription: [{ text: 'BOT: hola', time: 1 }],
    });
  });

  it('turns a new campaign into the create request, leaving out what was left out', () => {
    expect(createCampaignRequest({ botId: 7, name: 'Marzo', startDate: '2026-03-02', callFrom: '09:00', minPhonePriority: 0, maxPhonePriority: 2 })).toEqual({
      client_id: 7,
      name: 'Marzo',
      start_date: '2026-03-02',
      call_from: '09:00',
      min_phone_priority: 0,
      max_phone_priority: 2,
    });
  });
});
