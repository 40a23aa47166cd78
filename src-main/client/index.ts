// The main-process client of the campaign service: the session (tokens) and one typed function per endpoint.
// Failures are ServiceErrors classified by kind (./errors); uploads answer data, not exceptions.
export {
  hasReason,
  isCancelled,
  isServiceError,
  RequestCancelled,
  ServiceError,
  type ContractIssue,
  type FailureKind,
  type FailureReason,
  type FailureReasons,
  type NetworkProblem,
} from './errors';
export { serviceFailure } from './service-failure';
export { DEFAULT_BODY_LIMITS, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT, type BodyLimits, type FetchLike } from './http';
export { collect, DEFAULT_LIST_LIMITS, type ListLimits } from './pagination';
export {
  DEFAULT_RECORDING_PACE,
  detectRecordingFormat,
  formatFromContentType,
  formatFromMagic,
  RECORDING_FORMATS,
  type RecordingFile,
  type RecordingOptions,
  type RecordingPace,
  type RecordingSealer,
  type RecordingFormat,
} from './recordings';
export {
  createServiceClient,
  serviceDate,
  type CallsPageData,
  type CampaignCasesPageData,
  type CampaignListPageData,
  type InboundCasesPageData,
  type InboundFilter,
  type InboundFilterParams,
  type ServiceClient,
  type ServiceClientOptions,
} from './service-client';
export { createSession, memoryVault, type Session, type SessionOptions, type SessionState, type TokenSource, type TokenVault } from './session';
export { uploadOutcome, type RejectedCase, type UploadOutcome } from './uploads';
