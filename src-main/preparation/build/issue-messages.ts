// What preparation tells the agent, in Spanish and English. One entry per kind of issue.

export type Severity = 'error' | 'warning' | 'fix';

/**
 * An issue as kept with its case: what and where, plus the values its message is made from.
 * The words (Spanish and English) are rendered when shown (describeIssue): 100,000 cases carry
 * about 450,000 issues, and storing two sentences for each cost more than everything else.
 */
export interface PreparedIssue {
  severity: Severity;
  /** Case field: code, first_name, last_name, phones, products[i].debt, … */
  field: string;
  /** Spreadsheet rows (1-based) the issue comes from. */
  rows: number[];
  kind: IssueKind;
  params: Record<string, unknown>;
  before?: string;
  after?: string;
}

type Text = { es: string; en: string };

/** Machine reasons of the normalizers, in words. */
const REASONS: Record<string, Text> = {
  empty: { es: 'vacío', en: 'empty' },
  'not-a-number': { es: 'no es un número', en: 'not a number' },
  negative: { es: 'negativo', en: 'negative' },
  impossible: { es: 'esa fecha no existe', en: 'no such date' },
  unreadable: { es: 'no se entiende como fecha', en: 'not readable as a date' },
  extension: { es: 'es un interno', en: 'it is an extension' },
  junk: { es: 'no es un teléfono', en: 'not a phone number' },
  'no-area-code': { es: 'falta el código de área', en: 'no area code' },
  invalid: { es: 'no es un número válido', en: 'not a valid number' },
  duplicate: { es: 'repetido', en: 'repeated' },
};
const reason = (why: string, lang: 'es' | 'en') => REASONS[why]?.[lang] ?? why;

/** What a dropped phone piece's message says; the reasons of numbers that cannot be real name their values. */
type PhoneDropParams = {
  before: string;
  why: string;
  same?: string;
  pattern?: string;
  area?: string | null;
  subscriber?: string;
  digits?: number;
  needed?: number;
  national?: string;
};

function phoneReason(p: PhoneDropParams): Text {
  switch (p.why) {
    case 'duplicate':
      return p.same === undefined
        ? { es: reason('duplicate', 'es'), en: reason('duplicate', 'en') }
        : { es: `es el mismo número que ${p.same}, escrito de otra forma`, en: `the same number as ${p.same}, written another way` };
    case 'placeholder':
      return p.pattern === 'sequence'
        ? { es: 'es un número de relleno: dígitos seguidos, como 1234567', en: 'a placeholder: a run of digits, like 1234567' }
        : { es: 'es un número de relleno: el mismo dígito repetido', en: 'a placeholder: one digit repeated' };
    case 'subscriber-starts-0-1': {
      const first = p.subscriber?.[0] ?? '0';
      return p.area
        ? { es: `después del código de área ${p.area} ningún número empieza con ${first}`, en: `no number starts with ${first} after area code ${p.area}` }
        : { es: `después del código de área ningún número empieza con ${first}`, en: `no number starts with ${first} after the area code` };
    }
    case 'too-short-after-15':
      return p.area
        ? {
            es: `sin el 15 le quedan ${p.digits} cifras y con el código de área ${p.area} hacen falta ${p.needed}`,
            en: `without the 15 it has ${p.digits} digits left; area code ${p.area} needs ${p.needed}`,
          }
        : {
            es: `sin el 15 le quedan ${p.digits} cifras; hacen falta al menos ${p.needed}`,
            en: `without the 15 it has ${p.digits} digits left; at least ${p.needed} are needed`,
          };
    case 'unknown-area-code':
      return { es: 'no empieza con ningún código de área de Argentina', en: 'it does not start with any Argentine area code' };
    default:
      return { es: reason(p.why, 'es'), en: reason(p.why, 'en') };
  }
}

/** The do-not-contact ledger's reasons (see preparation/ledger), in words. */
const LEDGER_REASON_WORDS: Record<string, Text> = {
  'debtor-asked': { es: 'lo pidió el deudor', en: 'the debtor asked' },
  'wrong-number': { es: 'número equivocado', en: 'wrong number' },
  deceased: { es: 'fallecido', en: 'deceased' },
  legal: { es: 'en trámite legal', en: 'legal proceedings' },
  'creditor-instruction': { es: 'instrucción del acreedor', en: "creditor's instruction" },
  other: { es: 'otro motivo', en: 'other reason' },
};
const ledgerReason = (why: string): Text => LEDGER_REASON_WORDS[why] ?? { es: why, en: why };
const ledgerName = (source: 'own' | 'shared'): Text =>
  source === 'shared'
    ? { es: 'la lista de no contactar de la organización', en: "the organization's do-not-contact list" }
    : { es: 'la lista de no contactar', en: 'the do-not-contact list' };

const FIELDS: Record<string, Text> = {
  first_name: { es: 'Nombre', en: 'First name' },
  last_name: { es: 'Apellido', en: 'Last name' },
  phones: { es: 'Teléfonos', en: 'Phones' },
  status: { es: 'Estado', en: 'Status' },
  case: { es: 'Caso', en: 'Case' },
  code: { es: 'Código', en: 'Code' },
  debt_code: { es: 'nro. de operación', en: 'debt code' },
  pid: { es: 'producto', en: 'product' },
  sub_id: { es: 'subproducto', en: 'sub-product' },
  debt: { es: 'saldo', en: 'amount' },
  expiration: { es: 'vencimiento', en: 'due date' },
};

/** "products[1].debt" → "Producto 2, saldo": field paths in the agent's words. */
function fieldLabel(field: string, lang: 'es' | 'en'): string {
  const product = /^products\[(\d+)\]\.(\w+)$/.exec(field);
  if (product) return `${lang === 'es' ? 'Producto' : 'Product'} ${Number(product[1]) + 1}, ${FIELDS[product[2] ?? '']?.[lang] ?? product[2]}`;
  return FIELDS[field]?.[lang] ?? field;
}

const MESSAGES = {
  'phone-fixed': (p: { before: string; after: string }): Text => ({
    es: `Teléfono "${p.before}" corregido a ${p.after}`,
    en: `Phone "${p.before}" corrected to ${p.after}`,
  }),
  'phone-dropped': (p: PhoneDropParams): Text => {
    const why = phoneReason(p);
    return { es: `Se descartó "${p.before}" (${why.es})`, en: `"${p.before}" was dropped (${why.en})` };
  },
  'phone-duplicate': (p: { phone: string }): Text => ({ es: `Teléfono ${p.phone} repetido; se dejó uno`, en: `Phone ${p.phone} repeated; one kept` }),
  'no-valid-phones': (_p: Record<string, never>): Text => ({ es: 'El caso no tiene ningún teléfono válido', en: 'The case has no valid phone' }),
  'too-many-phones': (p: { kept: number; total: number }): Text => ({
    es: `El caso tiene ${p.total} teléfonos; la campaña admite ${p.kept} y se usan los primeros`,
    en: `The case has ${p.total} phones; the campaign takes ${p.kept}, the first ones are used`,
  }),
  'name-differs': (p: { field: string; first: string; other: string }): Text => ({
    es: `${p.field} distinto en otra fila ("${p.other}"); se usa "${p.first}"`,
    en: `${p.field} differs in another row ("${p.other}"); "${p.first}" is used`,
  }),
  'name-missing': (p: { field: string }): Text => ({ es: `Falta ${p.field}`, en: `${p.field} is missing` }),
  'amount-fixed': (p: { before: string; after: string }): Text => ({
    es: `Importe "${p.before}" leído como ${p.after}`,
    en: `Amount "${p.before}" read as ${p.after}`,
  }),
  'amount-ambiguous': (p: { before: string; after: string }): Text => ({
    es: `Importe "${p.before}" es ambiguo; se leyó como ${p.after}: verifíquelo`,
    en: `Amount "${p.before}" is ambiguous; read as ${p.after}: check it`,
  }),
  'amount-invalid': (p: { before: string; why: string }): Text => ({
    es: `Importe "${p.before}" no válido (${reason(p.why, 'es')})`,
    en: `Amount "${p.before}" is not valid (${reason(p.why, 'en')})`,
  }),
  'date-fixed': (p: { before: string; after: string }): Text => ({
    es: `Fecha "${p.before}" leída como ${p.after}`,
    en: `Date "${p.before}" read as ${p.after}`,
  }),
  'date-invalid': (p: { before: string; why: string }): Text => ({
    es: `Fecha "${p.before}" no válida (${reason(p.why, 'es')})`,
    en: `Date "${p.before}" is not valid (${reason(p.why, 'en')})`,
  }),
  'product-field-missing': (p: { field: string }): Text => ({ es: `Falta ${p.field} del producto`, en: `The product's ${p.field} is missing` }),
  'service-rule': (p: { detail: string }): Text => ({ es: `El servicio lo rechazaría: ${p.detail}`, en: `The service would reject it: ${p.detail}` }),
  'cuit-check-digit': (p: { code: string; expected: number | null }): Text =>
    p.expected === null
      ? {
          es: `El código ${p.code} parece un CUIT/CUIL, pero ningún dígito verificador sirve con esos primeros diez dígitos: verifíquelo`,
          en: `Code ${p.code} looks like a CUIT/CUIL, but no check digit fits its first ten digits: check it`,
        }
      : {
          es: `El código ${p.code} parece un CUIT/CUIL, pero su dígito verificador debería ser ${p.expected}: verifíquelo`,
          en: `Code ${p.code} looks like a CUIT/CUIL, but its check digit should be ${p.expected}: check it`,
        },
  'dni-out-of-range': (p: { code: string; value: number }): Text => ({
    es: `El código ${p.code} parece un DNI, pero ${p.value} es menor que 1.000.000: verifíquelo`,
    en: `Code ${p.code} looks like a DNI, but ${p.value} is below 1,000,000: check it`,
  }),
  // Stored by batches prepared before duplicate-in-campaign replaced it: their words stay readable.
  'already-uploaded': (p: { campaign: number; batch: number }): Text => ({
    es: `Este código ya se cargó en la campaña ${p.campaign} (lote ${p.batch})`,
    en: `This code was already loaded to campaign ${p.campaign} (batch ${p.batch})`,
  }),
  'duplicate-other-batch': (p: { batch: number }): Text => ({
    es: `Este código también está en el lote ${p.batch}, todavía sin cargar: el deudor se llamaría dos veces`,
    en: `This code is also in batch ${p.batch}, not uploaded yet: the debtor would be called twice`,
  }),
  'duplicate-in-campaign': (p: { campaign: number; batch: number | null }): Text =>
    p.batch === null
      ? {
          es: `La campaña ${p.campaign} ya tiene este código (según sus resultados descargados); la carga lo saltea salvo que elija cargarlo de nuevo`,
          en: `Campaign ${p.campaign} already holds this code (its downloaded results show it); the upload skips it unless you choose to load it again`,
        }
      : {
          es: `La campaña ${p.campaign} ya tiene este código (cargado desde el lote ${p.batch}); la carga lo saltea salvo que elija cargarlo de nuevo`,
          en: `Campaign ${p.campaign} already holds this code (loaded from batch ${p.batch}); the upload skips it unless you choose to load it again`,
        },
  'shared-phone': (p: { phone: string; debtors: number }): Text => ({
    es: `El teléfono ${p.phone} lo tienen ${p.debtors} deudores distintos de este lote: ¿un conmutador o un número de relleno?`,
    en: `Phone ${p.phone} is shared by ${p.debtors} different debtors of this batch: a switchboard or a placeholder?`,
  }),
  'suppressed-phone': (p: { phone: string; reason: string; entry: number; source: 'own' | 'shared' }): Text => ({
    es: `El teléfono ${p.phone} está en ${ledgerName(p.source).es} (${ledgerReason(p.reason).es}); se quitó del caso`,
    en: `Phone ${p.phone} is on ${ledgerName(p.source).en} (${ledgerReason(p.reason).en}); it was taken off the case`,
  }),
  'suppressed-code': (p: { reason: string; entry: number; source: 'own' | 'shared' }): Text => ({
    es: `Este código está en ${ledgerName(p.source).es} (${ledgerReason(p.reason).es}); el caso no se carga`,
    en: `This code is on ${ledgerName(p.source).en} (${ledgerReason(p.reason).en}); the case is not loaded`,
  }),
  'suppressed-no-phones': (p: { count: number }): Text => ({
    es: `Todos los teléfonos del caso (${p.count}) están en la lista de no contactar; no se lo puede llamar y no se carga`,
    en: `Every phone of the case (${p.count}) is on the do-not-contact list; it cannot be called and is not loaded`,
  }),
  'ledger-released': (_p: { before: string; after: string }): Text => ({
    es: 'Una entrada de la lista de no contactar se quitó o venció: lo que había retenido vuelve al caso',
    en: 'A do-not-contact entry was removed or has expired: what it held back is back in the case',
  }),
  edited: (p: { field: string; before: string; after: string }): Text => ({
    es: `${fieldLabel(p.field, 'es')} editado: "${p.before}" → "${p.after}"`,
    en: `${fieldLabel(p.field, 'en')} edited: "${p.before}" → "${p.after}"`,
  }),
} as const;

export type IssueKind = keyof typeof MESSAGES;

/** Every kind of issue preparation makes (the renderer has a name for each). */
export const ISSUE_KINDS = Object.keys(MESSAGES) as IssueKind[];

export function issue<K extends IssueKind>(
  severity: Severity,
  kind: K,
  field: string,
  rows: number[],
  params: Parameters<(typeof MESSAGES)[K]>[0],
  change?: { before?: string; after?: string },
): PreparedIssue {
  // Built field by field (no spread): 100,000 cases make about 450,000 of these.
  const made: PreparedIssue = { severity, kind, field, rows, params: params as Record<string, unknown> };
  if (change?.before !== undefined) made.before = change.before;
  if (change?.after !== undefined) made.after = change.after;
  return made;
}

/** An issue in words. Issues stored before their words were rendered late keep their own. */
export function describeIssue<
  T extends { kind: string; params?: Record<string, unknown> | undefined; messageEs?: string | undefined; messageEn?: string | undefined },
>(i: T): T & { messageEs: string; messageEn: string } {
  if (i.messageEs !== undefined && i.messageEn !== undefined) return { ...i, messageEs: i.messageEs, messageEn: i.messageEn };
  const render = MESSAGES[i.kind as IssueKind] as ((p: unknown) => Text) | undefined;
  const text = render ? render(i.params ?? {}) : { es: i.kind, en: i.kind };
  return { ...i, messageEs: text.es, messageEn: text.en };
}

/** Row-level problems: rows that cannot become part of any case. */
export interface RowError {
  row: number;
  kind: 'no-code' | 'unreadable';
  messageEs: string;
  messageEn: string;
}

export function noCodeRowError(row: number, codeHeader: string): RowError {
  return {
    row,
    kind: 'no-code',
    messageEs: `Fila ${row}: tiene datos pero no tiene código de caso (columna "${codeHeader}"); ¿es una fila de totales?`,
    messageEn: `Row ${row}: it has data but no case code (column "${codeHeader}"); is it a totals row?`,
  };
}
