// Endpoint paths of the service, relative to the environment's base URL. Every path ends with "/".
import type { CampaignAction } from './campaigns';

export const paths = {
  login: () => '/auth/login/',
  refresh: () => '/auth/token/refresh/',
  bots: () => '/api/v2/bots/',
  createCampaign: () => '/api/v2/create_campaign/',
  uploadCases: (campaignId: number) => `/api/v2/create_campaign/${campaignId}/`,
  campaignList: (botId: number) => `/api/v2/campaigns/${botId}/infinite/`,
  campaign: (campaignId: number) => `/api/v2/campaigns/${campaignId}/`,
  campaignAction: (campaignId: number, action: CampaignAction) => `/api/v2/campaigns/${campaignId}/${action}/`,
  campaignCases: (campaignId: number) => `/api/v2/campaigns/${campaignId}/cases/`,
  campaignCase: (campaignId: number, caseId: number) => `/api/v2/campaigns/${campaignId}/cases/${caseId}/`,
  caseCalls: (campaignId: number, caseId: number) => `/api/v2/campaigns/${campaignId}/cases/${caseId}/calls/`,
  outboundRecording: (callId: number) => `/api/v2/outbound-call-recording/${callId}/`,
  inboundCases: () => '/api/v2/inbound-case/',
  inboundCase: (caseId: number) => `/api/v2/inbound-case/${caseId}/`,
  inboundRecording: (caseId: number) => `/api/v2/inbound-call-recording/${caseId}/`,
} as const;

/**
 * Query parameter names the spec leaves unnamed. The emulator uses these; the client keeps them
 * as a setting and also filters locally, so a different real name costs bandwidth, not correctness.
 */
export const DEFAULT_INBOUND_FILTER_PARAMS = {
  bot: 'bot',
  updatedFrom: 'updated_from',
  updatedTo: 'updated_to',
} as const;
