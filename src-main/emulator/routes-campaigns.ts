// Bots, campaigns (create, detail, actions, cursor list) and the case upload.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CampaignAction, caseKeyedJson, CreateCampaignRequest, paths, type Bot } from '../contract';
import { botView, seedBot, userBots, userOwnsBot } from './accounts';
import { applyAction, campaignListItem, campaignView, createCampaign, getCampaign, outboundBotLive, type CampaignRow } from './campaigns';
import { loadCases } from './case-loading';
import type { DialerCore } from './dialer';
import type { FaultState } from './faults';
import { NOT_FOUND, originOf, positiveIntParam } from './http-kit';
import { inboundBotLive } from './inbound';
import { SIGNED_IN_BODY_LIMIT, UPLOAD_BODY_CAP } from './body-limits';

export interface RouteDeps {
  core: DialerCore;
  faults: FaultState;
  pageSize: number;
}

/** `OUTBOUND_VOICE` etc.: the combined kind a Campaign carries. */
export function combinedKind(botId: number, core: DialerCore): string {
  const bot = seedBot(core.db, botId);
  return bot ? `${bot.bot_type}_${bot.conversation_type}` : 'OUTBOUND_VOICE';
}

/** The campaign if this user may see it; 404 for missing and for other users' campaigns alike. */
export function ownedCampaign(deps: RouteDeps, userId: number, idText: string | undefined): CampaignRow | null {
  const id = positiveIntParam(idText);
  const row = id === null ? null : getCampaign(deps.core.db, id);
  return row && userOwnsBot(deps.core.db, userId, row.bot_id) ? row : null;
}

export function campaignRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { core } = deps;

  app.get(paths.bots(), async (request) => {
    return userBots(core.db, request.userId).map((bot): Bot => {
      const live = bot.bot_type === 'INBOUND' ? inboundBotLive(core, bot.id) : outboundBotLive(core, bot.id);
      return botView(bot, live);
    });
  });

  app.post(paths.createCampaign(), { bodyLimit: SIGNED_IN_BODY_LIMIT }, async (request, reply) => {
    const parsed = CreateCampaignRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(fieldErrors(parsed.error.issues));
    const bot = seedBot(core.db, parsed.data.client_id);
    if (!bot || !userOwnsBot(core.db, request.userId, bot.id)) return reply.code(404).send(NOT_FOUND);
    if (bot.bot_type !== 'OUTBOUND') return reply.code(400).send({ client_id: [`Bot ${bot.id} is an inbound bot; campaigns are for outbound bots.`] });
    const row = createCampaign(core, parsed.data);
    return reply.code(201).send(campaignView(core, row, combinedKind(row.bot_id, core)));
  });

  app.get<{ Params: { bot_id: string }; Querystring: { cursor?: string } }>('/api/v2/campaigns/:bot_id/infinite/', async (request, reply) => {
    const botId = positiveIntParam(request.params.bot_id);
    if (botId === null || !userOwnsBot(core.db, request.userId, botId)) return reply.code(404).send(NOT_FOUND);
    const cursor = decodeCursor(request.query.cursor);
    if (cursor === 'invalid') return reply.code(404).send({ detail: 'Invalid cursor' });
    const size = deps.pageSize;
    // Newest first. A cursor names the id to continue after (forward) or before (backward).
    let rows: CampaignRow[];
    if (cursor?.dir === 'prev') {
      rows = (
        core.db.prepare('SELECT * FROM campaigns WHERE bot_id = ? AND id > ? ORDER BY id ASC LIMIT ?').all(botId, cursor.id, size) as CampaignRow[]
      ).reverse();
    } else {
      const after = cursor?.id ?? Number.MAX_SAFE_INTEGER;
      rows = core.db.prepare('SELECT * FROM campaigns WHERE bot_id = ? AND id < ? ORDER BY id DESC LIMIT ?').all(botId, after, size) as CampaignRow[];
    }
    const first = rows[0];
    const last = rows[rows.length - 1];
    const exists = (sql: string, id: number) => core.db.prepare(sql).get(botId, id) !== undefined;
    const link = (c: Cursor) => {
      const u = new URL(request.url, originOf(request));
      u.searchParams.set('cursor', Buffer.from(JSON.stringify(c)).toString('base64url'));
      return u.toString();
    };
    return {
      next: last && exists('SELECT 1 FROM campaigns WHERE bot_id = ? AND id < ?', last.id) ? link({ dir: 'next', id: last.id }) : null,
      previous: first && exists('SELECT 1 FROM campaigns WHERE bot_id = ? AND id > ?', first.id) ? link({ dir: 'prev', id: first.id }) : null,
      conversation_type: combinedKind(botId, core),
      results: rows.map((row) => campaignListItem(core, row)),
    };
  });

  app.get<{ Params: { campaign_id: string } }>('/api/v2/campaigns/:campaign_id/', async (request, reply) => {
    const row = ownedCampaign(deps, request.userId, request.params.campaign_id);
    if (!row) return reply.code(404).send(NOT_FOUND);
    return campaignView(core, row, combinedKind(row.bot_id, core));
  });

  app.post<{ Params: { campaign_id: string; action: string } }>('/api/v2/campaigns/:campaign_id/:action/', async (request, reply) => {
    const action = CampaignAction.safeParse(request.params.action);
    const row = ownedCampaign(deps, request.userId, request.params.campaign_id);
    if (!action.success || !row) return reply.code(404).send(NOT_FOUND);
    const outcome = applyAction(core, row, action.data);
    if (!outcome.ok) return reply.code(400).send({ detail: outcome.message });
    return campaignView(core, outcome.row, combinedKind(outcome.row.bot_id, core));
  });

  app.put<{ Params: { campaign_id: string } }>('/api/v2/create_campaign/:campaign_id/', { bodyLimit: UPLOAD_BODY_CAP }, async (request, reply) => {
    const id = positiveIntParam(request.params.campaign_id);
    const row = id === null ? null : getCampaign(core.db, id);
    if (!row) return reply.code(404).send({ detail: 'Campaign not found.' });
    if (!userOwnsBot(core.db, request.userId, row.bot_id)) return reply.code(403).send();
    const n = deps.faults.nextUpload();
    if (deps.faults.failsUpload(n)) return reply.code(500).send({ message: 'Internal server error', Errors: '' });
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return reply.code(400).send({ error: 'The body must be an object keyed by case code.' });
    }
    if (row.status === 'CLOSED') return reply.code(400).send({ error: `Campaign ${row.id} is closed; no cases can be loaded.` });
    const total = Object.keys(body).length;
    if (total === 0) return reply.code(400).send({ error: 'The request has no cases.' });
    const outcome = loadCases(core, row, body as Record<string, unknown>);
    if (deps.faults.dropsUpload(n)) {
      // The cases are loaded; the client never hears so (the ambiguous outcome sync must survive).
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (outcome.rejected.length === 0) return { message: `Campaign ${row.id}: ${outcome.loaded} cases loaded.` };
    const message = outcome.loaded === 0 ? `Campaign ${row.id}: no case could be loaded.` : `Campaign ${row.id}: ${outcome.loaded} of ${total} cases loaded.`;
    return sendRejections(reply, outcome.loaded === 0 ? 400 : 202, message, outcome.rejected);
  });
}

/** `{message, Errors: [{code: detail}]}` written by hand, so codes like "__proto__" survive. */
function sendRejections(reply: FastifyReply, status: number, message: string, rejected: [string, string][]) {
  const errors = rejected.map(([code, detail]) => caseKeyedJson([[code, detail]])).join(',');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(`{"message":${JSON.stringify(message)},"Errors":[${errors}]}`);
}

/** DRF-style validation body: field → list of messages. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

interface Cursor {
  dir: 'next' | 'prev';
  id: number;
}

function decodeCursor(text: string | undefined): Cursor | null | 'invalid' {
  if (text === undefined) return null;
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    return (c.dir === 'next' || c.dir === 'prev') && Number.isSafeInteger(c.id) ? c : 'invalid';
  } catch {
    return 'invalid';
  }
}
