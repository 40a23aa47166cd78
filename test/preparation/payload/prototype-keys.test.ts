// Product codes, case codes, params and product_info keys are creditors' data: "__proto__",
// "constructor" and "prototype" are ordinary values from the file to the JSON the service receives.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadEntry } from '../../../src-main/preparation/build/build-cases';
import { MappingFile } from '../../../src-main/domain/mapping-file';
import { uploadChunks } from '../../../src-main/preparation/payload/upload-chunks';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { pageBatchCases } from '../../../src-main/store';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import { sourceFile } from '../../support/source-file';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-proto-keys-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const FILE = join(dir, 'cartera.csv');
writeFileSync(
  FILE,
  [
    'DNI;Nombre;Apellido;Telefono;Operacion;Producto;Saldo;Vencimiento;Empresa;Cuotas',
    '__proto__;Ana;Pérez;3514567890;OP-1;__proto__;1500,00;31/12/2026;Banco Sur;3',
    'constructor;Luis;Gómez;3514567891;OP-2;constructor;200,00;31/12/2026;Banco Sur;6',
    'C3;Eva;Ruiz;3514567892;OP-3;prototype;10,00;31/12/2026;Banco Sur;1',
    'C3;Eva;Ruiz;3514567892;OP-4;__proto__;20,00;31/12/2026;Banco Sur;2',
  ].join('\n'),
);

// As read from a mapping file: JSON.parse makes "__proto__" an ordinary own key.
const MAPPING = `{"columns": {"code": "DNI", "first_name": "Nombre", "last_name": "Apellido", "phones": ["Telefono"],
  "debt_code": "Operacion", "pid": "Producto", "debt": "Saldo", "expiration": "Vencimiento",
  "params": {"company_name": "Empresa", "__proto__": "Empresa"}, "product_info": {"cuotas": "Cuotas", "constructor": "Cuotas"}},
  "decimal_separator": ",", "date_order": "DMY"}`;

/** The upload body the batch makes, as the service would parse it. */
async function payloadOf(batchId: number): Promise<Record<string, { params: Record<string, unknown> }>> {
  const answer = await surface.call('batches:payload', { batchId });
  if (!answer.ok) throw new Error(answer.error.message);
  return JSON.parse(answer.value.json) as Record<string, { params: Record<string, unknown> }>;
}

const own = (obj: unknown, key: string) => (Object.hasOwn(obj as object, key) ? (obj as Record<string, unknown>)[key] : undefined);

describe('keys that are also JavaScript property names', () => {
  it('reach the upload body as ordinary keys: case codes, product codes, params and product_info', async () => {
    const mapping = MappingFile.parse(JSON.parse(MAPPING));
    const summary = await prepareBatch(ctx.store, sourceFile(FILE), { environment: 'demo', mapping, maxPhonePriority: 2, creditor: 'Banco Sur' });
    expect(summary).toMatchObject({ cases: 3, ready: 3 });
    const body = await payloadOf(summary.batchId);
    expect(Object.keys(body).sort()).toEqual(['C3', '__proto__', 'constructor']);

    const proto = own(body, '__proto__') as { params: Record<string, unknown> };
    expect(own(proto.params, '__proto__')).toBe('Banco Sur');
    expect(own(proto.params, 'company_name')).toBe('Banco Sur');
    expect(own(proto.params.product_info, '__proto__')).toEqual({ cuotas: '3', constructor: '3' });
    expect(Object.keys(proto.params.product_info as object)).toEqual(['__proto__']);

    const ctor = own(body, 'constructor') as { params: Record<string, unknown> };
    expect(own(ctor.params.product_info, 'constructor')).toEqual({ cuotas: '6', constructor: '6' });

    const c3 = own(body, 'C3') as { params: Record<string, unknown> };
    expect(Object.keys(c3.params.product_info as object).sort()).toEqual(['__proto__', 'prototype']);
    expect(own(c3.params.product_info, '__proto__')).toEqual({ cuotas: '2', constructor: '2' });
    expect(own(c3.params.product_info, 'prototype')).toEqual({ cuotas: '1', constructor: '1' });

    // The upload engine's chunks carry the same body.
    const [chunk] = [...uploadChunks(pageBatchCases(ctx.store.db, summary.batchId, { limit: 10 }).map((c) => [c.code, uploadEntry(c)] as const))];
    expect(JSON.parse(chunk?.json ?? '{}')).toEqual(body);
    expect(own(own(JSON.parse(chunk?.json ?? '{}'), '__proto__'), 'params')).toEqual(proto.params);
  });

  it('survive the saved template: the next file of the creditor maps the same', async () => {
    const summary = await prepareBatch(ctx.store, sourceFile(FILE), { environment: 'demo', maxPhonePriority: 2 });
    expect(summary.mappingSource).toBe('template');
    const body = await payloadOf(summary.batchId);
    const proto = own(body, '__proto__') as { params: Record<string, unknown> };
    expect(own(proto.params, '__proto__')).toBe('Banco Sur');
    expect(own(proto.params.product_info, '__proto__')).toEqual({ cuotas: '3', constructor: '3' });
  });
});
