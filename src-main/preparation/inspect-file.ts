// A first look at a creditor's file, for the wizard: sheets, header row, headers, a preview of the
// data, suggested columns, and a saved template when this creditor's layout is known.
import { findMappingTemplate, type Store } from '../store';
import { findHeaderRow, headerNames, headerSignature } from './mapping/headers';
import { MappingFile } from '../domain/mapping-file';
import { KNOWN_HEADERS, suggestMapping } from './mapping/suggest';
import type { FileInspection, SourceFile } from './preparation-types';
import { readRowTable, type Cell } from './reading/read-table';

export type { FileInspection } from './preparation-types';

const asText = (c: Cell | undefined) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c));

/**
 * A cell as an Argentine reads it in the preview: a date cell day first (10/12/2026), a number cell with
 * a decimal comma (152340,5; no thousands dots, which would make a phone 1.145.678.901). Text as it is.
 */
export function previewText(c: Cell | undefined): string {
  if (c instanceof Date) return c.toISOString().slice(0, 10).split('-').reverse().join('/');
  return typeof c === 'number' ? String(c).replace('.', ',') : asText(c);
}

export async function inspectFile(store: Store, file: SourceFile, opts: { sheet?: string; headerRow?: number } = {}): Promise<FileInspection> {
  // A text file's rows are split as they are counted: the wizard looks at a million-row CSV too.
  const table = await readRowTable(file.bytes, file.name);
  const sheet =
    (opts.sheet ? table.sheets.find((s) => s.name === opts.sheet) : undefined) ??
    table.sheets.find((s) => findHeaderRow(s.rows, KNOWN_HEADERS) !== null) ??
    table.sheets[0];
  const rows = sheet?.rows ?? [];
  const headerIndex = opts.headerRow !== undefined ? opts.headerRow - 1 : findHeaderRow(rows, KNOWN_HEADERS);
  const headers = headerIndex === null ? [] : headerNames(rows.at(headerIndex) ?? []);
  // Every data row is counted; only the first 20 are kept, for the preview.
  const data: (readonly Cell[])[] = [];
  let dataRows = 0;
  for (let r = headerIndex === null ? rows.length : Math.max(0, headerIndex + 1); r < rows.length; r++) {
    const row = rows.at(r) ?? [];
    if (!row.some((c) => asText(c).trim() !== '')) continue;
    dataRows += 1;
    if (data.length < 20) data.push(row);
  }
  const suggestion = suggestMapping(headers);
  const saved = headers.length > 0 ? findMappingTemplate(store.db, headerSignature(headers)) : null;
  const parsed = saved ? MappingFile.safeParse(saved.mapping) : null;
  return {
    fileName: table.fileName,
    format: table.format,
    sheets: table.sheets.map((s) => s.name),
    sheet: sheet?.name ?? '',
    headerRow: headerIndex === null ? null : headerIndex + 1,
    headers,
    preview: data.map((r) => headers.map((_, i) => previewText(r[i]))),
    dataRows,
    suggestion: suggestion.columns,
    unmapped: suggestion.unmapped,
    template: saved && parsed?.success ? { creditor: saved.creditor, mapping: parsed.data } : null,
  };
}
