// A phone five or more different debtors share is warned of on each of their cases (preparation's
// rule, find-duplicates.ts). The warnings follow the agent's edits, bulk fixes and imported
// corrections in the same write: a phone left with four debtors loses them on every case, one that
// reaches five gets them on all, and the counts the batch list shows follow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORRECTIONS_SHEET, CORRECTION_HEADERS } from '../../../src-main/preparation/corrections-sheet';
import { workbookBytes } from '../../../src-main/exports/xlsx-writer';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { AppContext } from '../../../src-main/surface/app-context-types';
import { createSurface, type Surface } from '../../../src-main/surface/surface';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-phone-edits-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'DNI;Nombre;Apellido;Teléfono;Nro Operación;Producto;Saldo;Vencimiento';
const row = (code: string, name: string, phone: string) => `${code};${name};Pérez;${phone};OP-${code};Tarjeta;1500,00;31/12/2026`;
const SWITCHBOARD = '1143334444';
const FAMILY = '3514567890';
// Five debtors on a switchboard, four on one home line, and Nora on her own.
const FILE = [
  ...['Ana', 'Luis', 'Eva', 'Juan', 'Sol'].map((name, i) => row(`2010000${i}`, name, '011 4333-4444')),
  ...['Rosa', 'Pedro', 'Marta', 'Iván'].map((name, i) => row(`2020000${i}`, name, '351 456-7890')),
  row('20300000', 'Nora', '0261 555-1234'),
];

async function callOn(surface: Surface, name: Parameters<Surface['call']>[0], input: object): Promise<unknown> {
  const answer = await surface.call(name, input as never);
  if (!answer.ok) throw new Error(`${name}: ${answer.error.code}`);
  return answer.value;
}

/** The file prepared on a store of its own (the same codes in another batch would be duplicates), and how the renderer reads it. */
async function prepared(rows: string[] = FILE) {
  const ctx = createAppContext({ dataDir: join(dir, String(contexts.length)) });
  contexts.push(ctx);
  const surface = createSurface(ctx);
  const call = (name: Parameters<Surface['call']>[0], input: object) => callOn(surface, name, input) as Promise<never>;
  const csv = [HEADER, ...rows].join('\n');
  const { fileId } = await call('files:receive', { name: 'cartera.csv', base64: Buffer.from(csv).toString('base64') });
  const { batchId } = (await call('batches:prepare', { environment: 'demo', fileId, maxPhonePriority: 1 })) as { batchId: number };
  const cases = async () => (await call('batches:cases', { batchId, limit: 1000 })) as { id: number; code: string; status: string; phones: string[] }[];
  const idOf = async (code: string) => (await cases()).find((c) => c.code === code)?.id ?? 0;
  /** Code → the phones its shared-phone warnings name, with their count of debtors. */
  const warned = async () => {
    const { issues } = (await call('batches:issuePage', { batchId, afterCaseId: 0, cases: 1000 })) as {
      issues: { code: string | null; kind: string; text: { params: { phone: string; debtors: number } } }[];
    };
    const out: Record<string, string[]> = {};
    for (const i of issues) if (i.kind === 'shared-phone') (out[i.code ?? ''] ??= []).push(`${i.text.params.phone}×${i.text.params.debtors}`);
    return out;
  };
  /** What the batch list shows of it, and the warnings its header counts. */
  const counts = async () => {
    const listed = ((await call('batches:list', { environment: 'demo' })) as { id: number; counts: Record<string, number> }[]).find((b) => b.id === batchId);
    const got = (await call('batches:get', { batchId })) as { issues: { warnings: number } };
    return { ready: listed?.counts.ready, warning: listed?.counts.warning, warnings: got.issues.warnings };
  };
  const edit = async (code: string, changes: Record<string, unknown>) => call('batches:editCase', { batchId, caseId: await idOf(code), changes });
  return { batchId, cases, warned, counts, edit, call };
}

const fiveOn = (phone: string, debtors: number, codes: string[]) => Object.fromEntries(codes.map((c) => [c, [`${phone}×${debtors}`]]));
const SWITCHBOARD_CODES = ['20100000', '20100001', '20100002', '20100003', '20100004'];
const FAMILY_CODES = ['20200000', '20200001', '20200002', '20200003'];

describe('shared-phone warnings follow the edits', () => {
  it('a phone left with four debtors loses its warning on the other four, and the counts follow', async () => {
    const b = await prepared();
    expect(await b.warned()).toEqual(fiveOn(SWITCHBOARD, 5, SWITCHBOARD_CODES));
    expect(await b.counts()).toEqual({ ready: 5, warning: 5, warnings: 5 });

    await b.edit('20100004', { phones: ['0261 444-1111'] });
    expect(await b.warned()).toEqual({});
    expect(await b.counts()).toEqual({ ready: 10, warning: 0, warnings: 0 });
    expect((await b.cases()).filter((c) => SWITCHBOARD_CODES.includes(c.code)).map((c) => c.status)).toEqual(Array(5).fill('ready'));
  });

  it('a phone that reaches five debtors gets the warning on all five, and the counts follow', async () => {
    const b = await prepared();
    await b.edit('20300000', { phones: ['351 456-7890'] });
    expect(await b.warned()).toEqual({ ...fiveOn(SWITCHBOARD, 5, SWITCHBOARD_CODES), ...fiveOn(FAMILY, 5, [...FAMILY_CODES, '20300000']) });
    expect(await b.counts()).toEqual({ ready: 0, warning: 10, warnings: 10 });
  });

  it('a sixth debtor updates the count every warning names; one more phone of the edited case is counted too', async () => {
    const b = await prepared();
    await b.edit('20300000', { phones: ['011 4333-4444 / 0261 555-1234'] });
    expect(await b.warned()).toEqual(fiveOn(SWITCHBOARD, 6, [...SWITCHBOARD_CODES, '20300000']));
  });

  it('counts debtors, not codes: renaming one of the five as another leaves four', async () => {
    const b = await prepared();
    await b.edit('20100004', { firstName: 'Ana' });
    expect(await b.warned()).toEqual({});
    await b.edit('20100004', { firstName: 'Sol' });
    expect(await b.warned()).toEqual(fiveOn(SWITCHBOARD, 5, SWITCHBOARD_CODES));
  });

  it('leaving a case out counts nothing again: the number is still the five debtors the creditor gave it to', async () => {
    const b = await prepared();
    await b.edit('20100004', { excluded: true });
    expect(await b.warned()).toEqual(fiveOn(SWITCHBOARD, 5, SWITCHBOARD_CODES));
    expect(await b.counts()).toEqual({ ready: 5, warning: 4, warnings: 5 });
  });

  it('a bulk fix that completes many numbers counts the whole batch again', async () => {
    // Local numbers without their area code: not valid until the bulk fix gives them one. Past 200 phones touched.
    const local = Array.from({ length: 205 }, (_, i) =>
      row(`4000${String(i).padStart(4, '0')}`, `Deudor${i}`, i < 5 ? '4333-4444' : `4${String(i).padStart(3, '0')}-0000`),
    );
    const b = await prepared([...FILE, ...local]);
    expect(Object.keys(await b.warned())).toEqual(SWITCHBOARD_CODES);
    await b.call('batches:bulkFix', { batchId: b.batchId, fix: { kind: 'default-area-code', areaCode: '11' } });
    const after = local.slice(0, 5).map((r) => r.split(';')[0] as string);
    expect(await b.warned()).toEqual(fiveOn(SWITCHBOARD, 10, [...SWITCHBOARD_CODES, ...after]));
  });

  it('imported corrections count the phones they change again', async () => {
    const b = await prepared();
    const corrected = [
      [...CORRECTION_HEADERS],
      ['20100004', 'Sol', 'Pérez', '0261 444-1111', 'OP-20100004', 'Tarjeta', '', '1500,00', '31/12/2026', '', ''],
      ['20300000', 'Nora', 'Pérez', '351 456-7890', 'OP-20300000', 'Tarjeta', '', '1500,00', '31/12/2026', '', ''],
    ];
    const base64 = Buffer.from(await workbookBytes([{ name: CORRECTIONS_SHEET, rows: corrected }])).toString('base64');
    const { fileId } = (await b.call('files:receive', { name: 'corregido.xlsx', base64 })) as { fileId: string };
    await b.call('batches:importCorrections', { batchId: b.batchId, fileId });
    expect(await b.warned()).toEqual(fiveOn(FAMILY, 5, [...FAMILY_CODES, '20300000']));
    expect(await b.counts()).toEqual({ ready: 5, warning: 5, warnings: 5 });
  });
});
