// Settings and saved column-mapping templates.
import type { Db } from './store';

export function getSetting<T>(db: Db, key: string, fallback: T): T {
  const row = db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as { value_json: string } | undefined;
  return row ? (JSON.parse(row.value_json) as T) : fallback;
}

export function setSetting(db: Db, key: string, value: unknown): void {
  db.prepare('INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json').run(
    key,
    JSON.stringify(value),
  );
}

export interface MappingTemplateRow {
  id: number;
  creditor: string;
  headerSignature: string;
  mapping: unknown;
}

/** Saves (or replaces) the template recognised by a file's header signature. */
export function saveMappingTemplate(db: Db, creditor: string, headerSignature: string, mapping: unknown): number {
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO mapping_templates (creditor, header_signature, mapping_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (header_signature) DO UPDATE SET creditor = excluded.creditor, mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
  ).run(creditor, headerSignature, JSON.stringify(mapping), now, now);
  return (db.prepare('SELECT id FROM mapping_templates WHERE header_signature = ?').get(headerSignature) as { id: number }).id;
}

export function findMappingTemplate(db: Db, headerSignature: string): MappingTemplateRow | null {
  const row = db.prepare('SELECT id, creditor, header_signature, mapping_json FROM mapping_templates WHERE header_signature = ?').get(headerSignature) as
    { id: number; creditor: string; header_signature: string; mapping_json: string } | undefined;
  return row ? { id: row.id, creditor: row.creditor, headerSignature: row.header_signature, mapping: JSON.parse(row.mapping_json) } : null;
}

export function listMappingTemplates(db: Db): MappingTemplateRow[] {
  const rows = db.prepare('SELECT id, creditor, header_signature, mapping_json FROM mapping_templates ORDER BY creditor, id').all() as {
    id: number;
    creditor: string;
    header_signature: string;
    mapping_json: string;
  }[];
  return rows.map((row) => ({ id: row.id, creditor: row.creditor, headerSignature: row.header_signature, mapping: JSON.parse(row.mapping_json) }));
}
