// How a do-not-contact list's columns are named when its headers are not recognised (`suppress import
// --mapping`, ledger:import). Pure: the command surface validates it.
import { z } from 'zod';

/** Which header holds which field, when the file's own names are not recognised (`--mapping`). */
export const LedgerMapping = z.strictObject({
  sheet: z.string().min(1).optional(),
  header_row: z.number().int().positive().optional(),
  columns: z
    .strictObject({
      phone: z.string().min(1).optional(),
      code: z.string().min(1).optional(),
      reason: z.string().min(1).optional(),
      until: z.string().min(1).optional(),
      creditor: z.string().min(1).optional(),
    })
    .refine((c) => c.phone !== undefined || c.code !== undefined, { params: { problem: 'one_of', keys: ['phone', 'code'] } }),
});
export type LedgerMapping = z.infer<typeof LedgerMapping>;
