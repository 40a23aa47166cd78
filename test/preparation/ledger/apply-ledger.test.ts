// The ledger's matching, as a table of cases and entries: spellings, expiry, creditor scope.
import { describe, expect, it } from 'vitest';
import { entryApplies, ledgerIndex, matchLedger, sharedHoldsOf, statusAfterLedger, type LedgerScope } from '../../../src-main/preparation/ledger/apply-ledger';
import { isIsoDay, ledgerCode, ledgerPhone, localDay, type LedgerEntry } from '../../../src-main/preparation/ledger/ledger-types';

let nextId = 1;
function entry(kind: LedgerEntry['kind'], written: string, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  const phone = kind === 'phone' ? ledgerPhone(written) : null;
  if (phone && !phone.ok) throw new Error(`not a phone: ${written}`);
  return {
    id: nextId++,
    source: 'own',
    kind,
    value: phone ? phone.value : ledgerCode(written),
    reason: 'debtor-asked',
    until: null,
    creditor: null,
    addedBy: 'ana',
    addedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const scope: LedgerScope = { today: '2026-12-01', creditor: 'Banco del Sur' };
const aCase = { code: '20123456', phones: ['1144445555', '3514567890'], sourceRows: [5, 6] };

describe('ledger phones are written as preparation writes phones', () => {
  it.each([
    ['011 15-4444-5555', '1144445555'],
    ['+54 9 11 4444 5555', '1144445555'],
    ['+5491144445555', '1144445555'],
    ['(011) 4444-5555', '1144445555'],
    ['0351 156-123456', '3516123456'],
    [1144445555, '1144445555'],
  ] as const)('%s → %s', (written, value) => {
    expect(ledgerPhone(written)).toEqual({ ok: true, value });
  });

  it.each([
    ['4444-5555', 'no-area-code'],
    ['sin dato', 'junk'],
    ['11 4444 5555 / 11 4444 6666', 'several-numbers'],
    ['1111111111', 'placeholder'],
  ] as const)('%s is refused (%s)', (written, reason) => {
    expect(ledgerPhone(written)).toEqual({ ok: false, reason });
  });

  it('takes a default area code for numbers written without one', () => {
    expect(ledgerPhone('4444-5555', '11')).toEqual({ ok: true, value: '1144445555' });
  });

  it('cleans codes as case codes are cleaned, and knows real days', () => {
    expect(ledgerCode(' 20123456 ')).toBe('20123456');
    expect(ledgerCode(20123456)).toBe('20123456');
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('30/12/2026')).toBe(false);
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('which entries apply', () => {
  it.each([
    ['no expiry, no creditor', {}, true],
    ['until today (the whole day)', { until: '2026-12-01' }, true],
    ['until tomorrow', { until: '2026-12-02' }, true],
    ['ended yesterday', { until: '2026-11-30' }, false],
    ['this creditor', { creditor: 'Banco del Sur' }, true],
    ['this creditor, typed otherwise', { creditor: '  BANCO DEL  SUR ' }, true],
    ['another creditor', { creditor: 'Financiera Norte' }, false],
  ] as const)('%s → %s', (_what, extra, applies) => {
    expect(entryApplies(entry('phone', '1144445555', extra), scope)).toBe(applies);
  });

  it('a creditor-scoped entry does not apply to a batch whose creditor is unknown', () => {
    expect(entryApplies(entry('code', '1', { creditor: 'Banco del Sur' }), { today: scope.today, creditor: null })).toBe(false);
    expect(entryApplies(entry('code', '1'), { today: scope.today, creditor: null })).toBe(true);
  });
});

describe('matchLedger', () => {
  it('takes a listed phone off the case, with a warning that says why and which entry', () => {
    const listed = entry('phone', '011 15-4444-5555', { reason: 'wrong-number' });
    const m = matchLedger(aCase, ledgerIndex([listed], scope));
    expect(m.phones).toEqual(['3514567890']);
    expect(m.removed).toEqual([{ phone: '1144445555', entry: listed }]);
    expect(m.suppressed).toBe(false);
    expect(m.issues).toEqual([
      {
        severity: 'warning',
        kind: 'suppressed-phone',
        field: 'phones',
        rows: [5, 6],
        params: { phone: '1144445555', reason: 'wrong-number', entry: listed.id, source: 'own' },
      },
    ]);
    expect(statusAfterLedger('ready', m)).toBe('warning');
    expect(statusAfterLedger('rejected', m)).toBe('rejected');
  });

  it('suppresses a case whose code is listed, whatever else it is', () => {
    const listed = entry('code', '20123456', { reason: 'legal', source: 'shared' });
    const m = matchLedger(aCase, ledgerIndex([listed], scope));
    expect(m.code).toBe(listed);
    expect(m.suppressed).toBe(true);
    expect(m.phones).toEqual(aCase.phones);
    expect(m.issues.map((i) => [i.kind, i.params])).toEqual([['suppressed-code', { reason: 'legal', entry: listed.id, source: 'shared' }]]);
    expect(statusAfterLedger('rejected', m)).toBe('suppressed');
  });

  it('suppresses a case left with no phone, saying so', () => {
    const m = matchLedger(aCase, ledgerIndex([entry('phone', '1144445555'), entry('phone', '+54 351 456-7890')], scope));
    expect(m.phones).toEqual([]);
    expect(m.suppressed).toBe(true);
    expect(m.issues.map((i) => i.kind)).toEqual(['suppressed-phone', 'suppressed-phone', 'suppressed-no-phones']);
    expect(m.issues[2]?.params).toEqual({ count: 2 });
  });

  it('ignores expired entries and entries of another creditor', () => {
    const index = ledgerIndex([entry('phone', '1144445555', { until: '2026-11-30' }), entry('code', '20123456', { creditor: 'Otro' })], scope);
    expect(index.empty).toBe(true);
    expect(matchLedger(aCase, index)).toMatchObject({ phones: aCase.phones, removed: [], code: null, suppressed: false, issues: [] });
  });

  it('names the first entry listed when two name the same phone (own entries come first)', () => {
    const own = entry('phone', '1144445555', { reason: 'deceased' });
    const shared = entry('phone', '1144445555', { source: 'shared', reason: 'other' });
    expect(matchLedger(aCase, ledgerIndex([own, shared], scope)).removed[0]?.entry).toBe(own);
  });
});

describe('the shared holds kept while the shared list cannot be read whole', () => {
  const scope: LedgerScope = { today: '2026-12-01', creditor: 'Banco del Sur' };

  it('are the shared entries a case was held by, rebuilt from its issues; own ones are not kept', () => {
    const phone = entry('phone', '1144445555', { source: 'shared', reason: 'legal', creditor: 'Banco del Sur' });
    const code = entry('code', '20123456', { source: 'shared', reason: 'deceased' });
    const own = entry('phone', '1155556666');
    const held = matchLedger({ code: '20123456', phones: ['1144445555', '1155556666'], sourceRows: [2] }, ledgerIndex([phone, code, own], scope));
    const holds = sharedHoldsOf([{ code: '20123456', issues: held.issues }]);
    expect(holds.map(({ kind, value, reason, source, id }) => ({ kind, value, reason, source, id }))).toEqual([
      { kind: 'phone', value: '1144445555', reason: 'legal', source: 'shared', id: phone.id },
      { kind: 'code', value: '20123456', reason: 'deceased', source: 'shared', id: code.id },
    ]);
    // Applied again, they hold the same case the same way (the own entry is read from the store, not kept).
    const again = matchLedger({ code: '20123456', phones: ['1144445555', '1155556666'], sourceRows: [2] }, ledgerIndex(holds, scope));
    expect(again).toMatchObject({ phones: ['1155556666'], suppressed: true });
    expect(again.issues.map((i) => i.kind)).toEqual(['suppressed-phone', 'suppressed-code']);
  });

  it('other issues and unknown reasons: skipped, or kept as "other"', () => {
    const issues = [
      { kind: 'phone-duplicate', params: { phone: '1144445555' } },
      { kind: 'suppressed-no-phones', params: { count: 1 } },
      { kind: 'suppressed-phone', params: { phone: '1144445555', reason: 'unheard-of', entry: 3, source: 'shared' } },
    ];
    expect(sharedHoldsOf([{ code: '1', issues }])).toMatchObject([{ kind: 'phone', value: '1144445555', reason: 'other', id: 3, until: null, creditor: null }]);
  });
});
