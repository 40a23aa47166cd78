// What the bot did: campaign cases, their calls, recordings, and inbound cases.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AUDIO_NOT_FOUND, DEFAULT_INBOUND_FILTER_PARAMS, IsoDate, paths, type Call, type CampaignCase } from '../contract';
import { userBots, userOwnsBot } from './accounts';
import { synthesizeCallAudio } from './call-audio';
import { formatDuration } from './call-scripts';
import { resultById } from './case-results';
import { getCampaign } from './campaigns';
import { getInboundRow, inboundView, listInbound } from './inbound';
import { NOT_FOUND, offsetLinks, originOf, positiveIntParam, readOffsetQuery } from './http-kit';
import { combinedKind, ownedCampaign, type RouteDeps } from './routes-campaigns';
import type { CaseRow } from './emulator-db';

interface CallRow {
  id: number;
  case_id: number;
  campaign_id: number;
  phone: string;
  outcome: string;
  result_id: number;
  is_final: number;
  duration_s: number;
  data: string;
  gateway_id: number;
  audio_seed: number;
  last_updated: string;
}

function caseView(row: CaseRow): CampaignCase {
  const products = JSON.parse(row.products) as { pid: string; debt: string; expiration: string }[];
  const uploaded = JSON.parse(row.params) as Record<string, unknown>;
  const result = resultById(row.result_id);
  const phones = JSON.parse(row.phones) as string[];
  return {
    id: row.id,
    phone: Number(row.last_phone ?? phones[0] ?? 0),
    call_count: row.call_count,
    last_updated: row.last_updated,
    case_result: { result_id: result.id, name: result.name, is_final: row.is_final === 1 },
    call_duration: formatDuration(row.talk_seconds),
    params: {
      ...uploaded,
      // The uploaded case code, echoed so a client can read back what was loaded.
      code: row.code,
      first_name: row.first_name,
      last_name: row.last_name,
      product: products[0]?.pid ?? '',
      debt: Math.round(products.reduce((sum, p) => sum + Number(p.debt), 0) * 100) / 100,
      expiration: products[0]?.expiration ?? '',
      got_promise: row.got_promise === 1,
      commitment: row.commitment,
    },
  };
}

function callView(row: CallRow, origin: string): Call {
  const result = resultById(row.result_id);
  const caseUrl = `${origin}${paths.campaignCase(row.campaign_id, row.case_id)}`;
  return {
    id: row.id,
    case_result: row.result_id,
    result: result.callResult,
    gateway_id: row.gateway_id,
    gateway_status: result.gatewayStatus,
    duration: formatDuration(row.duration_s),
    data: JSON.parse(row.data) as Call['data'],
    extra_metadata: {},
    // Purpose not shown by the spec; the emulator points both at the case.
    update_url: caseUrl,
    result_url: caseUrl,
    is_final: row.is_final === 1,
    recording: `${origin}${paths.outboundRecording(row.id)}`,
    phone: row.phone,
    last_updated: row.last_updated,
  };
}

/** Recordings are short: a tenth of the call, between 2 and 12 seconds, so the demo stays light. */
const clipSeconds = (durationS: number) => Math.min(12, Math.max(2, durationS / 10));

export function resultRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { core } = deps;
  // Its length declared even when the faults send it slowly, as a real server's file would be.
  const sendRecording = (reply: FastifyReply, type: string, audio: Uint8Array) => {
    const bytes = Buffer.from(audio);
    return reply.type(type).header('content-length', bytes.length).send(deps.faults.recordingBody(bytes));
  };
  const caseRow = (campaignId: number, caseIdText: string) => {
    const caseId = positiveIntParam(caseIdText);
    return caseId === null
      ? null
      : ((core.db.prepare('SELECT * FROM cases WHERE id = ? AND campaign_id = ?').get(caseId, campaignId) as CaseRow | undefined) ?? null);
  };

  app.get<{ Params: { campaign_id: string } }>('/api/v2/campaigns/:campaign_id/cases/', async (request, reply) => {
    const campaign = ownedCampaign(deps, request.userId, request.params.campaign_id);
    if (!campaign) return reply.code(404).send(NOT_FOUND);
    const page = readOffsetQuery(request.query, deps.pageSize);
    const count = (core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(campaign.id) as { n: number }).n;
    const rows = core.db
      .prepare('SELECT * FROM cases WHERE campaign_id = ? ORDER BY id LIMIT ? OFFSET ?')
      .all(campaign.id, page.limit, page.offset) as CaseRow[];
    return {
      count,
      ...offsetLinks(request, page, count),
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      conversation_type: combinedKind(campaign.bot_id, core),
      results: rows.map(caseView),
    };
  });

  app.get<{ Params: { campaign_id: string; case_id: string } }>('/api/v2/campaigns/:campaign_id/cases/:case_id/', async (request, reply) => {
    const campaign = ownedCampaign(deps, request.userId, request.params.campaign_id);
    const row = campaign && caseRow(campaign.id, request.params.case_id);
    if (!row) return reply.code(404).send(NOT_FOUND);
    return caseView(row);
  });

  app.get<{ Params: { campaign_id: string; case_id: string } }>('/api/v2/campaigns/:campaign_id/cases/:case_id/calls/', async (request, reply) => {
    const campaign = ownedCampaign(deps, request.userId, request.params.campaign_id);
    const row = campaign && caseRow(campaign.id, request.params.case_id);
    if (!row) return reply.code(404).send(NOT_FOUND);
    const page = readOffsetQuery(request.query, deps.pageSize);
    const count = (core.db.prepare('SELECT count(*) AS n FROM calls WHERE case_id = ?').get(row.id) as { n: number }).n;
    const calls = core.db.prepare('SELECT * FROM calls WHERE case_id = ? ORDER BY id LIMIT ? OFFSET ?').all(row.id, page.limit, page.offset) as CallRow[];
    const origin = originOf(request);
    return { count, ...offsetLinks(request, page, count), results: calls.map((c) => callView(c, origin)) };
  });

  app.get<{ Params: { call_id: string } }>('/api/v2/outbound-call-recording/:call_id/', async (request, reply) => {
    const id = positiveIntParam(request.params.call_id);
    const call = id === null ? undefined : (core.db.prepare('SELECT * FROM calls WHERE id = ?').get(id) as CallRow | undefined);
    const campaign = call ? getCampaign(core.db, call.campaign_id) : null;
    if (!call || !campaign || !userOwnsBot(core.db, request.userId, campaign.bot_id)) return reply.code(404).send({ detail: 'Recording not found.' });
    return sendRecording(reply, 'audio/wav', synthesizeCallAudio(call.audio_seed, clipSeconds(call.duration_s)));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(paths.inboundCases(), async (request, reply) => {
    const q = request.query;
    const names = DEFAULT_INBOUND_FILTER_PARAMS;
    const botText = q[names.bot];
    const botId = botText === undefined ? undefined : positiveIntParam(botText);
    for (const key of [names.updatedFrom, names.updatedTo]) {
      const value = q[key];
      if (value !== undefined && !IsoDate.safeParse(value).success) return reply.code(400).send({ [key]: ['Enter a valid date (YYYY-MM-DD).'] });
    }
    if (botId === null) return reply.code(400).send({ [names.bot]: ['Enter a whole number.'] });
    const page = readOffsetQuery(q, deps.pageSize);
    const botIds = userBots(core.db, request.userId)
      .filter((b) => b.bot_type === 'INBOUND')
      .map((b) => b.id);
    const { count, rows } = listInbound(core, { botIds, botId, from: q[names.updatedFrom], to: q[names.updatedTo] }, page.offset, page.limit);
    const origin = originOf(request);
    return { count, ...offsetLinks(request, page, count), results: rows.map((r) => inboundView(core, r, origin)) };
  });

  const ownedInbound = (userId: number, idText: string) => {
    const id = positiveIntParam(idText);
    const row = id === null ? null : getInboundRow(core, id);
    return row && userOwnsBot(core.db, userId, row.bot_id) ? row : null;
  };

  app.get<{ Params: { case_id: string } }>('/api/v2/inbound-case/:case_id/', async (request, reply) => {
    const row = ownedInbound(request.userId, request.params.case_id);
    if (!row) return reply.code(404).send(NOT_FOUND);
    return inboundView(core, row, originOf(request));
  });

  app.get<{ Params: { case_id: string } }>('/api/v2/inbound-call-recording/:case_id/', async (request, reply) => {
    const row = ownedInbound(request.userId, request.params.case_id);
    if (!row || row.has_recording === 0) return reply.code(404).type('text/plain; charset=utf-8').send(AUDIO_NOT_FOUND);
    // Served as a generic binary on purpose: clients must tell the format by its magic bytes.
    return sendRecording(reply, 'application/octet-stream', synthesizeCallAudio(row.audio_seed, clipSeconds(row.duration_s)));
  });
}
