// PUT /api/v2/create_campaign/{campaign_id}/: the case upload body and its answers.
import { z } from 'zod';
import { caseKeyed } from './case-keyed';
import { IsoDate, JsonObject } from './primitives';

export const Product = z.looseObject({
  debt_code: z.string(),
  /** Product name the bot speaks. */
  pid: z.string(),
  sub_id: z.string().optional(),
  /** Amount with a decimal point, e.g. "1500.00". */
  debt: z.string().regex(/^\d+\.\d+$/, 'debt must be a string with a decimal point, e.g. "1500.00"'),
  expiration: IsoDate,
});
export type Product = z.infer<typeof Product>;

export const PhoneSettings = z.looseObject({
  phone_list: z.array(z.string()).min(1, 'phone_list needs at least one number'),
});

/** One case of the upload body; the case code is its key in the body. */
export const CaseUploadEntry = z.looseObject({
  products: z.array(Product),
  /** Always present; `{}` at least. May carry bot-specific keys and `product_info` keyed by pid. */
  params: JsonObject,
  first_name: z.string(),
  last_name: z.string(),
  phone_settings: PhoneSettings,
});
export type CaseUploadEntry = z.infer<typeof CaseUploadEntry>;

/** The whole body, read as [case code, case] entries (see caseKeyed for why not a record). */
export const UploadBody = caseKeyed(CaseUploadEntry);
export type UploadBody = z.output<typeof UploadBody>;

/** 200: every case loaded. */
export const UploadLoadedBody = z.looseObject({ message: z.string() });

/** Recommended limits of the spec; CaseDesk settings may only be stricter. */
export const UPLOAD_LIMITS = {
  maxCasesPerRequest: 1000,
  minSecondsBetweenRequests: 1,
} as const;
