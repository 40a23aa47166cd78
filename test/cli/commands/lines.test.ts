// The CLI's lines for a person that a run against the emulator seldom reaches (a key kept in the
// keychain, a ledger row whose code is empty, a follow-up whose cases were uploaded elsewhere…), in
// both languages; a value from a file or the service stays printable.
import { describe, expect, it } from 'vitest';
import type { LedgerRowProblem } from '../../../src-main/domain/ledger';
import type { PrepareSummary } from '../../../src-main/preparation/preparation-types';
import type { FollowupSummary } from '../../../src-main/results/case-outcome';
import { prepareReport } from '../../../src-main/cli/commands/batches';
import { followupReport } from '../../../src-main/cli/commands/followup';
import { describePlan } from '../../../src-main/cli/commands/lifecycle';
import { downloadLine } from '../../../src-main/cli/commands/results-run';
import { whoLine } from '../../../src-main/cli/commands/session';
import { rowProblemLine } from '../../../src-main/cli/commands/suppress';

describe('a row suppress import did not take', () => {
  const row = (code: LedgerRowProblem['code'], params: Record<string, string> = {}, column: string | null = 'B'): LedgerRowProblem => ({
    code,
    file: 'lista\u001b[2J.xlsx',
    sheet: 'Hoja\u202e1',
    row: 7,
    column,
    params,
  });

  it('says where and what in Spanish, every value from the file printable', () => {
    expect(rowProblemLine(row('code-empty', { value: ' ' }), 'es')).toBe(
      'casedesk: lista\\u001b[2J.xlsx, hoja "Hoja\\u202e1", fila 7, columna B: el código de caso queda vacío al limpiarlo.\n',
    );
    expect(rowProblemLine(row('phone-invalid', { value: '4444', why: 'too-short' }), 'es')).toBe(
      'casedesk: lista\\u001b[2J.xlsx, hoja "Hoja\\u202e1", fila 7, columna B: no es un teléfono válido (too-short).\n',
    );
    expect(rowProblemLine(row('no-phone-or-code', {}, null), 'es')).toBe(
      'casedesk: lista\\u001b[2J.xlsx, hoja "Hoja\\u202e1", fila 7: sin teléfono ni código.\n',
    );
  });

  it('and in English', () => {
    expect(rowProblemLine(row('code-empty', { value: ' ' }), 'en')).toBe(
      'casedesk: lista\\u001b[2J.xlsx, sheet "Hoja\\u202e1", row 7, column B: the case code is empty once cleaned.\n',
    );
    expect(rowProblemLine(row('until-invalid', { value: 'mañana\n', why: 'unreadable' }), 'en')).toBe(
      'casedesk: lista\\u001b[2J.xlsx, sheet "Hoja\\u202e1", row 7, column B: the "until" date "mañana\\u000a" is not valid (unreadable).\n',
    );
  });
});

describe('what wipe says of the data key', () => {
  const plan = (key: 'keychain' | 'key-file' | 'none') => ({ dataDir: '/datos', entries: [], others: [], key });

  it('in Spanish', () => {
    expect(describePlan(plan('keychain'), false, 'es')).toBe(
      'Carpeta de datos /datos:\n  no hay nada de CaseDesk en ella\n  clave de datos: en el llavero de este usuario, se olvidará\n',
    );
    expect(describePlan(plan('keychain'), true, 'es')).toContain('  clave de datos: en el llavero de este usuario, olvidada\n');
    expect(describePlan(plan('key-file'), false, 'es')).toContain('  clave de datos: en un archivo de clave de su carpeta de configuración, se olvidará\n');
    expect(describePlan(plan('key-file'), true, 'es')).toContain('  clave de datos: en un archivo de clave de su carpeta de configuración, olvidada\n');
    expect(describePlan(plan('none'), true, 'es')).toContain('  clave de datos: no se guarda ninguna para esta carpeta\n');
  });

  it('in English', () => {
    expect(describePlan(plan('keychain'), false, 'en')).toBe(
      "Data folder /datos:\n  nothing of CaseDesk is in it\n  data key: in this user's keychain, to be forgotten\n",
    );
    expect(describePlan(plan('keychain'), true, 'en')).toContain("  data key: in this user's keychain, forgotten\n");
    expect(describePlan(plan('key-file'), false, 'en')).toContain('  data key: in a key file in your configuration folder, to be forgotten\n');
    expect(describePlan(plan('key-file'), true, 'en')).toContain('  data key: in a key file in your configuration folder, forgotten\n');
    expect(describePlan(plan('none'), true, 'en')).toContain('  data key: none is kept for this folder\n');
  });
});

describe('the other lines', () => {
  it('whoami words a session that expired', () => {
    const status = { environment: 'production' as const, signedIn: false, state: 'expired' as const, email: 'ana@x\u001b[2J', baseUrl: null };
    expect(whoLine(status, 'es')).toBe('ana@x\\u001b[2J en production (vencida)\n');
    expect(whoLine(status, 'en')).toBe('ana@x\\u001b[2J on production (expired)\n');
  });

  it('a download names its phases in --lang, the campaign fetch not among them', () => {
    const phases = [
      { phase: 'campaign' as const, done: 1, total: 1 },
      { phase: 'cases' as const, done: 3, total: 6 },
      { phase: 'calls' as const, done: 4, total: null },
      { phase: 'recordings' as const, done: 2, total: null },
    ];
    expect(downloadLine(phases, 'es')).toBe('casos 3/6 · llamadas 4 · grabaciones 2');
    expect(downloadLine(phases, 'en')).toBe('cases 3/6 · calls 4 · recordings 2');
  });

  const prepared: PrepareSummary = {
    batchId: 5,
    cases: 3,
    ready: 2,
    rejected: 1,
    warnings: 0,
    fixes: 4,
    rowErrors: 0,
    sheet: 'Deudores\u001b[2J',
    headerRow: 1,
    mappingSource: 'template',
    suppressed: { cases: 0, phones: 2 },
    duplicates: 0,
  } as PrepareSummary;

  it("prepare names where its mapping came from, and the file's sheet printable", () => {
    expect(prepareReport(prepared, 'es').split('\n')[0]).toBe(
      'Lote 5: 3 caso(s) de la hoja "Deudores\\u001b[2J" (encabezado en la fila 1, mapeo de la plantilla)',
    );
    expect(prepareReport({ ...prepared, mappingSource: 'file' }, 'en').split('\n')[0]).toBe(
      'Batch 5: 3 case(s) from sheet "Deudores\\u001b[2J" (header on row 1, file mapping)',
    );
  });

  it('a follow-up says how many matching cases were not uploaded from here, and what the ledger kept out', () => {
    const followup = { ...prepared, mappingSource: 'batch', followup: { fromBatches: [2, 3], notFound: 4 } } as unknown as FollowupSummary;
    expect(followupReport(followup, 9, 'es')).toBe(
      'Lote 5: 3 caso(s) de la campaña 9 para seguimiento (del lote 2, 3, con su mapeo)\n' +
        '  listos 2, rechazados 1, advertencias 0, correcciones automáticas 4, errores de fila 0\n' +
        '  no contactar: 0 caso(s) suprimidos, 2 teléfono(s) quitados\n' +
        '  4 caso(s) que coinciden no se cargaron desde este equipo y no están en él\n',
    );
    expect(followupReport(followup, 9, 'en')).toBe(
      'Batch 5: 3 case(s) of campaign 9 to follow up (from batch 2, 3, its mapping)\n' +
        '  ready 2, rejected 1, warnings 0, automatic fixes 4, row errors 0\n' +
        '  do not contact: 0 case(s) suppressed, 2 phone(s) taken off\n' +
        '  4 matching case(s) were not uploaded from this computer and are not in it\n',
    );
  });
});
