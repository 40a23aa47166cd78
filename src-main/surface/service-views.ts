// The service's objects turned into the surface's views (src-main/domain/service-views.ts): one pure
// function per wire type, the only place the wire's snake_case names meet ours; and the one way back,
// a new campaign into the service's create request.
import type { Bot, Call, Campaign, CampaignCase, CampaignListItem, CreateCampaignRequest, InboundCase, Utterance } from '../contract';
import type { NewCampaign } from '../domain/new-campaign';
import type { BotView, CampaignListItemView, CampaignView, InboundCaseView, ResultCallView, ResultCaseView, UtteranceView } from '../domain/service-views';

/** Leaves out the keys whose value is undefined, so an optional field the service left out stays out. */
function defined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, value]) => value !== undefined)) as T;
}

export function botView(bot: Bot): BotView {
  const last = bot.last_campaign;
  const status = bot.bot_status_last;
  return {
    id: bot.id,
    name: bot.name,
    alias: bot.alias,
    businessGroupName: bot.business_group_name,
    botType: bot.bot_type,
    conversationType: bot.conversation_type,
    lastCampaign: defined({
      name: last.name,
      status: last.status,
      percentageCompleted: last.percentage_completed,
      percentageCalled: last.percentage_called,
      finalCases: last.q_final_cases,
      loadedCases: last.q_loaded_cases,
      contactability: last.contactability,
      maxCallsPerCase: last.max_calls_per_case,
      phonePriority: last.phone_priority,
      dialingType: last.dialing_type,
      callFrom: last.call_from,
      callTo: last.call_to,
      startDate: last.start_date,
      workers: last.workers,
    }),
    status: defined({
      casesInProgress: status.cases_in_progress,
      totalCases: status.total_cases,
      endedWithoutError: status.case_distribution?.ended_without_error,
      endedWithError: status.case_distribution?.ended_with_error,
    }),
    errors: bot.error,
    activeWorkers: bot.active_wks,
    inactiveWorkers: bot.inactive_wks,
  };
}

export function campaignListItemView(item: CampaignListItem): CampaignListItemView {
  return {
    id: item.id,
    name: item.name,
    status: item.status,
    botDuration: item.bot_duration,
    dialingType: item.dialing_type,
    createdAt: item.created_at,
    firstCallTime: item.first_call_time,
    endTime: item.end_time,
    hours: item.hours,
    percentageCompleted: item.percentage_completed,
    maxCallsPerCase: item.max_calls_per_case,
    maxPhonePriority: item.max_phone_priority,
    finalCases: item.q_final_cases,
    contactability: item.contactability,
    firstCallDate: item.first_call_date,
    endDate: item.end_date,
  };
}

export function campaignView(c: Campaign): CampaignView {
  const { params: p, case_stats: s, metrics: m } = c;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    botId: c.bot,
    kind: c.conversation_type,
    closesEod: c.closes_eod,
    params: {
      callFrom: p.call_from,
      callTo: p.call_to,
      maxCallsPerCase: p.max_calls_per_case,
      dialingType: p.dialing_type,
      workers: p.workers,
      maxPhonePriority: p.max_phone_priority,
      minPhonePriority: p.min_phone_priority,
      startDate: p.start_date,
    },
    caseStats: { loaded: s.q_loaded_cases, filtered: s.q_filtered_cases, resting: s.q_resting_cases, final: s.q_final_cases },
    metrics: {
      status: m.status,
      percentageCompleted: m.percentage_completed,
      percentageCalled: m.percentage_called,
      successRate: m.success_rate,
      contactabilityRate: m.contactability_rate,
      botDuration: m.bot_duration,
      hours: m.hours,
    },
    createdAt: c.created_at,
  };
}

export function inboundCaseView(c: InboundCase): InboundCaseView {
  return {
    id: c.id,
    bot: { id: c.bot.id, name: c.bot.name, alias: c.bot.alias, type: c.bot.type },
    caseUuid: c.case_uuid,
    phone: c.phone,
    firstName: c.first_name,
    lastName: c.last_name,
    code: c.code,
    result: { id: c.case_result.result_id, name: c.case_result.name, isFinal: c.case_result.is_final, contacted: c.case_result.contacted },
    duration: c.case_duration,
    log: { responses: c.case_log.responses, transcription: c.case_log.transcription },
    extraMetadata: c.extra_metadata,
    recording: c.recording,
    isComplete: c.is_complete,
    status: c.status,
    lastUpdated: c.last_updated,
    isActive: c.is_active,
  };
}

/** The create request for a new campaign: what was left out stays out (the service's defaults). */
export function createCampaignRequest(c: NewCampaign): CreateCampaignRequest {
  return defined({
    client_id: c.botId,
    name: c.name,
    description: c.description,
    start_date: c.startDate,
    call_from: c.callFrom,
    call_to: c.callTo,
    closes_eod: c.closesEod,
    dialing_type: c.dialingType,
    min_phone_priority: c.minPhonePriority,
    max_phone_priority: c.maxPhonePriority,
    max_calls_per_case: c.maxCallsPerCase,
  });
}

const textOrEmpty = (value: unknown) => (typeof value === 'string' ? value : '');

export function resultCaseView(c: CampaignCase): ResultCaseView {
  const p = c.params;
  return {
    id: c.id,
    phone: c.phone,
    callCount: c.call_count,
    lastUpdated: c.last_updated,
    result: { id: c.case_result.result_id, name: c.case_result.name, isFinal: c.case_result.is_final },
    callDuration: c.call_duration,
    code: typeof p.code === 'string' ? p.code : null,
    firstName: textOrEmpty(p.first_name),
    lastName: textOrEmpty(p.last_name),
    commitment: textOrEmpty(p.commitment),
    gotPromise: typeof p.got_promise === 'boolean' ? p.got_promise : null,
    params: p,
  };
}

const utteranceView = (u: Utterance): UtteranceView => ({ text: u.text, confidence: u.confidence, time: u.time });

export function resultCallView(c: Call): ResultCallView {
  return {
    id: c.id,
    result: c.result,
    resultId: c.case_result,
    gatewayId: c.gateway_id,
    gatewayStatus: c.gateway_status,
    duration: c.duration,
    transcription: c.data.transcription.map(utteranceView),
    responses: c.data.responses.map(utteranceView),
    gotPromise: c.data.got_promise,
    commitment: c.data.commitment,
    extraMetadata: c.extra_metadata,
    isFinal: c.is_final,
    recording: c.recording,
    phone: c.phone,
    lastUpdated: c.last_updated,
  };
}
