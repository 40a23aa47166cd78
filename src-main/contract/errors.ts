// Error bodies of the spec's Errors table.
import { z } from 'zod';
import { caseKeyed } from './case-keyed';

/** 401 on every authenticated endpoint: a message that the token is invalid or expired. */
export const TokenErrorBody = z.looseObject({ token: z.string() });
/** 404 lookups and login failure. */
export const DetailErrorBody = z.looseObject({ detail: z.string() });
/** 400 on upload when campaign logic fails. */
export const LogicErrorBody = z.looseObject({ error: z.string() });

/** One `Errors` item: `{ "<case code>": "<detail>" }`, read as [code, detail] entries. */
export const CaseRejection = caseKeyed(z.string());
export type CaseRejection = z.output<typeof CaseRejection>;

/** 202 partial load and 400 validation failure on upload. */
export const UploadRejectionsBody = z.looseObject({
  message: z.string(),
  Errors: z.array(CaseRejection),
});
export type UploadRejectionsBody = z.infer<typeof UploadRejectionsBody>;

/** 500 on upload: `Errors` is a string here, possibly empty. */
export const UploadServerErrorBody = z.looseObject({
  message: z.string(),
  Errors: z.string(),
});

/** Inbound recording 404 is not JSON: the plain text below. */
export const AUDIO_NOT_FOUND = 'Audio Not Found';
