// How a creditor's columns become case fields: the mapping file agents export, import and save as
// templates. Pure: shared with the renderer's mapping screen.
import { z } from 'zod';
import { readAreaCode } from './area-code';
import { dataRecord } from '../contract/data-keys';

const Header = z.string().min(1);

export const ColumnMapping = z.object({
  code: Header,
  first_name: Header.optional(),
  last_name: Header.optional(),
  /** "APELLIDO Y NOMBRE" in one column, split as "Last, First" (or last word = last name). */
  full_name: Header.optional(),
  /** Phone columns in priority order. */
  phones: z.array(Header).min(1),
  debt_code: Header,
  pid: Header,
  sub_id: Header.optional(),
  debt: Header,
  expiration: Header,
  /** params key → column (every key kept, "__proto__" included). */
  params: dataRecord(Header).optional(),
  /** product_info key → column, stored under params.product_info[pid] for multi-product cases. */
  product_info: dataRecord(Header).optional(),
});
export type ColumnMapping = z.infer<typeof ColumnMapping>;

export const DateOrder = z.enum(['DMY', 'MDY', 'YMD']);
export type DateOrder = z.infer<typeof DateOrder>;

export const MappingFile = z
  .object({
    sheet: z.string().optional(),
    /** 1-based row of the header, as the agent sees it in the spreadsheet. */
    header_row: z.number().int().positive().optional(),
    columns: ColumnMapping,
    decimal_separator: z.enum([',', '.']),
    date_order: DateOrder,
    default_area_code: z
      .string()
      .refine((code) => readAreaCode(code) !== null, { params: { problem: 'format', format: 'area_code' } })
      // Kept without the trunk 0: "011" is area 11.
      .transform((code) => readAreaCode(code) ?? code)
      .optional(),
    max_phone_priority: z.number().int().nonnegative().optional(),
  })
  .superRefine((m, ctx) => {
    const { first_name, last_name, full_name } = m.columns;
    if (!full_name && (!first_name || !last_name)) {
      // Said as data (input-problem.ts): the names need full_name, or first_name and last_name.
      ctx.addIssue({ code: 'custom', path: ['columns'], params: { problem: 'one_of', keys: ['full_name', 'first_name + last_name'] } });
    }
  });
export type MappingFile = z.infer<typeof MappingFile>;

/** Arguments' defaults: Argentine exports. */
export const DEFAULT_FORMAT = { decimal_separator: ',' as const, date_order: 'DMY' as const };
