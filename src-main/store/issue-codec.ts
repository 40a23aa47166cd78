// How a case's issues are kept in its row (migration 4): a compact tuple per issue, decoded back to
// objects, and the counts and kinds the grid's columns and keys are made from.

/** An issue found while preparing: the store keeps it with its case (or with no case, for a row). */
export interface IssueInput {
  severity: 'error' | 'warning' | 'fix';
  field: string;
  rows: number[];
  kind: string;
  /** What its words are made from (worded when shown, see domain/issue-texts). */
  params?: Record<string, unknown> | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

const SEVERITY_CODE = { error: 'e', warning: 'w', fix: 'f' } as const;

const SEVERITY_OF = { e: 'error', w: 'warning', f: 'fix' } as const;

export const SEVERITIES = ['error', 'warning', 'fix'] as const;

/**
 * Kinds stored as a number (kind index × 3 + severity index) in place of their two strings: a fifth
 * of a prepared case's issue bytes were these names. Stored numbers are forever: append only, never
 * reorder; a kind not listed keeps the string form.
 * A kind appended here needs a migration that renames its key, from its name to its number, in
 * case_keys and batch_key_counts (merging the counts): since migration 30 a key is the token alone,
 * and migration 16's backfill, written for "k:" keys, no longer finds it.
 */
const STORED_KINDS: readonly string[] = [
  'phone-fixed',
  'phone-dropped',
  'amount-fixed',
  'date-fixed',
  'date-invalid',
  'phone-duplicate',
  'no-valid-phones',
  'too-many-phones',
  'name-differs',
  'name-missing',
  'amount-ambiguous',
  'amount-invalid',
  'product-field-missing',
  'service-rule',
  'cuit-check-digit',
  'dni-out-of-range',
];

const KIND_NUMBER = new Map(STORED_KINDS.map((kind, n) => [kind, n]));

/**
 * A kind as the issue_kinds column and case_keys name it (migration 16): its stored number, or its
 * name when unlisted. No listed kind's name is all digits, holds a ':' (other keys do, see case-keys.ts)
 * or starts with '?'; one given as such (a filter from outside) gets a token of its own ("?7"), so "7"
 * never finds the cases of the kind numbered 7, nor "d:" the duplicates.
 */
export function kindToken(kind: string): string {
  const n = KIND_NUMBER.get(kind);
  if (n !== undefined) return String(n);
  return /^\d+$|:|^\?/.test(kind) ? `?${kind}` : kind;
}

/** The kind a token of kindToken names. */
export function kindOfToken(token: string): string {
  // A kind kindToken marks.
  if (token.startsWith('?')) return token.slice(1);
  if (!/^\d+$/.test(token)) return token;
  const kind = STORED_KINDS[Number(token)];
  if (kind === undefined) throw new Error(`Stored issue kind ${token} is unknown.`);
  return kind;
}

/**
 * The kinds of a case's stored issues, as tokens in the issue_kinds column's form (" 0 3 kind-c "),
 * each once, read from the issues' heads alone: since migration 29 the row keeps its kinds only here.
 */
export function issueKindsOf(json: string): string {
  const tokens = new Set<string>();
  for (const x of storedTuples(json)) {
    const head: unknown = Array.isArray(x) ? x[0] : (x as { kind?: unknown } | null)?.kind;
    let kind: unknown = Array.isArray(x) && typeof head === 'string' ? x[1] : head;
    if (typeof head === 'number') {
      kind = STORED_KINDS[Math.floor(head / 3)];
      if (kind === undefined || !Number.isInteger(head) || head < 0) throw new Error(`Stored issue kind ${head} is unknown.`);
    }
    if (typeof kind !== 'string') throw new Error('A stored issue names no kind.');
    tokens.add(kindToken(kind));
  }
  return tokens.size ? ` ${[...tokens].join(' ')} ` : '';
}

/** The kinds of an issue_kinds column, by name. */
export const kindsOf = (issueKinds: string): string[] =>
  issueKinds
    .split(' ')
    .filter((t) => t !== '')
    .map(kindOfToken);

/**
 * Fields stored as a number too, in numbered tuples: these below, then from FIRST_PRODUCT_FIELD on,
 * products[i].debt and products[i].expiration in turn. Append only, like STORED_KINDS.
 */
const STORED_FIELDS: readonly string[] = ['phones', 'code', 'first_name', 'last_name', 'status', 'case'];
const FIRST_PRODUCT_FIELD = 16;
const PRODUCT_FIELDS = ['debt', 'expiration'] as const;
const PRODUCT_FIELD = /^products\[(\d{1,4})\]\.(debt|expiration)$/;

/** Fields seen so far and their numbers (or themselves): a batch repeats a handful thousands of times. */
const fieldNumbers = new Map<string, number | string>(STORED_FIELDS.map((field, n) => [field, n]));

function fieldNumber(field: string): number | string {
  let stored = fieldNumbers.get(field);
  if (stored !== undefined) return stored;
  const product = PRODUCT_FIELD.exec(field);
  const index = product ? Number(product[1]) : NaN;
  // String(index) must give the field back ("products[01]" would not).
  stored = product && String(index) === product[1] ? FIRST_PRODUCT_FIELD + index * 2 + (product[2] === 'debt' ? 0 : 1) : field;
  if (fieldNumbers.size < 1_000) fieldNumbers.set(field, stored);
  return stored;
}

function fieldOf(stored: unknown): string {
  if (typeof stored !== 'number') return stored as string;
  const field =
    stored < FIRST_PRODUCT_FIELD
      ? STORED_FIELDS[stored]
      : `products[${(stored - FIRST_PRODUCT_FIELD) >> 1}].${PRODUCT_FIELDS[(stored - FIRST_PRODUCT_FIELD) & 1]}`;
  if (field === undefined) throw new Error(`Stored issue field ${stored} is unknown.`);
  return field;
}

/**
 * Param names stored as numbers (migration 18): params whose every name is listed are kept as
 * [name number, value, name number, value, …] in their stored order. Append only, never reorder.
 */
const PARAM_KEYS: readonly string[] = [
  'before',
  'after',
  'why',
  'area',
  'subscriber',
  'phone',
  'field',
  'batch',
  'source',
  'rule',
  'reason',
  'needed',
  'digits',
  'code',
  'campaign',
  'spelling',
  'same',
  'max',
  'listed',
  'expected',
  'count',
  'value',
  'row',
  'column',
];

const PARAM_KEY_NUMBER = new Map(PARAM_KEYS.map((key, n) => [key, n]));

/**
 * A text param found among the case's namable texts is stored as [~name number, its place] (migration
 * 24): a negative name number says its value is a place, as a param's own value may be a number.
 */
function encodeParams(params: Record<string, unknown>, texts: NamableTexts | undefined): unknown {
  const out: unknown[] = [];
  for (const key in params) {
    const n = PARAM_KEY_NUMBER.get(key);
    if (n === undefined) return params;
    const value = params[key];
    // Left out, as JSON leaves an undefined property out of an object (it would come back null).
    if (value === undefined) continue;
    const at = typeof value === 'string' && texts !== undefined ? placeIn(texts(), value) : -1;
    if (at < 0) out.push(n, value);
    else out.push(~n, at);
  }
  return out;
}

function decodeParams(stored: unknown, text: (place: unknown) => unknown): Record<string, unknown> {
  if (!Array.isArray(stored)) return stored as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (let i = 0; i < stored.length; i += 2) {
    const n = stored[i];
    const key = Number.isInteger(n) ? PARAM_KEYS[(n as number) < 0 ? ~(n as number) : (n as number)] : undefined;
    if (key === undefined) throw new Error(`Stored issue param ${String(n)} is unknown.`);
    const value = stored[i + 1];
    if ((n as number) < 0 && typeof value !== 'number') throw new Error(`Stored issue param ${key} names no place.`);
    params[key] = (n as number) < 0 ? text(value) : value;
  }
  return params;
}

/**
 * The texts a fix's before and after may name instead of repeating them (migration 21): every text and
 * finite number in the arrays of the case's stored raw rows, then of its stored products, in order;
 * then its stored phones (migration 24: after the others, so places stored before keep their text).
 * Only arrays are walked (never an object's keys), so the order is the same in the values about to be
 * stored and in the same values read back from their JSON.
 */
export function namableTexts(raw: unknown, products: unknown, phones: unknown): string[] {
  const out: string[] = [];
  for (const part of [raw, products, phones]) walkTexts(part, out);
  return out;
}

function walkTexts(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') {
    if (Number.isFinite(value)) out.push(String(value));
  } else if (Array.isArray(value)) for (const v of value) walkTexts(v, out);
}

/** The texts an issue may name: all of them (to find a text's place), and maybe the one at a place. */
export interface NamableTexts {
  (): readonly string[];
  /** The text at a place, reading only the parts of the row up to it (a dropped phone is in the raw rows). */
  at?: (place: number) => string | undefined;
}

/** namableTexts of values about to be stored, worked out once and only when an issue asks. */
export function namableTextsOf(raw: unknown, products: unknown, phones: unknown): () => readonly string[] {
  let texts: string[] | undefined;
  return () => (texts ??= namableTexts(raw, products, phones));
}

/** namableTexts of a case's row as stored, each part read only when a stored issue names a text that far. */
export function namableTextsOfRow(row: { raw_json: string; products_json: string; phones_json: string }): NamableTexts {
  const parts = [row.raw_json, row.products_json, row.phones_json];
  // Checked now: read lazily, a column left out of a SELECT would show only on a case naming a phone.
  if (!parts.every((part) => typeof part === 'string')) throw new Error("A case's namable texts need its raw_json, products_json and phones_json.");
  const texts: string[] = [];
  let read = 0;
  const upTo = (place: number) => {
    while (read < parts.length && place >= texts.length) {
      // Counted as read once parsed: a part that failed fails again, never skipped.
      walkTexts(JSON.parse(parts[read] as string), texts);
      read += 1;
    }
  };
  return Object.assign(() => (upTo(Infinity), texts), { at: (place: number) => (upTo(place), texts[place]) });
}

/** A fix's before or after: its place among the texts the case stores beside it, or itself. */
function named(value: string, texts: NamableTexts | undefined): string | number {
  if (texts === undefined) return value;
  const at = placeIn(texts(), value);
  return at < 0 ? value : at;
}

/** Texts past which a text's place is looked up in a map: a case of thousands of rows is edited issue by issue. */
const SCANNED_TEXTS = 64;
const placesOf = new WeakMap<readonly string[], Map<string, number>>();

/** The first place of a text among a case's namable texts, or -1. */
function placeIn(texts: readonly string[], value: string): number {
  if (texts.length <= SCANNED_TEXTS) return texts.indexOf(value);
  let places = placesOf.get(texts);
  if (!places) {
    places = new Map();
    for (let at = texts.length - 1; at >= 0; at--) places.set(texts[at] as string, at);
    placesOf.set(texts, places);
  }
  return places.get(value) ?? -1;
}

const sameRows = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((r, n) => r === b[n]);

/**
 * A case's issues as stored: [severity, kind, field, rows, params] each, or [severity, kind, field,
 * rows, before, after] when the params are just those two (most fixes: 100,000 cases carry about
 * 300,000, and the key names were a fifth of the bytes). `before` and `after` are the params' own,
 * so they are not stored twice; words are rendered when shown. Rows that are the case's own rows
 * are 0 (migration 18): most issues are about the case's one row. The tuples are written one after
 * another in a single flat list (migration 28): a case's brackets were a tenth of its issue bytes.
 */
function encodeIssues(issues: readonly IssueInput[], caseRows: readonly number[] | undefined, texts: NamableTexts | undefined): string {
  const flat: unknown[] = [];
  for (const i of issues) encodeIssue(flat, i, caseRows !== undefined && sameRows(i.rows, caseRows) ? 0 : i.rows, texts);
  return JSON.stringify(flat);
}

function encodeIssue(out: unknown[], i: IssueInput, rows: number[] | 0, texts: NamableTexts | undefined): void {
  const params = i.params ?? {};
  const { before, after } = params;
  let keys = 0;
  for (const _key in params) keys += 1;
  const kind = KIND_NUMBER.get(i.kind);
  if (kind === undefined) out.push(SEVERITY_CODE[i.severity], i.kind, i.field, rows);
  else out.push(kind * 3 + SEVERITIES.indexOf(i.severity), fieldNumber(i.field), rows);
  if (keys === 2 && typeof before === 'string' && typeof after === 'string') out.push(named(before, texts), named(after, texts));
  else out.push(encodeParams(params, texts));
}

/**
 * The tuples of a stored issues column, one per issue. A flat list (migration 28) is cut where each
 * tuple ends: after a numbered kind (one number) or a severity and a kind name (two strings), the
 * field and the rows, then either params (a list or an object) or a before and an after (a text or
 * a place each). A list of tuples, or of objects, is as earlier versions wrote it.
 */
export function storedTuples(json: string): unknown[] {
  const stored = JSON.parse(json) as unknown;
  if (!Array.isArray(stored)) throw new Error('Stored issues are not a list.');
  if (stored.length === 0 || typeof stored[0] === 'object') return stored;
  const tuples: unknown[][] = [];
  for (let at = 0; at < stored.length;) {
    const start = at;
    const head: unknown = stored[at];
    if (typeof head === 'number') at += 1;
    else if (typeof head === 'string' && Object.hasOwn(SEVERITY_OF, head)) at += 2;
    else throw new Error(`Stored issue at ${start} starts with neither a kind number nor a severity.`);
    const rows: unknown = stored[at + 1];
    at += 2;
    const fifth: unknown = stored[at];
    const pair = fifth === null || typeof fifth !== 'object';
    at += pair ? 2 : 1;
    // A list cut short would read its missing values as undefined: refused, never made up; so are rows
    // that are neither the case's own (0) nor a list, and a before or after that is no text nor place.
    if (at > stored.length) throw new Error(`Stored issue at ${start} is cut short.`);
    if (rows !== 0 && !Array.isArray(rows)) throw new Error(`Stored issue at ${start} names no rows.`);
    if (pair && !stored.slice(at - 2, at).every((v) => typeof v === 'string' || typeof v === 'number'))
      throw new Error(`Stored issue at ${start} has a before or an after that is no text.`);
    tuples.push(stored.slice(start, at));
  }
  return tuples;
}

/** A numbered tuple back in the string form: [severity, kind, field, rows, ...]. */
function inStringForm(x: unknown[]): unknown[] {
  if (typeof x[0] !== 'number') return x;
  const kind = STORED_KINDS[Math.floor(x[0] / 3)];
  const severity = SEVERITIES[x[0] % 3];
  if (kind === undefined || severity === undefined) throw new Error(`Stored issue kind ${x[0]} is unknown.`);
  return [SEVERITY_CODE[severity], kind, fieldOf(x[1]), ...x.slice(2)];
}

/**
 * Stored issues back as objects; issues stored as objects (before this encoding) stay as they are.
 * `caseRows`: the case's source rows, which issues stored with rows 0 are about. `texts`: the texts
 * its stored rows, products and phones hold (namableTextsOfRow), which an issue's texts may name.
 */
export function decodeIssues(json: string, caseRows?: readonly number[], texts?: NamableTexts): IssueInput[] {
  return storedTuples(json).map((x) => decodeIssue(x, caseRows, texts));
}

/**
 * The stored issues of the severities asked for, each with its place among all of the case's issues
 * (its id, see issues-repo.ts): the others are not decoded (an error report's cases hold three fixes
 * each, and decoding a fix may read the case's rows and products for its texts). `perSeverity`: the
 * first that many of each severity, the rest left undecoded (a case of 100,000 rows holds 600,000).
 */
export function decodeIssuesOf(
  json: string,
  severities: ReadonlySet<IssueInput['severity']>,
  caseRows?: readonly number[],
  texts?: NamableTexts,
  perSeverity = Infinity,
): { at: number; issue: IssueInput }[] {
  const out: { at: number; issue: IssueInput }[] = [];
  const taken = { error: 0, warning: 0, fix: 0 };
  storedTuples(json).forEach((x, at) => {
    const severity = storedSeverity(x);
    // Every severity is still read past the cap: an unknown one fails here as it would uncapped.
    if (!severities.has(severity) || taken[severity] >= perSeverity) return;
    taken[severity]++;
    out.push({ at, issue: decodeIssue(x, caseRows, texts) });
  });
  return out;
}

/** The severity of one stored issue, in any of its forms, read without decoding the rest. */
function storedSeverity(x: unknown): IssueInput['severity'] {
  const stored: unknown = Array.isArray(x) ? x[0] : (x as { severity?: unknown } | null)?.severity;
  const severity = Array.isArray(x)
    ? typeof stored === 'number'
      ? SEVERITIES[stored % 3]
      : typeof stored === 'string' && Object.hasOwn(SEVERITY_OF, stored)
        ? SEVERITY_OF[stored as keyof typeof SEVERITY_OF]
        : undefined
    : SEVERITIES.find((s) => s === stored);
  // Never left out unread: a value no version wrote is a store to look at, not an issue to skip.
  if (severity === undefined) throw new Error(`Stored issue severity ${String(stored)} is unknown.`);
  return severity;
}

function decodeIssue(x: unknown, caseRows: readonly number[] | undefined, texts: NamableTexts | undefined): IssueInput {
  if (!Array.isArray(x)) return x as IssueInput;
  const text = (value: unknown): unknown => {
    if (typeof value !== 'number') return value;
    const found = texts?.at ? texts.at(value) : texts?.()[value];
    if (found === undefined) throw new Error(`A stored fix names text ${value} of its case: decode it with the case's stored rows, products and phones.`);
    return found;
  };
  const tuple = inStringForm(x);
  const [s, kind, field, stored, fifth, sixth] = tuple as ['e' | 'w' | 'f', string, string, number[] | 0, unknown, unknown];
  if (stored === 0 && caseRows === undefined) throw new Error("Stored issues name their case's rows: decode them with those rows.");
  const rows = stored === 0 ? [...(caseRows as readonly number[])] : stored;
  const params = tuple.length === 6 ? { before: text(fifth), after: text(sixth) } : decodeParams(fifth, text);
  const before = typeof params.before === 'string' ? params.before : undefined;
  const after = typeof params.after === 'string' ? params.after : undefined;
  const issue: IssueInput = { severity: SEVERITY_OF[s], kind, field, rows, params };
  if (before !== undefined) issue.before = before;
  if (after !== undefined) issue.after = after;
  return issue;
}

/**
 * The columns a case's issues are kept in (see migration 4); its kinds as tokens (migration 16).
 * With the case's source rows, issues about exactly those rows store 0 for them (decode with the same).
 * With `texts` (namableTexts of the raw rows, products and phones stored in the same row, asked for only
 * when an issue has a text), a fix's before or after, or a text param, found among them is stored as its
 * place there: most are a raw cell, a stored value or a stored phone.
 */
export function issueColumns(issues: readonly IssueInput[] = [], caseRows?: readonly number[], texts?: NamableTexts) {
  let errors = 0;
  let warnings = 0;
  let fixes = 0;
  const kinds = new Set<string>();
  for (const i of issues) {
    if (i.severity === 'error') errors += 1;
    else if (i.severity === 'warning') warnings += 1;
    else fixes += 1;
    kinds.add(kindToken(i.kind));
  }
  return { json: encodeIssues(issues, caseRows, texts), errors, warnings, fixes, kinds: kinds.size ? ` ${[...kinds].join(' ')} ` : '' };
}
