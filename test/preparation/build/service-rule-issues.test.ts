// The service's own rules, checked last in preparation, catch what slipped past the normalizers: the
// case is rejected with the rule's code and values, worded in the agent's language like every issue.
import { describe, expect, it, vi } from 'vitest';
import { buildCases, type PrepareSettings } from '../../../src-main/preparation/build/build-cases';
import { formatIssueText } from '../../../src-main/domain/issue-texts/issue-text';
import { issueText } from '../../../src-main/domain/issue-texts/wording';
import type { ColumnMapping } from '../../../src-main/domain/mapping-file';
import { decodeIssues, issueColumns } from '../../../src-main/store/issue-codec';
import type * as Normalize from '../../../src-main/preparation/normalize';

/** A normalizer that lets one written number through as it is: what the rules are the last guard against. */
const SLIPS = 'SLIPS 15 4567-8901';
vi.mock('../../../src-main/preparation/normalize', async (importOriginal) => {
  const real = await importOriginal<typeof Normalize>();
  return {
    ...real,
    normalizePhoneCell: (cell: Parameters<typeof real.normalizePhoneCell>[0], options: Parameters<typeof real.normalizePhoneCell>[1]) =>
      cell === SLIPS ? { phones: [{ value: '1545678901', original: SLIPS, changes: [] }], dropped: [] } : real.normalizePhoneCell(cell, options),
  };
});

const HEADERS = ['DNI', 'Nombre', 'Apellido', 'Tel', 'Operación', 'Producto', 'Saldo', 'Vencimiento'];
const MAPPING: ColumnMapping = {
  code: 'DNI',
  first_name: 'Nombre',
  last_name: 'Apellido',
  phones: ['Tel'],
  debt_code: 'Operación',
  pid: 'Producto',
  debt: 'Saldo',
  expiration: 'Vencimiento',
};
const SETTINGS: PrepareSettings = { decimalSeparator: ',', dateOrder: 'DMY', maxPhonePriority: 2 };

describe('a case that breaks a service rule', () => {
  const prepare = (phone: string) => {
    const { cases } = buildCases([HEADERS, ['20111222', 'Ana', 'Pérez', phone, 'OP-1', 'Tarjeta', '1500,00', '31/12/2026']], 0, HEADERS, MAPPING, SETTINGS);
    return cases[0];
  };

  it('is rejected with the rule code and its values, not a sentence', () => {
    const c = prepare(SLIPS);
    expect(c?.status).toBe('rejected');
    expect(c?.issues.filter((i) => i.kind === 'service-rule')).toEqual([
      {
        severity: 'error',
        kind: 'service-rule',
        field: 'phone_settings.phone_list[0]',
        rows: [2],
        params: { rule: 'phone.mobile_prefix', path: 'phone_settings.phone_list[0]', phone: '1545678901' },
      },
    ]);
  });

  it('reads in Spanish in Spanish, with no English sentence in it, also as the store keeps it', () => {
    const [stored] = decodeIssues(issueColumns(prepare(SLIPS)?.issues.filter((i) => i.kind === 'service-rule')).json);
    expect(stored).toBeDefined();
    const es = formatIssueText('es', issueText(stored!));
    expect(es).toBe('El servicio lo rechazaría: el teléfono 1545678901 empieza con el 15 de los celulares, sin código de área');
    expect(es).not.toMatch(/must|prefix|start|phone_settings/);
    expect(formatIssueText('en', issueText(stored!))).toBe('The service would reject it: phone 1545678901 starts with the mobile prefix 15, with no area code');
  });

  it('is not raised for a number the normalizer read', () => {
    expect(prepare('011 4567-8901')?.issues.filter((i) => i.kind === 'service-rule')).toEqual([]);
  });
});
