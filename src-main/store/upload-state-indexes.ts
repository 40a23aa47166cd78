// The two partial indexes on a case's upload state (migration 32), and the condition a query names
// to read the first. SQLite reads a partial index only for a query whose conditions imply the index's
// own: the cases to send are named by the very terms the index was built on; a query for one
// unsettled state ('in_doubt', 'skipped', 'rejected') implies the second's OR by itself.

/** The cases to send: ready or with warnings, pending or in doubt (batch_cases_to_send's condition). */
export const TO_SEND_SQL = (alias: string): string =>
  `(${alias}.upload_state = 'pending' OR ${alias}.upload_state = 'in_doubt') AND ${alias}.status IN ('ready', 'warning')`;
