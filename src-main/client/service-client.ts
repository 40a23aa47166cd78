// The campaign service, one typed function per endpoint of ../shared/service-spec.md.
import {
  BotList,
  CallsPage,
  Campaign,
  CampaignCase,
  CampaignCasesPage,
  CampaignListPage,
  DEFAULT_INBOUND_FILTER_PARAMS,
  InboundCase,
  InboundCasesPage,
  IsoDate,
  paths,
  type Bot,
  type Call,
  type CampaignAction,
  type CampaignListItem,
  type CreateCampaignRequest,
} from '../contract';
import type { z } from 'zod';
import { bodyLimits, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT, type BodyLimits, type FetchLike } from './http';
import { items, listLimits, pages, type ListLimits } from './pagination';
import {
  downloadInboundRecording,
  downloadOutboundRecording,
  recordingPace,
  type RecordingFile,
  type RecordingOptions,
  type RecordingPace,
} from './recordings';
import { createRequester } from './requester';
import type { TokenSource } from './session';
import { uploadCases, type UploadOutcome } from './uploads';

export type CampaignCasesPageData = z.output<typeof CampaignCasesPage>;
export type CallsPageData = z.output<typeof CallsPage>;
export type InboundCasesPageData = z.output<typeof InboundCasesPage>;
export type CampaignListPageData = z.output<typeof CampaignListPage>;

/** Query parameter names of the inbound filters (the spec does not name them: SPEC-GAPS row 13). */
export interface InboundFilterParams {
  bot: string;
  updatedFrom: string;
  updatedTo: string;
}

export interface InboundFilter {
  botId?: number | undefined;
  /** YYYY-MM-DD, inclusive, in the service's calendar. */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive, in the service's calendar. */
  to?: string | undefined;
}

export interface ServiceClientOptions {
  baseUrl: string;
  session: TokenSource;
  timeoutMs?: number | undefined;
  userAgent?: string | undefined;
  inboundFilterParams?: InboundFilterParams | undefined;
  /**
   * UTC offset of the service's calendar, for the local inbound date filter: a `last_updated` that
   * carries a zone is compared on its date in this offset (the emulator's dates are UTC−03:00,
   * SPEC-GAPS row 30); one without a zone on its YYYY-MM-DD prefix.
   */
  serviceUtcOffsetMinutes?: number | undefined;
  /** Caps on answer bodies (DEFAULT_BODY_LIMITS for what is not given); tests lower them. */
  bodyLimits?: Partial<BodyLimits> | undefined;
  /** How far a list is read before it counts as never ending (DEFAULT_LIST_LIMITS for what is not given); tests lower them. */
  listLimits?: Partial<ListLimits> | undefined;
  /** The slowest a recording may come (DEFAULT_RECORDING_PACE for what is not given); tests quicken it. */
  recordingPace?: Partial<RecordingPace> | undefined;
  fetch?: FetchLike | undefined;
}

export interface ServiceClient {
  bots(): Promise<Bot[]>;
  createCampaign(body: CreateCampaignRequest): Promise<Campaign>;
  campaign(id: number): Promise<Campaign>;
  campaignAction(id: number, action: CampaignAction): Promise<Campaign>;
  /** Cursor list of a bot's campaigns, newest first as the service orders them. */
  campaigns(botId: number): AsyncIterable<CampaignListItem>;
  campaignPages(botId: number): AsyncIterable<CampaignListPageData>;
  campaignCases(campaignId: number): AsyncIterable<CampaignCase>;
  /** Pages with their `count`, for progress (done / total). */
  campaignCasePages(campaignId: number): AsyncIterable<CampaignCasesPageData>;
  campaignCase(campaignId: number, caseId: number): Promise<CampaignCase>;
  caseCalls(campaignId: number, caseId: number): AsyncIterable<Call>;
  caseCallPages(campaignId: number, caseId: number): AsyncIterable<CallsPageData>;
  /** Filtered by the service (parameter names from the settings) and again locally. */
  inboundCases(filter?: InboundFilter): AsyncIterable<InboundCase>;
  /** Pages whose results are filtered locally too; `count` is the service's. */
  inboundCasePages(filter?: InboundFilter): AsyncIterable<InboundCasesPageData>;
  inboundCase(id: number): Promise<InboundCase>;
  uploadCases(campaignId: number, bodyJson: string): Promise<UploadOutcome>;
  downloadOutboundRecording(callId: number, dir: string, options?: RecordingOptions): Promise<RecordingFile>;
  /** null when the case has no recording. */
  downloadInboundRecording(caseId: number, dir: string, options?: RecordingOptions): Promise<RecordingFile | null>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const requester = createRequester({
    baseUrl: options.baseUrl,
    session: options.session,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    limits: bodyLimits(options.bodyLimits),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  });
  const pace = recordingPace(options.recordingPace);
  const bounds = listLimits(options.listLimits);
  const names = options.inboundFilterParams ?? DEFAULT_INBOUND_FILTER_PARAMS;
  const offsetMinutes = options.serviceUtcOffsetMinutes ?? -180;
  const url = requester.url;

  const campaignPages = (botId: number) => pages(requester, url(paths.campaignList(botId)), CampaignListPage, bounds);
  const campaignCasePages = (campaignId: number) => pages(requester, url(paths.campaignCases(campaignId)), CampaignCasesPage, bounds);
  const caseCallPages = (campaignId: number, caseId: number) => pages(requester, url(paths.caseCalls(campaignId, caseId)), CallsPage, bounds);

  async function* inboundCasePages(filter: InboundFilter = {}): AsyncGenerator<InboundCasesPageData, void, undefined> {
    for (const [name, value] of [
      ['from', filter.from],
      ['to', filter.to],
    ] as const) {
      if (value !== undefined && !IsoDate.safeParse(value).success) throw new RangeError(`inbound filter "${name}" must be a date YYYY-MM-DD`);
    }
    const query = new URLSearchParams();
    if (filter.botId !== undefined) query.set(names.bot, String(filter.botId));
    if (filter.from !== undefined) query.set(names.updatedFrom, filter.from);
    if (filter.to !== undefined) query.set(names.updatedTo, filter.to);
    const search = query.size > 0 ? `?${query.toString()}` : '';
    const keep = (c: InboundCase) => {
      if (filter.botId !== undefined && c.bot.id !== filter.botId) return false;
      const day = serviceDate(c.last_updated, offsetMinutes);
      if (filter.from !== undefined && day < filter.from) return false;
      if (filter.to !== undefined && day > filter.to) return false;
      return true;
    };
    for await (const page of pages(requester, `${url(paths.inboundCases())}${search}`, InboundCasesPage, bounds)) {
      yield { ...page, results: page.results.filter(keep) };
    }
  }

  return {
    bots: () => requester.json('GET', url(paths.bots()), BotList),
    createCampaign: (body) => requester.json('POST', url(paths.createCampaign()), Campaign, { body: JSON.stringify(body) }),
    campaign: (id) => requester.json('GET', url(paths.campaign(id)), Campaign),
    campaignAction: (id, action) => requester.json('POST', url(paths.campaignAction(id, action)), Campaign),
    campaigns: (botId) => items(campaignPages(botId)),
    campaignPages,
    campaignCases: (campaignId) => items(campaignCasePages(campaignId)),
    campaignCasePages,
    campaignCase: (campaignId, caseId) => requester.json('GET', url(paths.campaignCase(campaignId, caseId)), CampaignCase),
    caseCalls: (campaignId, caseId) => items(caseCallPages(campaignId, caseId)),
    caseCallPages,
    inboundCases: (filter) => items(inboundCasePages(filter)),
    inboundCasePages,
    inboundCase: (id) => requester.json('GET', url(paths.inboundCase(id)), InboundCase),
    uploadCases: (campaignId, bodyJson) => uploadCases(requester, campaignId, bodyJson),
    downloadOutboundRecording: (callId, dir, recording) => downloadOutboundRecording(requester, pace, callId, dir, recording),
    downloadInboundRecording: (caseId, dir, recording) => downloadInboundRecording(requester, pace, caseId, dir, recording),
  };
}

/**
 * The calendar date of a timestamp as the service counts days: with a zone (Z or ±HH:MM), shifted
 * to the service's offset; without one, its YYYY-MM-DD prefix as written.
 */
export function serviceDate(stamp: string, utcOffsetMinutes: number): string {
  if (/T.*(Z|[+-]\d{2}:?\d{2})$/i.test(stamp)) {
    const ms = Date.parse(stamp);
    if (!Number.isNaN(ms)) return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  }
  return stamp.slice(0, 10);
}
