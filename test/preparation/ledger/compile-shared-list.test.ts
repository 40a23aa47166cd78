// The organization's list compiled for lookup: a text list streamed a block at a time gives the
// entries and row problems a whole read gives, wherever the blocks cut it, and a lookup finds each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSharedList, type ListBytes } from '../../../src-main/preparation/ledger/compile-shared-list';
import { readLedgerFile } from '../../../src-main/preparation/ledger/read-ledger-file';
import { compileEntries, sharedListLookup, sortedOrder } from '../../../src-main/preparation/ledger/shared-list';
import { createHash } from 'node:crypto';

const ADDED = '2026-11-20T10:00:00.000Z';

function bytesOf(name: string, text: string | Uint8Array): ListBytes & { bytes: Uint8Array } {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return {
    name,
    size: bytes.length,
    bytes,
    async read(into, position) {
      const part = bytes.subarray(position, position + into.length);
      into.set(part);
      return part.length;
    },
  };
}

/** What the list gives read whole, compiled the same way. */
async function wholeRead(name: string, bytes: Uint8Array) {
  const contents = await readLedgerFile({ name, bytes: bytes.slice() }, { defaultReason: 'other' });
  const list = compileEntries(
    contents.entries.map((e) => ({ ...e, id: e.row })),
    ADDED,
  );
  return { ...list, problemCount: new Set(contents.problems.map((p) => p.row)).size, problems: contents.problems.slice(0, 100) };
}

const CSV = [
  'Lista de no llamar - Registro provincial',
  '',
  'Teléfono;DNI;Motivo;Hasta;Acreedor',
  '011 4444-5555;;no llamar;;',
  '"+54 9 11 4444-6666";30.000.001;judicial;31/12/2027;Banco del Sur',
  ';20-30000002-0;;;',
  '4444-5555;;;;',
  '1144445555;;fallecido;;',
  '"351 456-7890 ; casa";;;;',
  ';;;;',
  '2614445555;;motivo raro;;',
].join('\r\n');

describe('compileSharedList', () => {
  it.each([
    ['with quoted cells', CSV],
    ['without a quote (cut line by line, not by papaparse)', CSV.replace(/"/g, '')],
  ])('gives what a whole read gives, wherever the blocks cut the records: %s (property)', async (_what, text) => {
    const expected = await wholeRead('lista.csv', new TextEncoder().encode(text));
    expect(expected.phones.length).toBeGreaterThan(2);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 80 }), async (blockBytes) => {
        const source = bytesOf('lista.csv', text);
        const { list, sha256 } = await compileSharedList(source, { defaultReason: 'other', addedAt: ADDED, blockBytes });
        expect(list).toEqual(expected);
        expect(sha256).toBe(createHash('sha256').update(source.bytes).digest('hex'));
      }),
      { numRuns: 40, seed: 26 },
    );
  });

  it('reads a plain text list of one number per line, with no header', async () => {
    const text = ['1145678901', '+54 9 351 456-7890', '', 'sin número', '2614445555', '1145678901'].join('\n') + '\n';
    const { list } = await compileSharedList(bytesOf('no-llame.txt', text), { defaultReason: 'debtor-asked', addedAt: ADDED, blockBytes: 7 });
    const lookup = sharedListLookup(list);
    // Listed twice with the same terms: one entry, the first row.
    expect([...lookup.phoneEntries('1145678901')].map((e) => e.id)).toEqual([1]);
    expect([...lookup.phoneEntries('3514567890')]).toEqual([
      { id: 2, source: 'shared', kind: 'phone', value: '3514567890', reason: 'debtor-asked', until: null, creditor: null, addedBy: '', addedAt: ADDED },
    ]);
    expect([...lookup.phoneEntries('1100000000')]).toEqual([]);
    expect(list.problemCount).toBe(1);
    expect(list.problems[0]).toMatchObject({ code: 'phone-invalid', row: 4, column: 'A', file: 'no-llame.txt' });
  });

  it('reads a Latin-1 list as a whole read would', async () => {
    // "Teléfono" in Windows-1252: é is one byte, 0xE9, which is no UTF-8.
    const bytes = Uint8Array.from('Teléfono;Motivo\n1145678901;fallecido\n', (c) => c.charCodeAt(0));
    const { list } = await compileSharedList(bytesOf('lista.csv', bytes), { addedAt: ADDED, blockBytes: 5 });
    expect([...sharedListLookup(list).phoneEntries('1145678901')]).toMatchObject([{ reason: 'deceased', id: 2 }]);
  });

  it('finds a listed person by any spelling of their code, and refuses a record with no line break where one belongs', async () => {
    const { list } = await compileSharedList(bytesOf('dni.csv', 'DNI\n30.000.001\n20-30000003-8\n'), { addedAt: ADDED });
    const lookup = sharedListLookup(list);
    expect([...lookup.codeEntries('30000001')]).toMatchObject([{ value: '30.000.001', id: 2 }]);
    expect([...lookup.codeEntries('30000003')]).toMatchObject([{ value: '20-30000003-8', id: 3 }]);
    const endless = 'Teléfono\n' + '1'.repeat(200_000);
    await expect(compileSharedList(bytesOf('x.csv', endless), { addedAt: ADDED, blockBytes: 65_536 })).rejects.toMatchObject({ code: 'read.cell_too_long' });
  });
});

describe('sortedOrder', () => {
  it('orders positions by value, equal values in their order, as a stable sort does (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })), { maxLength: 300 }), (values) => {
        const order = sortedOrder(Uint32Array.from(values), values.length);
        const expected = values
          .map((v, i) => [v, i] as const)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1])
          .map(([, i]) => i);
        expect([...order]).toEqual(expected);
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});

describe('compileSharedList on a list kept carelessly (review findings)', () => {
  const numbers = (n: number, from = 1140000000) => Array.from({ length: n }, (_, i) => String(from + i));

  it('refuses a list where a quote opens a cell that never closes, at every block size: the rows after it are never dropped silently', async () => {
    const rows = numbers(300).map((p, i) => (i === 150 ? `${p};"Pérez` : `${p};nota`));
    const text = ['Teléfono;Nota', ...rows].join('\n') + '\n';
    for (const blockBytes of [64, 1000, 1 << 20])
      await expect(compileSharedList(bytesOf('lista.csv', text), { addedAt: ADDED, blockBytes })).rejects.toMatchObject({ code: 'read.unclosed_quote' });
  });

  it('takes a quote inside a cell as a letter, as papaparse does', async () => {
    const text = ['Teléfono;Nota', '1140000000;Pe"rez', '1140000001;ok'].join('\n') + '\n';
    const { list } = await compileSharedList(bytesOf('lista.csv', text), { addedAt: ADDED, blockBytes: 7 });
    expect(list.phones.length).toBe(2);
  });

  it('reads every number of a Windows list appended to with Unix line breaks (and the other way round)', async () => {
    const windows = numbers(100).join('\r\n') + '\r\n';
    const unix = numbers(50, 1150000000).join('\n') + '\n';
    for (const [text, blockBytes] of [
      [windows + unix, 33],
      [unix + windows, 1 << 20],
      [numbers(20).join('\r') + '\r', 5],
    ] as const) {
      const { list } = await compileSharedList(bytesOf('no-llame.txt', text), { addedAt: ADDED, blockBytes });
      expect(list.problemCount).toBe(0);
      expect(list.phones.length).toBe(text.split(/\r\n|\r|\n/).filter((l) => l !== '').length);
    }
  });

  it('reads a list with a byte-order mark and one Latin-1 byte (the mark is no header)', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...Array.from('Teléfono;Motivo\n1145678901;otro\n', (c) => c.charCodeAt(0))]);
    const { list } = await compileSharedList(bytesOf('lista.csv', bytes), { addedAt: ADDED, blockBytes: 4 });
    expect([...sharedListLookup(list).phoneEntries('1145678901')]).toHaveLength(1);
  });
});

describe('a phone listed many times', () => {
  it('is kept once per terms, the first row naming it, whatever order the copies come in', () => {
    const e = (id: number, creditor: string | null) => ({ id, kind: 'phone' as const, value: '1145678901', reason: 'other' as const, until: null, creditor });
    const list = compileEntries([e(2, 'A'), e(3, null), e(4, 'A'), e(5, null), ...Array.from({ length: 1000 }, (_, i) => e(6 + i, 'A'))]);
    expect([...sharedListLookup(list).phoneEntries('1145678901')].map((x) => [x.id, x.creditor])).toEqual([
      [2, 'A'],
      [3, null],
    ]);
  });
});

describe('compileSharedList against a hostile list', () => {
  it('refuses a list that gives every row its own creditor (its terms, one object each, filled the memory)', async () => {
    // Past the most distinct terms (1,000,000): 4,000,000 rows like these (79 MB) held 577 MB of them.
    const N = 1_000_010;
    const lines = ['Telefono;Acreedor'];
    for (let i = 0; i < N; i++) lines.push(`11${40_000_000 + i};A${i}`);
    const source = bytesOf('lista.csv', lines.join('\n'));
    lines.length = 0;
    await expect(compileSharedList(source, { defaultReason: 'other', addedAt: ADDED })).rejects.toMatchObject({
      code: 'read.too_many_terms',
      params: { file: 'lista.csv', limit: 1_000_000 },
    });
  }, 120_000);

  it('refuses a list whose distinct creditors hold more text than the bound, however few', async () => {
    const long = 'x'.repeat(30_000);
    const count = Math.ceil((64 * 1024 * 1024) / long.length) + 10;
    const lines = ['Telefono;Acreedor'];
    for (let i = 0; i < count; i++) lines.push(`11${40_000_000 + i};${i}${long}`);
    const source = bytesOf('lista.csv', lines.join('\n'));
    lines.length = 0;
    await expect(compileSharedList(source, { defaultReason: 'other', addedAt: ADDED })).rejects.toMatchObject({ code: 'read.too_many_terms' });
  }, 120_000);
});
