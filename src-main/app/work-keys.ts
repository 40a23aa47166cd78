// The long work the app runs (ctx.track): one at a time per key, each cancellable. A key names what
// the work is on, environment included where the same id means different things in Demo, Test and
// Production (campaign 5 of Test is not campaign 5 of Demo). Keys are made and read here only.
import type { Environment } from '../domain/environments';

export type RecordingKind = 'outbound' | 'inbound';

export type WorkKey =
  | `prepare:${string}`
  | `upload:${number}`
  | `corrections:${number}`
  | `download:campaign:${Environment}:${number}`
  | `download:inbound:${Environment}`
  | `download:recording:${Environment}:${RecordingKind}:${number}`;

export const prepareWork = (fileId: string): WorkKey => `prepare:${fileId}`;
/** A batch belongs to one environment: its id alone names it. */
export const uploadWork = (batchId: number): WorkKey => `upload:${batchId}`;
/** A corrected error report being written into its batch, a few hundred cases at a time. */
export const correctionsWork = (batchId: number): WorkKey => `corrections:${batchId}`;
export const campaignDownloadWork = (env: Environment, campaignId: number): WorkKey => `download:campaign:${env}:${campaignId}`;
export const inboundDownloadWork = (env: Environment): WorkKey => `download:inbound:${env}`;
export const recordingWork = (env: Environment, kind: RecordingKind, refId: number): WorkKey => `download:recording:${env}:${kind}:${refId}`;

export const isPrepareWork = (key: WorkKey): boolean => key.startsWith('prepare:');
export const isUploadWork = (key: WorkKey): boolean => key.startsWith('upload:');
export const isCorrectionsWork = (key: WorkKey): boolean => key.startsWith('corrections:');
export const isInboundDownloadWork = (key: WorkKey): boolean => key.startsWith('download:inbound:');
export const isRecordingWorkOf = (env: Environment, key: WorkKey): boolean => key.startsWith(`download:recording:${env}:`);
