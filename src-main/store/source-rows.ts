// The rows a case was built from, kept only where its raw rows do not say them (migration 33): each
// packed raw row starts with its row number, so a case whose source rows are those numbers, in that
// order, leaves source_rows_json '' (a 1,000,000-row file's row numbers were 9 bytes a case). A query
// reads the column through sourceRowsSql, which gives the same JSON either way; a reader that parses
// the raw rows anyway, through sourceRowsOf.

/** The source_rows_json a case stores: '' when its packed raw rows name the same rows, in order. */
export function storedSourceRows(sourceRows: readonly number[], raw: readonly unknown[]): string {
  if (raw.length === 0 || raw.length !== sourceRows.length) return JSON.stringify(sourceRows);
  // A loop, not every(): every() skips the holes of a sparse list, which JSON writes as null.
  for (let n = 0; n < raw.length; n++) {
    const r: unknown = raw[n];
    if (!Array.isArray(r) || !Number.isInteger(r[0]) || r[0] !== sourceRows[n]) return JSON.stringify(sourceRows);
  }
  return '';
}

/** A case's source rows as JSON, stored or said by its raw rows, for a SELECT (`alias`: its table's, or ''). */
export function sourceRowsSql(alias = ''): string {
  const col = (name: string) => `${alias ? `${alias}.` : ''}${name}`;
  return (
    `(CASE WHEN ${col('source_rows_json')} <> '' THEN ${col('source_rows_json')} ` +
    `ELSE (SELECT json_group_array(json_extract(r.value, '$[0]')) FROM json_each(${col('raw_json')}) AS r) END)`
  );
}

/**
 * A case's source rows from its stored column and its raw rows already parsed, as sourceRowsSql gives
 * them, for a reader that parses the raw rows anyway (SQLite's json_each cost the error report 1.5 s a
 * million cases). '' is stored only when every raw row starts with its row number (storedSourceRows).
 */
export function sourceRowsOf(stored: string, raw: readonly unknown[]): number[] {
  if (stored !== '') return JSON.parse(stored) as number[];
  return raw.map((r) => (r as readonly number[])[0] as number);
}
