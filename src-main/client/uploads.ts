// PUT /api/v2/create_campaign/{id}/: every documented answer as data, not as an exception.
import { LogicErrorBody, paths, UploadLoadedBody, UploadRejectionsBody, UploadServerErrorBody } from '../contract';
import { contentTypeFailure, isJsonType, statusFailure } from './answer-failures';
import { requestContext, type RequestContext } from './errors';
import { scrub, serverText } from './server-text';
import { isOk, parseWith, type Answer } from './http';
import type { Requester } from './requester';

/** [case code, what the service said about it]. */
export type RejectedCase = [code: string, detail: string];

export type UploadOutcome =
  /** 200 (any 2xx but 202): every case loaded. */
  | { kind: 'loaded'; message: string }
  /** 202: some cases loaded; the rejected ones are listed. */
  | { kind: 'partial'; message: string; rejected: RejectedCase[] }
  /** 400 with `Errors`: validation failed, nothing loaded. */
  | { kind: 'rejected'; message: string; rejected: RejectedCase[] }
  /** 400 `{error}` (or another 400 body): campaign logic refused the whole request (e.g. a closed campaign). */
  | { kind: 'refused'; error: string }
  /** 403: this account may not modify the campaign. */
  | { kind: 'forbidden' }
  /** 404 `{detail}`: no such campaign. */
  | { kind: 'not-found'; detail: string }
  /** 413: the body is over the service's size limit; split it and go on. */
  | { kind: 'too-large' }
  /** 500 `{message, Errors}` (Errors is a string, possibly empty). */
  | { kind: 'server-error'; message: string; errors: string };

/**
 * Sends `bodyJson` as it is (build it with `caseKeyedJson`, so codes like "__proto__" survive).
 * Network failures and timeouts still throw ServiceError, with `ambiguous` set when the cases may
 * have been loaded; a 401 that survives a refresh throws kind 'auth'; other statuses kind 'server'/'client'.
 */
export async function uploadCases(requester: Requester, campaignId: number, bodyJson: string): Promise<UploadOutcome> {
  const { answer, ctx, secrets } = await requester.answer('PUT', requester.url(paths.uploadCases(campaignId)), { body: bodyJson });
  return uploadOutcome(answer, ctx, secrets);
}

export function uploadOutcome(
  answer: Answer,
  ctx: RequestContext = requestContext('PUT', '/api/v2/create_campaign/'),
  secrets: readonly string[] = [],
): UploadOutcome {
  const { status, body } = answer;
  // What the server said becomes a failure's {detail}, a pause the CLI prints and a chunk's stored detail: scrubbed like every other.
  // A success that is not JSON (a proxy's page, say) cannot say the cases were loaded; error bodies stay tolerant.
  if (isOk(status) && answer.text.trim() !== '' && !isJsonType(answer.contentType)) throw contentTypeFailure(ctx, answer.contentType);
  switch (status) {
    case 202: {
      const parsed = parseWith(UploadRejectionsBody, body, ctx);
      return { kind: 'partial', message: parsed.message, rejected: parsed.Errors.flat() };
    }
    case 400: {
      const rejections = UploadRejectionsBody.safeParse(body);
      if (rejections.success) return { kind: 'rejected', message: rejections.data.message, rejected: rejections.data.Errors.flat() };
      const logic = LogicErrorBody.safeParse(body);
      if (logic.success) return { kind: 'refused', error: scrub(logic.data.error, secrets) };
      // A 400 in another shape ({detail}, plain text) still refuses the whole request.
      // A 400 that says nothing: its status alone, never words of CaseDesk's passed off as the service's (upload.refused's {detail}).
      return { kind: 'refused', error: serverText(body, secrets) || 'HTTP 400' };
    }
    case 403:
      return { kind: 'forbidden' };
    case 404: {
      const detail =
        typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string'
          ? scrub(body.detail, secrets)
          : serverText(body, secrets);
      return { kind: 'not-found', detail };
    }
    case 413:
      return { kind: 'too-large' };
    case 500: {
      const parsed = UploadServerErrorBody.safeParse(body);
      if (parsed.success) return { kind: 'server-error', message: scrub(parsed.data.message, secrets), errors: scrub(parsed.data.Errors, secrets) };
      return { kind: 'server-error', message: serverText(body, secrets), errors: '' };
    }
  }
  if (status >= 200 && status < 300) {
    // The status says it all; the message is a courtesy, so a body without one is tolerated.
    const loaded = UploadLoadedBody.safeParse(body);
    return { kind: 'loaded', message: loaded.success ? loaded.data.message : '' };
  }
  throw statusFailure(ctx, status, body, secrets);
}
