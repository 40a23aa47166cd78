// Whether an upload sets a campaign calling (the spec: loading cases into a PAUSED campaign makes it
// ONGOING; a SCHEDULED one starts by itself), said before it runs. The same notices sync:checkUpload
// answers from the service; this is what the card knows without asking (the campaign list's state).
import { uploadStartsCampaign } from '../../../../src-main/domain/campaign-states';
import type { Notice } from '../../../../src-main/surface/procedures';

export interface UploadTarget {
  campaignId: number | null;
  /** The campaign's state as last read; null when not known. */
  status: string | null;
  /** The campaign drafted for the batch, created by the upload (when no campaign is chosen). */
  draftName: string | null;
}

export function startNotices(target: UploadTarget): Notice[] {
  if (target.campaignId === null) return target.draftName === null ? [] : [{ code: 'campaign.upload_starts_draft', params: { name: target.draftName } }];
  if (target.status === null || !uploadStartsCampaign(target.status)) return [];
  return [{ code: 'campaign.upload_starts', params: { campaignId: target.campaignId, status: target.status } }];
}

/** The screen's words of a notice: `sync.starts.<code>`. */
export const startNoticeKey = (notice: Notice): string => `sync.starts.${notice.code}`;
