// Column suggestions from header names, Spanish and English.
import type { ColumnMapping } from '../../domain/mapping-file';
import { normalizeHeader } from './headers';

type SingleField = 'code' | 'first_name' | 'last_name' | 'full_name' | 'debt_code' | 'pid' | 'sub_id' | 'debt' | 'expiration';

/** Normalized header words for each field, most specific first. */
const SYNONYMS: Record<SingleField | 'phone', string[]> = {
  code: [
    'dni',
    'documento',
    'nro documento',
    'numero de documento',
    'nro doc',
    'doc',
    'cuit',
    'cuil',
    'codigo',
    'codigo cliente',
    'cod cliente',
    'id cliente',
    'id',
    'cliente id',
    'customer id',
    'code',
    'case code',
  ],
  full_name: ['apellido y nombre', 'apellido y nombres', 'nombre y apellido', 'nombre completo', 'razon social', 'full name', 'name'],
  first_name: ['nombre', 'nombres', 'primer nombre', 'first name', 'firstname', 'given name'],
  last_name: ['apellido', 'apellidos', 'last name', 'lastname', 'surname', 'family name'],
  phone: [
    'telefono',
    'tel',
    'telefono 1',
    'telefono 2',
    'telefono 3',
    'tel 1',
    'tel 2',
    'tel 3',
    'celular',
    'cel',
    'movil',
    'telefono celular',
    'telefono fijo',
    'fijo',
    'telefono alternativo',
    'tel alternativo',
    'phone',
    'phone 1',
    'phone 2',
    'mobile',
    'cell',
    'whatsapp',
  ],
  debt_code: [
    'nro operacion',
    'numero de operacion',
    'n operacion',
    'operacion',
    'nro cuenta',
    'cuenta',
    'nro credito',
    'credito',
    'nro prestamo',
    'contrato',
    'debt code',
    'account',
    'operation',
  ],
  pid: ['producto', 'tipo producto', 'producto descripcion', 'product', 'pid'],
  sub_id: ['subproducto', 'sub producto', 'plan', 'sub id', 'subproduct'],
  debt: ['saldo', 'deuda', 'importe', 'monto', 'saldo deudor', 'deuda total', 'importe adeudado', 'monto adeudado', 'saldo total', 'balance', 'debt', 'amount'],
  expiration: ['vencimiento', 'fecha vencimiento', 'fecha de vencimiento', 'vto', 'fecha vto', 'fecha mora', 'due date', 'expiration', 'expiry'],
};

const PHONE_WORDS = new Set(['tel', 'telefono', 'telefonos', 'cel', 'celular', 'movil', 'phone', 'mobile', 'cell', 'whatsapp', 'fijo']);

export const KNOWN_HEADERS: ReadonlySet<string> = new Set(Object.values(SYNONYMS).flat());

function matchScore(header: string, synonym: string): number {
  if (header === synonym) return 3;
  // "telefono celular 2" still names a phone; "nombre" inside "apellido y nombre" must not count.
  if (header.startsWith(`${synonym} `) && /^[\s\dnro°]*$/.test(header.slice(synonym.length))) return 2;
  return 0;
}

export interface Suggestion {
  columns: Partial<ColumnMapping>;
  /** Headers nothing claimed: candidates for params. */
  unmapped: string[];
}

/** Best guess of a mapping from headers; every header is used at most once. */
export function suggestMapping(headers: readonly string[]): Suggestion {
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const columns: Partial<ColumnMapping> = {};
  const claim = (field: SingleField) => {
    let best: { index: number; score: number; rank: number } | null = null;
    normalized.forEach((h, index) => {
      if (taken.has(index)) return;
      SYNONYMS[field].forEach((synonym, rank) => {
        const score = matchScore(h, synonym);
        if (score > 0 && (!best || score > best.score || (score === best.score && rank < best.rank))) best = { index, score, rank };
      });
    });
    if (best === null) return;
    const { index } = best;
    taken.add(index);
    const header = headers[index];
    if (header !== undefined) columns[field] = header;
  };
  for (const field of ['code', 'full_name', 'first_name', 'last_name', 'debt_code', 'sub_id', 'pid', 'debt', 'expiration'] as const) claim(field);
  if (columns.first_name && columns.last_name) delete columns.full_name;
  else if (columns.full_name) {
    delete columns.first_name;
    delete columns.last_name;
  }
  const phones: string[] = [];
  normalized.forEach((h, index) => {
    if (taken.has(index)) return;
    // "Tel. Particular", "Teléfono laboral", "Celular 2": a phone word first names a phone column.
    if (SYNONYMS.phone.some((s) => matchScore(h, s) > 0) || PHONE_WORDS.has(h.split(' ')[0] ?? '')) {
      taken.add(index);
      const header = headers[index];
      if (header !== undefined) phones.push(header);
    }
  });
  if (phones.length > 0) columns.phones = phones;
  return { columns, unmapped: headers.filter((_, i) => !taken.has(i)) };
}
