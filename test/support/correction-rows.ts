// Rows of a corrected error report's cases sheet, as a test writes many of them: one product each.
import { CORRECTION_HEADERS } from '../../src-main/preparation/corrections-sheet';

export const CORRECTION_HEADER_ROW: unknown[] = [...CORRECTION_HEADERS];

/** Row i of a report whose codes start at `firstCode`, `rowsPerCase` rows a case (the amount differs by row). */
export function correctionRows(count: number, firstCode: number, rowsPerCase = 1): unknown[][] {
  return Array.from({ length: count }, (_, i) => [
    String(firstCode + Math.floor(i / rowsPerCase)),
    'Ana',
    'Pérez',
    '011 4567-8901',
    `OP-${i}`,
    'Tarjeta',
    '',
    100 + i,
    '28/02/2027',
    'rejected',
    '',
  ]);
}
