// The column-mapping step as plain data: filled from a saved template or the suggestion, turned into
// a MappingFile and checked with the same schema the preparation uses.
import { readAreaCode } from '../../../../src-main/domain/area-code';
import { getDataKey, setDataKey } from '../../../../src-main/domain/data-keys';
import { inputProblem, type InputProblem } from '../../../../src-main/domain/failures/input-problem';
import { DEFAULT_FORMAT, MappingFile, type ColumnMapping, type DateOrder } from '../../../../src-main/domain/mapping-file';
import type { FileInspection } from '../../../../src-main/surface/procedures';

/** Case fields taken from one column each. */
export const SINGLE_FIELDS = ['code', 'full_name', 'first_name', 'last_name', 'debt_code', 'pid', 'sub_id', 'debt', 'expiration'] as const;
export type SingleField = (typeof SINGLE_FIELDS)[number];
export const PRODUCT_FIELDS = ['debt_code', 'pid', 'sub_id', 'debt', 'expiration'] as const satisfies readonly SingleField[];
export const OPTIONAL_FIELDS: readonly SingleField[] = ['sub_id'];

/** What an otherwise unused column becomes: nothing, a case parameter, or product information. */
export type ExtraUse = 'none' | 'param' | 'product';

export interface MappingForm {
  columns: Record<SingleField, string | null>;
  /** Names in one column ("PÉREZ, Ana") or in two. */
  nameMode: 'full' | 'split';
  /** Phone columns in priority order. */
  phones: string[];
  /** By header, the creditor's text: read and written with getDataKey / setDataKey ("constructor" is a header too). */
  extras: Record<string, { use: ExtraUse; key: string }>;
  decimalSeparator: ',' | '.';
  dateOrder: DateOrder;
  defaultAreaCode: string;
}

/** Where the batch goes: a campaign to create (its phone priority) or an existing one. */
export interface Target {
  mode: 'priority' | 'campaign';
  maxPhonePriority: number | null;
  botId: number | null;
  campaignId: number | null;
}

export interface FormStart {
  form: MappingForm;
  source: 'template' | 'suggestion';
  creditor: string | null;
  maxPhonePriority: number | null;
}

/** "Nro. Operación" → "nro_operacion": a params key the service takes. */
export function keyFromHeader(header: string): string {
  const key = header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return key || 'dato';
}

function emptyColumns(): Record<SingleField, string | null> {
  return { code: null, full_name: null, first_name: null, last_name: null, debt_code: null, pid: null, sub_id: null, debt: null, expiration: null };
}

/** The headers the core fields (not params) use. */
export function usedHeaders(form: MappingForm): Set<string> {
  const used = new Set<string>();
  for (const field of SINGLE_FIELDS) {
    if (form.nameMode === 'full' && (field === 'first_name' || field === 'last_name')) continue;
    if (form.nameMode === 'split' && field === 'full_name') continue;
    const header = form.columns[field];
    if (header) used.add(header);
  }
  for (const phone of form.phones) used.add(phone);
  return used;
}

/** Keeps the extras list in step with the headers the core fields leave free. */
export function syncExtras(form: MappingForm, headers: readonly string[]): void {
  const used = usedHeaders(form);
  for (const header of headers) {
    if (used.has(header)) delete form.extras[header];
    else if (!Object.hasOwn(form.extras, header)) setDataKey(form.extras, header, { use: 'none', key: keyFromHeader(header) });
  }
  for (const header of Object.keys(form.extras)) if (!headers.includes(header)) delete form.extras[header];
}

export function formFromInspection(inspection: FileInspection): FormStart {
  const headers = inspection.headers;
  const known = (h: string | undefined) => (h !== undefined && headers.includes(h) ? h : null);
  const template = inspection.template;
  const columns: Partial<ColumnMapping> = template ? template.mapping.columns : inspection.suggestion;
  const form: MappingForm = {
    columns: emptyColumns(),
    nameMode: 'full',
    phones: (columns.phones ?? []).filter((h) => headers.includes(h)),
    extras: {},
    decimalSeparator: template?.mapping.decimal_separator ?? DEFAULT_FORMAT.decimal_separator,
    dateOrder: template?.mapping.date_order ?? DEFAULT_FORMAT.date_order,
    defaultAreaCode: template?.mapping.default_area_code ?? '',
  };
  for (const field of SINGLE_FIELDS) form.columns[field] = known(columns[field]);
  form.nameMode = form.columns.full_name || !(form.columns.first_name || form.columns.last_name) ? 'full' : 'split';
  syncExtras(form, headers);
  for (const [key, header] of Object.entries(columns.params ?? {})) if (getDataKey(form.extras, header)) setDataKey(form.extras, header, { use: 'param', key });
  for (const [key, header] of Object.entries(columns.product_info ?? {}))
    if (getDataKey(form.extras, header)) setDataKey(form.extras, header, { use: 'product', key });
  return {
    form,
    source: template ? 'template' : 'suggestion',
    creditor: template?.creditor ?? null,
    maxPhonePriority: template?.mapping.max_phone_priority ?? null,
  };
}

export interface MappingPlace {
  sheet?: string;
  headerRow?: number;
  maxPhonePriority?: number;
}

/** The mapping file the form describes (unchecked: `checkMapping` says what is missing). */
export function mappingFromForm(form: MappingForm, place: MappingPlace = {}): unknown {
  const pick = (field: SingleField) => form.columns[field] ?? undefined;
  const names = form.nameMode === 'full' ? { full_name: pick('full_name') } : { first_name: pick('first_name'), last_name: pick('last_name') };
  const params: Record<string, string> = {};
  const productInfo: Record<string, string> = {};
  for (const [header, extra] of Object.entries(form.extras)) {
    if (extra.use === 'param') setDataKey(params, extra.key.trim(), header);
    if (extra.use === 'product') setDataKey(productInfo, extra.key.trim(), header);
  }
  const columns = {
    code: pick('code'),
    ...names,
    phones: [...form.phones],
    debt_code: pick('debt_code'),
    pid: pick('pid'),
    ...(form.columns.sub_id ? { sub_id: form.columns.sub_id } : {}),
    debt: pick('debt'),
    expiration: pick('expiration'),
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(Object.keys(productInfo).length > 0 ? { product_info: productInfo } : {}),
  };
  // "011" is area 11; what is not an area code goes as typed, for the mapping's check to name it.
  const areaCode = readAreaCode(form.defaultAreaCode) ?? form.defaultAreaCode.trim();
  return {
    ...(place.sheet ? { sheet: place.sheet } : {}),
    ...(place.headerRow ? { header_row: place.headerRow } : {}),
    columns,
    decimal_separator: form.decimalSeparator,
    date_order: form.dateOrder,
    ...(areaCode ? { default_area_code: areaCode } : {}),
    ...(place.maxPhonePriority !== undefined ? { max_phone_priority: place.maxPhonePriority } : {}),
  };
}

/** Something the agent still has to do before preparing. */
export type MappingProblem =
  | { kind: 'missing'; field: SingleField }
  | { kind: 'names' }
  | { kind: 'phones' }
  | { kind: 'area-code' }
  | { kind: 'param-key'; header: string }
  | { kind: 'param-key-repeated'; key: string }
  /** Anything else, as data (never zod's English): worded by the catalog, as the surface words it. */
  | { kind: 'other'; problem: InputProblem };

export function checkMapping(form: MappingForm, place: MappingPlace = {}): { mapping: MappingFile | null; problems: MappingProblem[] } {
  const problems: MappingProblem[] = [];
  const parsed = MappingFile.safeParse(mappingFromForm(form, place), { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      if (first === 'columns' && second === undefined) problems.push({ kind: 'names' });
      else if (first === 'columns' && second === 'phones') problems.push({ kind: 'phones' });
      else if (first === 'columns' && typeof second === 'string' && (SINGLE_FIELDS as readonly string[]).includes(second))
        problems.push({ kind: 'missing', field: second as SingleField });
      else if (first === 'default_area_code') problems.push({ kind: 'area-code' });
      else if (!(first === 'columns' && (second === 'params' || second === 'product_info'))) problems.push({ kind: 'other', problem: inputProblem(issue) });
    }
  }
  const seen = new Map<string, number>();
  for (const [header, extra] of Object.entries(form.extras)) {
    if (extra.use === 'none') continue;
    const key = extra.key.trim();
    if (key === '') problems.push({ kind: 'param-key', header });
    else seen.set(`${extra.use}:${key}`, (seen.get(`${extra.use}:${key}`) ?? 0) + 1);
  }
  for (const [key, n] of seen) if (n > 1) problems.push({ kind: 'param-key-repeated', key: key.slice(key.indexOf(':') + 1) });
  const unique = problems.filter((p, i) => problems.findIndex((q) => JSON.stringify(q) === JSON.stringify(p)) === i);
  return { mapping: parsed.success && unique.length === 0 ? parsed.data : null, problems: unique };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * True when preparing without a mapping would use exactly this one (the saved template, or the
 * suggestion with Argentine formats): then nothing needs to be sent, and no template is saved.
 */
export function sameAsAutomatic(mapping: MappingFile, inspection: FileInspection): boolean {
  const automatic = inspection.template
    ? inspection.template.mapping
    : { columns: inspection.suggestion, decimal_separator: DEFAULT_FORMAT.decimal_separator, date_order: DEFAULT_FORMAT.date_order };
  const essentials = (m: { columns: unknown; decimal_separator: string; date_order: string; default_area_code?: string | undefined }) =>
    canonical({ columns: m.columns, decimal_separator: m.decimal_separator, date_order: m.date_order, default_area_code: m.default_area_code });
  return essentials(mapping) === essentials(automatic as MappingFile);
}
