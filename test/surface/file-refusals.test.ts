// A file preparation refuses crosses the surface with its stable code and where it is (params):
// screens and scripts decide on the code, never on the words, and word it in their language.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { formatFailure } from '../../src-main/domain/failures/failure';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-refusals-'));
const ctx = createAppContext({ dataDir: dir });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function prepare(name: string, bytes: Uint8Array) {
  const surface = createSurface(ctx);
  const received = await surface.call('files:receive', { name, base64: Buffer.from(bytes).toString('base64') });
  if (!received.ok) throw new Error(received.error.message);
  return surface.call('batches:prepare', { environment: 'demo', fileId: received.value.fileId, maxPhonePriority: 2 });
}

describe('a refused file at the surface', () => {
  it('says why as a code and names the file', async () => {
    const answer = await prepare('foto.xlsx', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0]));
    expect(answer).toMatchObject({ ok: false, error: { code: 'read.not_a_spreadsheet', params: { file: 'foto.xlsx' } } });
    expect(!answer.ok && formatFailure('es', answer.error.code, answer.error.params)).toBe('foto.xlsx no es una planilla ni un archivo de texto.');
  });

  it('names the row and column of a cell past the limit', async () => {
    const csv = `DNI;Nombre;Telefono\n20123456;${'x'.repeat(40_000)};3514567890\n`;
    const answer = await prepare('largo.csv', new Uint8Array(Buffer.from(csv)));
    expect(answer).toMatchObject({ ok: false, error: { code: 'read.cell_too_long', params: { file: 'largo.csv', row: 2, column: 'B' } } });
  });
});
